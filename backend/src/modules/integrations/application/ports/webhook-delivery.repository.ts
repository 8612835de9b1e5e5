import type { WebhookDelivery, WebhookDeliveryStatus } from '../../domain/webhook-delivery';
import type { WebhookEventType } from '../../domain/webhook-endpoint';

/** A delivery as the delivery log shows it; one being sent shows as pending. */
export interface DeliveryView {
  id: number;
  eventId: string;
  type: WebhookEventType;
  status: Exclude<WebhookDeliveryStatus, 'sending'>;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  /** When the next try is due: null once succeeded or failed. */
  nextAttemptAt: Date | null;
  createdAt: Date;
}

/** Port: webhook events and their deliveries (one per endpoint an event goes to). */
export abstract class WebhookDeliveryRepository {
  /** The enabled endpoints subscribed to `type`, in the caller's transaction. */
  abstract subscribers(type: WebhookEventType): Promise<number[]>;
  /** Stores an event (its body as sent) and a pending delivery to each endpoint, in the caller's transaction. */
  abstract addEvent(body: { id: string; type: WebhookEventType; text: string }, endpointIds: number[]): Promise<number[]>;
  /**
   * Takes up to `limit` due deliveries for this instance (counting the try) under a lease: pending ones
   * due by time and ones whose lease ran out, to enabled endpoints with no other delivery in flight.
   */
  abstract claimDue(limit: number, leaseMs: number): Promise<WebhookDelivery[]>;
  abstract saveOutcome(delivery: WebhookDelivery): Promise<void>;
  /** An endpoint's deliveries, newest first, and how many it has. */
  abstract ofEndpoint(endpointId: number, offset: number, limit: number): Promise<{ rows: DeliveryView[]; total: number }>;
  abstract find(id: number): Promise<DeliveryView | null>;
  /** Puts a delivery back in the queue, due now, with its tries counted from 0; not one being sent right now. */
  abstract requeue(id: number): Promise<DeliveryView | 'in-flight' | null>;
}
