import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../shared/config/app-config';
import { OutboxWorker } from '../../../shared/outbox/outbox-worker';
import type { OutboxEntry } from '../domain/outbox-entry';
import { MailTransport } from './ports/mail-transport';
import { OutboxRepository } from './ports/outbox.repository';

/** Messages in flight at once (the SMTP transport pools its connections). */
const LANES = 5;
const LEASE_MS = 60_000;

/**
 * Sends what the outbox holds: at once when a message is queued, and on a timer for retries and for
 * messages left behind by a stopped instance (the shared OutboxWorker: claims with a lease, keeps an
 * outcome it could not write for the next pass).
 */
@Injectable()
export class OutboxDispatcher extends OutboxWorker<OutboxEntry> {
  constructor(
    repository: OutboxRepository,
    private readonly transport: MailTransport,
    config: AppConfig,
  ) {
    super(repository, {
      name: 'EmailOutbox',
      pollMs: config.outboxPollMs,
      lanes: LANES,
      batch: 1,
      leaseMs: LEASE_MS,
      enabled: config.processRole !== 'photo-worker',
    });
    this.retryMs = config.outboxRetryMs;
  }

  private readonly retryMs: number;

  protected async handle(entry: OutboxEntry): Promise<void> {
    try {
      const response = await this.transport.send(entry.message);
      entry.delivered(response, this.transport.isMock, new Date());
      if (this.transport.isMock) {
        this.logger.log(`mock transport: ${entry.message.kind} e-mail to ${entry.message.to}: "${entry.message.subject}"`);
      }
    } catch (err) {
      entry.failedTry(describe(err), new Date(), this.retryMs);
      this.logger.warn(`sending ${entry.message.kind} e-mail #${entry.id} failed (try ${entry.attempts}): ${describe(err)}`);
    }
  }
}

function describe(err: unknown): string {
  const e = err as { response?: string; message?: string; code?: string };
  return e?.response ?? (e?.code ? `${e.code}: ${e.message}` : (e?.message ?? String(err)));
}
