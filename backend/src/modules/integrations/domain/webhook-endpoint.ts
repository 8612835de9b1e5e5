/** The events an endpoint may subscribe to (CONTRACT §9); `ping` is what 'Send test event' sends. */
export const WEBHOOK_EVENTS = [
  'client.created',
  'project.created',
  'project.paid',
  'payment.succeeded',
  'payment.refunded',
  'credits.purchased',
  'credits.redeemed',
  'ping',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export interface WebhookEndpoint {
  id: number;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  enabled: boolean;
  createdAt: Date;
}
