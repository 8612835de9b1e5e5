import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../../shared/config/app-config';
import { MailTransport } from './ports/mail-transport';
import { OutboxRepository } from './ports/outbox.repository';

const BATCH = 20;
const LEASE_MS = 60_000;

/**
 * Sends what the outbox holds: at once when a message is queued, and on a timer for retries and
 * for messages left behind by a stopped instance. One pass runs at a time in this process; claiming
 * with a lease keeps instances from sending the same message.
 */
@Injectable()
export class OutboxDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('EmailOutbox');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

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

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
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

  /** Sends due messages until none is left; answers how many were tried. */
  async drain(): Promise<void> {
    for (;;) {
      const batch = await this.repository.claimDue(BATCH, LEASE_MS);
      if (batch.length === 0) return;
      for (const entry of batch) {
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
        await this.repository.saveOutcome(entry);
      }
      if (this.stopped) return;
    }
  }
}

function describe(err: unknown): string {
  const e = err as { response?: string; message?: string; code?: string };
  return e?.response ?? (e?.code ? `${e.code}: ${e.message}` : (e?.message ?? String(err)));
}
