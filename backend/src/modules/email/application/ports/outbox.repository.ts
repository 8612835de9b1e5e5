import type { EmailMessage } from '../../domain/email-message';
import type { OutboxEntry } from '../../domain/outbox-entry';

/** Port: the outbox table. */
export abstract class OutboxRepository {
  /** Stores a message as pending, in the caller's transaction when one is open. */
  abstract add(message: EmailMessage): Promise<number>;
  /**
   * Takes up to `limit` due messages for this instance (counting the try), so that no other instance
   * takes them while the lease lasts.
   */
  abstract claimDue(limit: number, leaseMs: number): Promise<OutboxEntry[]>;
  abstract saveOutcome(entry: OutboxEntry): Promise<void>;
}
