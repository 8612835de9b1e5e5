/**
 * The events integrators can subscribe to (CONTRACT §9); `ping` is what 'Send test event' sends.
 * `payment.refunded` is sent once refunds exist (CONTRACT §11); the `invoice.*` events come with invoices
 * (CONTRACT §14): `invoice.sent` when the studio e-mails an invoice, `invoice.paid` when nothing is owed on
 * it any more, `invoice.overdue` when an installment's first overdue reminder goes out.
 */
export const WEBHOOK_EVENTS = [
  'client.created',
  'project.created',
  'project.paid',
  'payment.succeeded',
  'payment.refunded',
  'credits.purchased',
  'credits.redeemed',
  'invoice.sent',
  'invoice.paid',
  'invoice.overdue',
  'ping',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/**
 * Port: records a webhook event in the caller's open transaction, so it is kept exactly when the change
 * that caused it is (nothing is lost while a receiver or the app is down, nothing is sent for a change
 * rolled back). `data` is the object as the API shows it; it is only built when some enabled endpoint
 * subscribes to the type, so a change nobody listens to costs one small query. Delivery starts once the
 * transaction commits. Provided by the integrations module (global).
 */
export abstract class WebhookEvents {
  abstract emit(type: Exclude<WebhookEventType, 'ping'>, data: () => Promise<object | null>): Promise<void>;
}

/**
 * Port: a project as the API shows it to the studio (ProjectResponse), read in the caller's transaction,
 * for webhook events raised outside the projects module (payments marking a project paid). Provided by
 * the projects module (global).
 */
export abstract class ProjectSnapshots {
  abstract project(id: number): Promise<object | null>;
}
