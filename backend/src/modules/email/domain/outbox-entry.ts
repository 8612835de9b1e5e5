import type { EmailMessage } from './email-message';

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'logged' | 'failed';

/** Tries before a message is given up as failed; the admin can still resend it. */
export const MAX_SEND_ATTEMPTS = 8;
export const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 10 * 60_000;

/** Wait before the next try after `attempts` failed tries: 5 s, 10 s, 20 s ... at most 10 minutes. */
export function retryDelayMs(attempts: number, firstRetryMs = FIRST_RETRY_MS): number {
  return Math.min(LONGEST_RETRY_MS, firstRetryMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * A message kept in the outbox. It is stored before it is sent; each try is counted;
 * it ends as sent (or logged, by the mock transport) or, after MAX_SEND_ATTEMPTS, failed.
 */
export class OutboxEntry {
  constructor(
    readonly id: number,
    readonly message: EmailMessage,
    public status: OutboxStatus,
    public attempts: number,
    public nextAttemptAt: Date,
    public lastError: string | null,
    public serverResponse: string | null,
    public sentAt: Date | null,
  ) {}

  delivered(response: string, viaMock: boolean, now: Date): void {
    this.status = viaMock ? 'logged' : 'sent';
    this.serverResponse = response.slice(0, 1000);
    this.lastError = null;
    this.sentAt = now;
  }

  /** A failed try: scheduled again with back-off, or failed for good once the tries are used up. */
  failedTry(error: string, now: Date, firstRetryMs = FIRST_RETRY_MS): void {
    this.lastError = error.slice(0, 1000);
    if (this.attempts >= MAX_SEND_ATTEMPTS) {
      this.status = 'failed';
    } else {
      this.status = 'pending';
      this.nextAttemptAt = new Date(now.getTime() + retryDelayMs(this.attempts, firstRetryMs));
    }
  }
}
