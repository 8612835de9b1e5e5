import type { Identifier } from 'react-admin';
import { httpClient } from '../providers/httpClient';
import type {
  ApiToken,
  ApiTokenRequest,
  CreatedApiToken,
  CreatedWebhookEndpoint,
  DeliveryPage,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointChange,
  WebhookEndpointRequest,
} from './types';

type Raw = Record<string, unknown>;

const num = (value: unknown, fallback = 0): number => {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  return Number.isFinite(n) ? n : fallback;
};
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const id = (value: Identifier) => encodeURIComponent(String(value));
const send = (url: string, method: string, body?: unknown) =>
  httpClient(url, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

function toToken(raw: Raw): ApiToken {
  return {
    id: num(raw.id),
    name: String(raw.name ?? ''),
    scope: raw.scope === 'write' ? 'write' : 'read',
    hint: String(raw.hint ?? ''),
    createdAt: String(raw.createdAt ?? ''),
    expiresAt: textOrNull(raw.expiresAt),
    lastUsedAt: textOrNull(raw.lastUsedAt),
  };
}

function toEndpoint(raw: Raw): WebhookEndpoint {
  return {
    id: num(raw.id),
    url: String(raw.url ?? ''),
    events: Array.isArray(raw.events) ? (raw.events.map(String) as WebhookEndpoint['events']) : [],
    description: textOrNull(raw.description),
    enabled: raw.enabled !== false,
    createdAt: String(raw.createdAt ?? ''),
  };
}

export function toDelivery(raw: Raw): WebhookDelivery {
  const status = String(raw.status ?? '');
  return {
    id: num(raw.id),
    eventId: String(raw.eventId ?? ''),
    type: String(raw.type ?? '') as WebhookDelivery['type'],
    status: status === 'succeeded' || status === 'failed' ? status : 'pending',
    attempts: num(raw.attempts),
    lastStatusCode: raw.lastStatusCode === null || raw.lastStatusCode === undefined ? null : num(raw.lastStatusCode),
    lastError: textOrNull(raw.lastError),
    nextAttemptAt: textOrNull(raw.nextAttemptAt),
    createdAt: String(raw.createdAt ?? ''),
  };
}

/** 'webhook-deliveries 0-9/42' -> 42; null when absent or unreadable. */
export function totalFromContentRange(header: string | null): number | null {
  const total = header?.split('/').pop();
  const n = total === undefined || total === '*' ? Number.NaN : Number.parseInt(total, 10);
  return Number.isFinite(n) ? n : null;
}

const list = (json: unknown): Raw[] => (Array.isArray(json) ? (json as Raw[]) : []);

/**
 * The calls of the Integrations page (/admin/integrations), through the admin's httpClient (session
 * cookie; a failure is an HttpError with the server's `message` and `errors`). They are the page's own
 * (its lazy chunk), not spread into the back office's dataProvider.
 */
export const integrationsMethods = {
  /** GET /api/api-tokens: the live tokens, newest first, without secrets. */
  async getApiTokens(): Promise<ApiToken[]> {
    const { json } = await httpClient('/api/api-tokens');
    return list(json).map(toToken);
  },

  /** POST /api/api-tokens: the answer carries the token, once. */
  async createApiToken(request: ApiTokenRequest): Promise<CreatedApiToken> {
    const { json } = await send('/api/api-tokens', 'POST', request);
    const body = (json ?? {}) as Raw;
    return { ...toToken(body), token: String(body.token ?? '') };
  },

  /** DELETE /api/api-tokens/{id}: the token stops working at once. */
  async revokeApiToken(tokenId: Identifier): Promise<void> {
    await send(`/api/api-tokens/${id(tokenId)}`, 'DELETE');
  },

  /** GET /api/webhook-endpoints: newest first, without secrets. */
  async getWebhookEndpoints(): Promise<WebhookEndpoint[]> {
    const { json } = await httpClient('/api/webhook-endpoints');
    return list(json).map(toEndpoint);
  },

  /** POST /api/webhook-endpoints: the answer carries the whsec_ signing secret, once. */
  async createWebhookEndpoint(request: WebhookEndpointRequest): Promise<CreatedWebhookEndpoint> {
    const { json } = await send('/api/webhook-endpoints', 'POST', request);
    const body = (json ?? {}) as Raw;
    return { ...toEndpoint(body), secret: String(body.secret ?? '') };
  },

  /** PATCH /api/webhook-endpoints/{id}: url, events, description or enabled. */
  async updateWebhookEndpoint(endpointId: Identifier, change: WebhookEndpointChange): Promise<WebhookEndpoint> {
    const { json } = await send(`/api/webhook-endpoints/${id(endpointId)}`, 'PATCH', change);
    return toEndpoint((json ?? {}) as Raw);
  },

  /** DELETE /api/webhook-endpoints/{id}. */
  async deleteWebhookEndpoint(endpointId: Identifier): Promise<void> {
    await send(`/api/webhook-endpoints/${id(endpointId)}`, 'DELETE');
  },

  /** POST /api/webhook-endpoints/{id}/test: queues a `ping` event (any 2xx answer is fine). */
  async sendTestEvent(endpointId: Identifier): Promise<void> {
    await send(`/api/webhook-endpoints/${id(endpointId)}/test`, 'POST');
  },

  /** GET /api/webhook-endpoints/{id}/deliveries?range=[start,end]: newest first, total from Content-Range. */
  async getDeliveries(endpointId: Identifier, { start = 0, end = 9 } = {}): Promise<DeliveryPage> {
    const range = encodeURIComponent(JSON.stringify([start, end]));
    const { json, headers } = await httpClient(`/api/webhook-endpoints/${id(endpointId)}/deliveries?range=${range}`);
    const data = list(json).map(toDelivery);
    return { data, total: totalFromContentRange(headers.get('Content-Range')) ?? start + data.length };
  },

  /** POST /api/webhook-deliveries/{id}/retry: tries the delivery again now. */
  async retryDelivery(deliveryId: Identifier): Promise<void> {
    await send(`/api/webhook-deliveries/${id(deliveryId)}/retry`, 'POST');
  },
};

export type IntegrationsMethods = typeof integrationsMethods;

/** The page's calls (its own chunk: the other pages' first load does not carry them). */
export function useIntegrationsApi(): IntegrationsMethods {
  return integrationsMethods;
}
