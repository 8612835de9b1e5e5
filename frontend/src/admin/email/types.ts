/**
 * The e-mail back office's data (docs/api/back-office.md "E-mail API (issue 6)", CONTRACT §5).
 */

/** GET /api/email-status. */
export type EmailStatus =
  | { status: 'connected'; reason?: string; error?: string }
  | { status: 'mock'; reason?: 'no_credentials' | string; error?: string }
  | { status: 'error'; reason?: 'authentication_failed' | string; error?: string }
  /** anything else the server might answer is shown as it comes */
  | { status: string; reason?: string; error?: string };

/** The answer of every send call (test, invitation, custom, resend). */
export interface SendResult {
  success: boolean;
  message?: string;
  /** custom e-mail only: how many messages were stored */
  queued?: number;
}

export type TestEmailType = 'welcome' | 'project';

/** POST /api/admin/test-email. */
export interface TestEmailRequest {
  email: string;
  type: TestEmailType;
}

/** POST /api/admin/send-client-invitation. */
export interface InvitationRequest {
  email: string;
  clientName: string;
  customMessage?: string;
}

/** POST /api/admin/send-custom-email. */
export interface CustomEmailRequest {
  recipients: string[];
  subject: string;
  htmlContent: string;
  sendToAll: boolean;
}

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'logged', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const EMAIL_KINDS = ['welcome', 'password-reset', 'project-notification', 'invitation', 'custom', 'test'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** A row of GET /api/admin/email-outbox. Dates are ISO-8601 strings. */
export interface OutboxEmail {
  id: number;
  kind: EmailKind | string;
  to: string;
  subject: string;
  status: OutboxStatus | string;
  attempts: number;
  lastError: string | null;
  serverResponse: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
}

/** GET /api/admin/email-outbox/{id}: the row plus the message as stored (html is null when not shown). */
export interface OutboxEmailDetail extends OutboxEmail {
  html: string | null;
  text: string | null;
}

/** The list parameters of the outbox (react-admin simple-rest style on the wire). */
export interface OutboxQuery {
  /** 0-based */
  page: number;
  perPage: number;
  q: string;
  /** '' = every status */
  status: OutboxStatus | '';
}

export interface OutboxPage {
  data: OutboxEmail[];
  total: number;
}
