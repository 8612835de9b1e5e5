/**
 * The e-mail back office's data (docs/api/back-office.md "E-mail API (issue 6)", CONTRACT §5), from openapi.yaml.
 */
import type * as Api from '../../shared/api/schema';

/** GET /api/email-status. */
export type EmailStatus = Api.EmailStatusResponse;

/** The answer of every send call (test, invitation, custom, resend). */
export type SendResult = Pick<Api.EmailActionResponse, 'success'> & Partial<Pick<Api.CustomEmailResponse, 'message' | 'queued'>>;

export type TestEmailType = Api.TestEmailRequest['type'];

/** POST /api/admin/test-email. */
export type TestEmailRequest = Api.TestEmailRequest;

/** POST /api/admin/send-client-invitation. */
export type InvitationRequest = Api.InvitationRequest;

/** POST /api/admin/send-custom-email. */
export type CustomEmailRequest = Api.CustomEmailRequest;

export type OutboxStatus = Api.OutboxItem['status'];
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'logged', 'failed'] as const satisfies readonly OutboxStatus[];

export type EmailKind = Api.OutboxItem['kind'];
export const EMAIL_KINDS = [
  'welcome',
  'password-reset',
  'project-notification',
  'invitation',
  'custom',
  'test',
  'email-changed',
  'email-verification',
] as const satisfies readonly EmailKind[];

/** A row of GET /api/admin/email-outbox. Dates are ISO-8601 strings. */
export type OutboxEmail = Api.OutboxItem;

/** GET /api/admin/email-outbox/{id}: the row plus the message as stored (html is null when not shown). */
export type OutboxEmailDetail = Api.OutboxDetail;

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
