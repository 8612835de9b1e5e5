import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { OutboxRepository } from '../../application/ports/outbox.repository';
import type { EmailKind, EmailMessage } from '../../domain/email-message';
import { OutboxEntry, OutboxStatus } from '../../domain/outbox-entry';
import { OutboxOrmEntity } from './outbox.orm-entity';

interface ClaimedRow {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  server_response: string | null;
  sent_at: Date | null;
}

@Injectable()
export class OutboxTypeormRepository extends OutboxRepository {
  constructor(
    private readonly tx: TransactionHost,
    private readonly dataSource: DataSource,
  ) {
    super();
  }

  async add(message: EmailMessage): Promise<number> {
    const repo = this.tx.manager.getRepository(OutboxOrmEntity);
    const row = await repo.save(
      repo.create({
        kind: message.kind,
        toAddress: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
      }),
    );
    return Number(row.id);
  }

  async claimDue(limit: number, leaseMs: number): Promise<OutboxEntry[]> {
    // Pending messages that are due, and messages whose sender's lease ran out (a stopped instance).
    const result: unknown = await this.dataSource.query(
      `UPDATE email_outbox o
          SET status = 'sending', attempts = o.attempts + 1,
              locked_until = now() + make_interval(secs => $2::double precision / 1000)
        WHERE o.id IN (
              SELECT id FROM email_outbox
               WHERE (status = 'pending' AND next_attempt_at <= now())
                  OR (status = 'sending' AND locked_until < now())
               ORDER BY next_attempt_at, id
               LIMIT $1
               FOR UPDATE SKIP LOCKED)
      RETURNING o.id, o.kind, o.to_address, o.subject, o.html, o.text, o.status, o.attempts,
                o.next_attempt_at, o.last_error, o.server_response, o.sent_at`,
      [limit, leaseMs],
    );
    // TypeORM answers an UPDATE ... RETURNING with [rows, affectedCount].
    const rows = (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as ClaimedRow[];
    return rows.map(
      (r) =>
        new OutboxEntry(
          Number(r.id),
          { kind: r.kind as EmailKind, to: r.to_address, subject: r.subject, html: r.html, text: r.text },
          r.status,
          r.attempts,
          r.next_attempt_at,
          r.last_error,
          r.server_response,
          r.sent_at,
        ),
    );
  }

  async saveOutcome(entry: OutboxEntry): Promise<void> {
    await this.dataSource.getRepository(OutboxOrmEntity).update(
      { id: String(entry.id) },
      {
        status: entry.status,
        nextAttemptAt: entry.nextAttemptAt,
        lockedUntil: null,
        lastError: entry.lastError,
        serverResponse: entry.serverResponse,
        sentAt: entry.sentAt,
      },
    );
  }
}
