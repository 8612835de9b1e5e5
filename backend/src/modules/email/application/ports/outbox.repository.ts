import type { EmailMessage } from '../../domain/email-message';
import type { OutboxEntry, OutboxStatus } from '../../domain/outbox-entry';

/** One message body sent alike to many addresses (a custom e-mail): stored once. */
export type SharedMessage = Omit<EmailMessage, 'to'>;

/** Where a stored message is on its way: enough to tell the admin whether it went out. */
export interface DeliveryProgress {
  id: number;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
}

/** Port: the outbox table. */
export abstract class OutboxRepository {
  /** Stores a message as pending, in the caller's transaction when one is open. */
  abstract add(message: EmailMessage): Promise<number>;
  /** Stores one pending message per recipient sharing one body, in the caller's transaction. */
  abstract addToMany(message: SharedMessage, recipients: string[]): Promise<number[]>;
  /**
   * Takes up to `limit` due messages for this instance (counting the try), so that no other instance
   * takes them while the lease lasts.
   */
  abstract claimDue(limit: number, leaseMs: number): Promise<OutboxEntry[]>;
  abstract saveOutcome(entry: OutboxEntry): Promise<void>;
  abstract progress(ids: number[]): Promise<DeliveryProgress[]>;
  /** Puts a failed message back in the queue with its tries counted from 0. */
  abstract requeueFailed(id: number): Promise<'queued' | 'not-failed' | 'missing'>;
}
