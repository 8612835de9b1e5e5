import type { Identifier } from 'react-admin';
import { httpClient } from '../providers/httpClient';
import type {
  CustomEmailRequest,
  EmailStatus,
  InvitationRequest,
  OutboxEmail,
  OutboxEmailDetail,
  OutboxPage,
  OutboxQuery,
  SendResult,
  TestEmailRequest,
} from './types';

const num = (value: unknown, fallback = 0): number => {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  return Number.isFinite(n) ? n : fallback;
};

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

type Raw = Record<string, unknown>;

export function toOutboxEmail(raw: Raw): OutboxEmail {
  return {
    id: num(raw.id),
    kind: String(raw.kind ?? '') as OutboxEmail['kind'],
    to: String(raw.to ?? ''),
    subject: String(raw.subject ?? ''),
    status: String(raw.status ?? '') as OutboxEmail['status'],
    attempts: num(raw.attempts),
    lastError: textOrNull(raw.lastError),
    serverResponse: textOrNull(raw.serverResponse),
    createdAt: String(raw.createdAt ?? ''),
    sentAt: textOrNull(raw.sentAt),
    nextAttemptAt: textOrNull(raw.nextAttemptAt),
  };
}

function toSendResult(json: unknown): SendResult {
  const body = (json ?? {}) as Raw;
  return {
    success: body.success === true,
    message: typeof body.message === 'string' ? body.message : undefined,
    ...(body.queued !== undefined ? { queued: num(body.queued) } : {}),
  };
}

/** 'email-outbox 0-24/123' -> 123; null when absent or unreadable. */
export function totalFromContentRange(header: string | null): number | null {
  if (!header) return null;
  const total = header.split('/').pop();
  const n = total === undefined || total === '*' ? Number.NaN : Number.parseInt(total, 10);
  return Number.isFinite(n) ? n : null;
}

/** The query string of GET /api/admin/email-outbox: react-admin simple-rest's JSON parameters. */
export function outboxSearch({ page, perPage, q, status }: OutboxQuery): string {
  const start = page * perPage;
  const filter: Record<string, string> = {};
  if (q.trim()) filter.q = q.trim();
  if (status) filter.status = status;
  const params: [string, unknown][] = [
    ['filter', filter],
    ['range', [start, start + perPage - 1]],
    ['sort', ['createdAt', 'DESC']],
  ];
  return params.map(([key, value]) => `${key}=${encodeURIComponent(JSON.stringify(value))}`).join('&');
}

const post = (url: string, body?: unknown) =>
  httpClient(url, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

const id = (value: Identifier) => encodeURIComponent(String(value));

/**
 * The calls of the Email System page (/admin/email). Shaped like the other pages' custom
 * dataProvider methods; every call goes through the admin's httpClient (session cookie, HttpError
 * with the server's `message` and `errors`).
 */
export const emailMethods = {
  /** GET /api/email-status: really connects to the SMTP server (a few seconds at most). */
  async getEmailStatus(): Promise<EmailStatus> {
    const { json } = await httpClient('/api/email-status');
    const body = (json ?? {}) as Raw;
    return {
      // shown as the server says it, even a status or reason openapi.yaml does not list
      status: String(body.status ?? '') as EmailStatus['status'],
      ...(typeof body.reason === 'string' ? { reason: body.reason as EmailStatus['reason'] } : {}),
      ...(typeof body.error === 'string' ? { error: body.error } : {}),
    };
  },

  /** GET /api/user: the signed-in user's e-mail, when the identity lacks it. */
  async getOwnEmail(): Promise<string> {
    const { json } = await httpClient('/api/user');
    return String((json as Raw | null)?.email ?? '');
  },

  /** POST /api/send-test-welcome-email (to the signed-in admin; a POST: it sends an e-mail). */
  async sendTestWelcomeEmail(): Promise<SendResult> {
    const { json } = await post('/api/send-test-welcome-email');
    return toSendResult(json);
  },

  /** POST /api/send-test-project-email (to the signed-in admin; a POST: it sends an e-mail). */
  async sendTestProjectEmail(): Promise<SendResult> {
    const { json } = await post('/api/send-test-project-email');
    return toSendResult(json);
  },

  /** POST /api/admin/test-email {email, type}. */
  async sendTestEmail(request: TestEmailRequest): Promise<SendResult> {
    const { json } = await post('/api/admin/test-email', request);
    return toSendResult(json);
  },

  /** POST /api/admin/send-client-invitation {email, clientName, customMessage?}. */
  async sendClientInvitation(request: InvitationRequest): Promise<SendResult> {
    const { json } = await post('/api/admin/send-client-invitation', request);
    return toSendResult(json);
  },

  /** POST /api/admin/send-custom-email {recipients, subject, htmlContent, sendToAll}. */
  async sendCustomEmail(request: CustomEmailRequest): Promise<SendResult> {
    const { json } = await post('/api/admin/send-custom-email', request);
    return toSendResult(json);
  },

  /** GET /api/admin/email-outbox?filter&range&sort: one page, newest first, total from Content-Range. */
  async getOutbox(query: OutboxQuery): Promise<OutboxPage> {
    const { json, headers } = await httpClient(`/api/admin/email-outbox?${outboxSearch(query)}`);
    const list = Array.isArray(json) ? (json as Raw[]) : [];
    const data = list.map(toOutboxEmail);
    const total = totalFromContentRange(headers.get('Content-Range')) ?? query.page * query.perPage + data.length;
    return { data, total };
  },

  /** GET /api/admin/email-outbox/{id}: the row plus the stored html and text. */
  async getOutboxEmail(emailId: Identifier): Promise<OutboxEmailDetail> {
    const { json } = await httpClient(`/api/admin/email-outbox/${id(emailId)}`);
    const body = (json ?? {}) as Raw;
    return { ...toOutboxEmail(body), html: textOrNull(body.html), text: textOrNull(body.text) };
  },

  /** POST /api/admin/email-outbox/{id}/resend: a failed message goes back to pending. */
  async resendOutboxEmail(emailId: Identifier): Promise<SendResult> {
    const { json } = await post(`/api/admin/email-outbox/${id(emailId)}/resend`);
    return toSendResult(json);
  },
};

export type EmailMethods = typeof emailMethods;

/**
 * The page's calls. They are the page's own (its lazy chunk), not spread into the back office's
 * dataProvider, so the other pages' first load does not carry them.
 */
export function useEmailApi(): EmailMethods {
  return emailMethods;
}
