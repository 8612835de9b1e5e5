import type { WebhookEventType } from './webhook-endpoint';

export type WebhookDeliveryStatus = 'pending' | 'sending' | 'succeeded' | 'failed';

/** CONTRACT §9: tries before a delivery is given up as failed (the admin can still retry it). */
export const MAX_DELIVERY_ATTEMPTS = 8;
/** A receiver has this long to answer; then the try failed. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** Wait before the next try after `attempts` failed tries: WEBHOOK_RETRY_MS, doubled each time. */
export function deliveryRetryDelayMs(attempts: number, firstRetryMs: number): number {
  return firstRetryMs * 2 ** Math.max(0, attempts - 1);
}

/** The event as sent: `{"id": "evt_…", "type", "createdAt", "data"}`. */
export interface WebhookEventBody {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  data: object;
}

/** What one try came to: a status code (any), or no answer at all (`statusCode` null) with the reason. */
export interface DeliveryAttemptResult {
  statusCode: number | null;
  error: string | null;
}

/**
 * One event on its way to one endpoint. Claimed by the worker (counting the try), sent, and then
 * succeeded (a 2xx within the time), scheduled again with back-off, or failed after the last try.
 */
export class WebhookDelivery {
  constructor(
    readonly id: number,
    readonly endpoint: { id: number; url: string; secret: string },
    readonly event: WebhookEventBody,
    /** The event's body as stored: the bytes each try signs and sends. */
    readonly body: string,
    public status: WebhookDeliveryStatus,
    public attempts: number,
    public nextAttemptAt: Date,
    public lastStatusCode: number | null = null,
    public lastError: string | null = null,
    public lastAttemptAt: Date | null = null,
    public deliveredAt: Date | null = null,
  ) {}

  /** Records a try's result: success on a 2xx, otherwise a failed try. */
  attempted(result: DeliveryAttemptResult, now: Date, firstRetryMs: number): void {
    this.lastAttemptAt = now;
    this.lastStatusCode = result.statusCode;
    if (result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300) {
      this.status = 'succeeded';
      this.lastError = null;
      this.deliveredAt = now;
      return;
    }
    this.lastError = (result.error ?? `The receiver answered ${result.statusCode}`).slice(0, 1000);
    if (this.attempts >= MAX_DELIVERY_ATTEMPTS) {
      this.status = 'failed';
    } else {
      this.status = 'pending';
      this.nextAttemptAt = new Date(now.getTime() + deliveryRetryDelayMs(this.attempts, firstRetryMs));
    }
  }
}
