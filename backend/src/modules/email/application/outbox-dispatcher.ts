import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../../../shared/config/app-config';
import type { OutboxEntry } from '../domain/outbox-entry';
import { MailTransport } from './ports/mail-transport';
import { OutboxRepository } from './ports/outbox.repository';

const BATCH = 20;
/** Messages of one batch in flight at once (the SMTP transport pools its connections). */
const PARALLEL_SENDS = 5;
const LEASE_MS = 60_000;

/**
 * Sends what the outbox holds: at once when a message is queued, and on a timer for retries and
 * for messages left behind by a stopped instance. One pass runs at a time in this process; claiming
 * with a lease keeps instances from sending the same message.
 *
 * An outcome that cannot be written (the database went away between the send and the save) is kept
 * here and written first on the next pass, so a message sent during a database outage is marked as
 * sent as soon as the database is back, not left 'sending' until its lease runs out (and sent again).
 */
@Injectable()
export class OutboxDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('EmailOutbox');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly unsaved = new Map<number, OutboxEntry>();

  constructor(
    private readonly repository: OutboxRepository,
    private readonly transport: MailTransport,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), this.config.outboxPollMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops before the mailer closes its connections; a pass under way finishes first. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.saveOutcomes().catch(() => undefined); // last chance; the lease covers the rest
  }

  /** Starts a pass now, or right after the current one. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: Error) => this.logger.error(`outbox pass failed: ${err.message}`))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Writes the outcomes kept from earlier passes, then sends due messages until none is left. */
  async drain(): Promise<void> {
    await this.saveOutcomes();
    for (;;) {
      const batch = await this.repository.claimDue(BATCH, LEASE_MS);
      if (batch.length === 0) return;
      await inParallel(batch, PARALLEL_SENDS, (entry) => this.send(entry));
      batch.forEach((entry) => this.unsaved.set(entry.id, entry));
      await this.saveOutcomes();
      if (this.stopped) return;
    }
  }

  private async send(entry: OutboxEntry): Promise<void> {
    try {
      const response = await this.transport.send(entry.message);
      entry.delivered(response, this.transport.isMock, new Date());
      if (this.transport.isMock) {
        this.logger.log(`mock transport: ${entry.message.kind} e-mail to ${entry.message.to}: "${entry.message.subject}"`);
      }
    } catch (err) {
      entry.failedTry(describe(err), new Date(), this.config.outboxRetryMs);
      this.logger.warn(`sending ${entry.message.kind} e-mail #${entry.id} failed (try ${entry.attempts}): ${describe(err)}`);
    }
  }

  /** Writes every kept outcome; one that fails stays kept (and the pass ends with the error). */
  private async saveOutcomes(): Promise<void> {
    for (const [id, entry] of this.unsaved) {
      await this.repository.saveOutcome(entry);
      this.unsaved.delete(id);
    }
  }
}

async function inParallel<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

function describe(err: unknown): string {
  const e = err as { response?: string; message?: string; code?: string };
  return e?.response ?? (e?.code ? `${e.code}: ${e.message}` : (e?.message ?? String(err)));
}
