/**
 * The actions the activity log records (CONTRACT §8). A module that changes something a photographer
 * would want to trace later records one of these, in the same transaction as the change.
 */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'auth.2fa_enabled',
  'auth.2fa_disabled',
  'account.password_changed',
  'account.email_changed',
  'client.created',
  'client.updated',
  'client.deleted',
  'service.created',
  'service.updated',
  'service.deleted',
  'project.created',
  'project.updated',
  'project.deleted',
  'project.marked_paid',
  'bundle.created',
  'bundle.updated',
  'bundle.deleted',
  'credits.adjusted',
  'credits.purchased',
  'credits.redeemed',
  'payment.recorded',
  'payment.refunded',
  'email.sent',
  'api_token.created',
  'api_token.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'studio.updated',
  'studio.logo_changed',
  'studio.setup_completed',
  'invoice.updated',
  'invoice.sent',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who did it: an account, or nobody (a visitor, the system, a card provider's webhook). */
export interface AuditActor {
  id: number;
  email: string;
}

export interface AuditEntry {
  action: AuditAction;
  /** What it happened to, e.g. 'project' and its id; both null when it has no single target. */
  targetType: string | null;
  targetId: string | number | null;
  /** One line a photographer reads in the Activity Log, e.g. 'Marked "Wedding" paid'. */
  summary: string;
  /** Defaults to the request's signed-in account (RequestContext); null records no actor. */
  actor?: AuditActor | null;
  /** Defaults to the request's client address. */
  ip?: string | null;
}

/**
 * Port: appends one event to the activity log. Call it inside the TransactionHost transaction of the
 * change it records, so both commit or neither does. Events are never updated or deleted.
 */
export abstract class AuditTrail {
  abstract record(entry: AuditEntry): Promise<void>;
}
