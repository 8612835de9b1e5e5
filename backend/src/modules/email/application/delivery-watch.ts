import { Injectable } from '@nestjs/common';
import { DeliveryProgress, OutboxRepository } from './ports/outbox.repository';

/** How a set of stored messages fared on their first try, for the answer the admin reads. */
export interface DeliverySummary {
  total: number;
  /** Accepted by the mail server. */
  sent: number;
  /** Built by the mock transport and sent nowhere (SMTP_URL unset). */
  logged: number;
  /** Tried and refused, or not tried yet: still in the outbox, to be retried. */
  waiting: number;
  /** The server's answer to the latest refused try, if any. */
  lastError: string | null;
}

const POLL_MS = 100;

/** Whether a message has had its first try, whatever its outcome. */
function settled(p: DeliveryProgress): boolean {
  return p.status === 'sent' || p.status === 'logged' || p.status === 'failed' || (p.status === 'pending' && p.attempts > 0);
}

/**
 * Waits, for a bounded time, until the dispatcher (of this instance or another) has tried each
 * message once. Sending never depends on this wait: it only lets the admin's answer say what happened.
 */
@Injectable()
export class DeliveryWatch {
  constructor(private readonly repository: OutboxRepository) {}

  async firstTries(ids: number[], timeoutMs: number): Promise<DeliverySummary> {
    const deadline = Date.now() + timeoutMs;
    let progress = await this.repository.progress(ids);
    while (!progress.every(settled) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      progress = await this.repository.progress(ids);
    }
    return summarize(progress);
  }
}

export function summarize(progress: DeliveryProgress[]): DeliverySummary {
  const sent = progress.filter((p) => p.status === 'sent').length;
  const logged = progress.filter((p) => p.status === 'logged').length;
  const lastError =
    progress
      .map((p) => p.lastError)
      .filter((e): e is string => !!e)
      .pop() ?? null;
  return { total: progress.length, sent, logged, waiting: progress.length - sent - logged, lastError };
}
