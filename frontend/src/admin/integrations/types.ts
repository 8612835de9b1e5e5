/** The Integrations page's shapes (CONTRACT §9): API tokens, webhook endpoints and their deliveries. */

import type * as Api from '../../shared/api/schema';

export type ApiToken = Api.ApiToken;
export type TokenScope = ApiToken['scope'];
/** POST /api/api-tokens's answer: the only time the token itself is shown. */
export type CreatedApiToken = Api.CreatedApiToken;
export type ApiTokenRequest = Api.CreateApiTokenRequest;

/** The events an endpoint may subscribe to, as the API lists them (`ping` is what 'Send test event' sends). */
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
] as const satisfies readonly Api.WebhookEndpoint['events'][number][];

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export type WebhookEndpoint = Api.WebhookEndpoint;
/** POST /api/webhook-endpoints's answer: the only time the signing secret is shown. */
export type CreatedWebhookEndpoint = Api.CreatedWebhookEndpoint;
export type WebhookEndpointRequest = Api.CreateWebhookEndpointRequest;
export type WebhookEndpointChange = Api.UpdateWebhookEndpointRequest;

export type WebhookDelivery = Api.WebhookDelivery;
export type DeliveryStatus = WebhookDelivery['status'];

export interface DeliveryPage {
  data: WebhookDelivery[];
  total: number;
}
