import type { DeliveryAttemptResult } from '../../domain/webhook-delivery';

export interface OutgoingWebhook {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Port: makes one delivery try, a POST of the body. Answers the receiver's status code (any: the caller
 * decides what counts as success), or null and the reason when no answer came: refused address,
 * connection error, no answer within the time. Redirects are not followed. Never throws.
 */
export abstract class WebhookSender {
  abstract send(request: OutgoingWebhook, timeoutMs: number): Promise<DeliveryAttemptResult>;
}
