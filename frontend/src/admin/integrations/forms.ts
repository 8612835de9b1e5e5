import type { Validator } from '../../shared/forms/validation';
import type { ApiTokenRequest, TokenScope, WebhookEndpoint, WebhookEndpointRequest, WebhookEventType } from './types';

/** The events offered as checkboxes (CONTRACT §9); `ping` is what 'Send test event' sends, on demand. */
export const SUBSCRIBABLE_EVENTS: readonly WebhookEventType[] = [
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
];

/** Expiry choices of a new token, in days; '' = never. */
export const EXPIRY_CHOICES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: '', label: 'Never' },
] as const;

export const TOKEN_NAME_MAX = 100;
export const URL_MAX = 2048;
export const DESCRIPTION_MAX = 200;

export interface TokenFormValues {
  name: string;
  scope: TokenScope;
  expiresInDays: string;
}

export const newTokenValues: TokenFormValues = { name: '', scope: 'read', expiresInDays: '90' };

export const validateToken: Validator<TokenFormValues> = (v) => ({
  name: v.name.trim() ? undefined : 'Name is required',
});

export function toTokenRequest(v: TokenFormValues): ApiTokenRequest {
  const days = Number.parseInt(v.expiresInDays, 10);
  return { name: v.name.trim(), scope: v.scope, ...(Number.isFinite(days) ? { expiresInDays: days } : {}) };
}

export interface EndpointFormValues {
  url: string;
  events: WebhookEventType[];
  description: string;
}

export function endpointFormValues(endpoint?: WebhookEndpoint | null): EndpointFormValues {
  return endpoint
    ? { url: endpoint.url, events: [...endpoint.events], description: endpoint.description ?? '' }
    : { url: '', events: [], description: '' };
}

export const validateEndpoint: Validator<EndpointFormValues> = (v) => ({
  url: !v.url.trim() ? 'URL is required' : /^https?:\/\/\S+$/i.test(v.url.trim()) ? undefined : 'Enter a full URL starting with https://',
  events: v.events.length ? undefined : 'Choose at least one event',
});

export function toEndpointRequest(v: EndpointFormValues): WebhookEndpointRequest {
  return { url: v.url.trim(), events: v.events, description: v.description.trim() || null };
}
