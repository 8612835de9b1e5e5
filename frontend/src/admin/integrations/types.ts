/** The Integrations page's shapes (CONTRACT §9): API tokens, webhook endpoints and their deliveries. */

export type TokenScope = 'read' | 'write';

export interface ApiToken {
  id: number;
  name: string;
  scope: TokenScope;
  /** the token's first characters, to tell tokens apart */
  hint: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

/** POST /api/api-tokens's answer: the only time the token itself is shown. */
export interface CreatedApiToken extends ApiToken {
  token: string;
}

export interface ApiTokenRequest {
  name: string;
  scope: TokenScope;
  /** omitted: the token does not expire */
  expiresInDays?: number;
}

/** The events an endpoint may subscribe to, as the backend lists them (`ping` is what 'Send test event' sends). */
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
  createdAt: string;
}

/** POST /api/webhook-endpoints's answer: the only time the signing secret is shown. */
export interface CreatedWebhookEndpoint extends WebhookEndpoint {
  secret: string;
}

export interface WebhookEndpointRequest {
  url: string;
  events: WebhookEventType[];
  description?: string | null;
}

export type WebhookEndpointChange = Partial<WebhookEndpointRequest> & { enabled?: boolean };

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookDelivery {
  id: number;
  eventId: string;
  type: string;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
}

export interface DeliveryPage {
  data: WebhookDelivery[];
  total: number;
}
