import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { DeliveryProgress, OutboxRepository, SharedMessage } from '../../application/ports/outbox.repository';
import { carriesSecret, type EmailAttachment, type EmailKind, type EmailMessage } from '../../domain/email-message';
import { carriesLinkToken, hideLinkSecrets } from '../../domain/link-secrets';
import { OutboxEntry, OutboxStatus } from '../../domain/outbox-entry';
import { returnedRows } from '../../../../shared/database/returned-rows';

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

/** What a delivered password-reset e-mail keeps instead of its body: the code is not left lying in the table. */
export const REDACTED_BODY = '(not kept after sending: it held a password reset code)';

@Injectable()
export class OutboxTypeormRepository extends OutboxRepository {
  constructor(
    private readonly tx: TransactionHost,
    private readonly dataSource: DataSource,
  ) {
    super();
  }

  async add(message: EmailMessage): Promise<number> {
    const rows: Array<{ id: string }> = await this.tx.manager.query(
      `INSERT INTO email_outbox (kind, to_address, subject, html, text) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [message.kind, message.to, message.subject, message.html, message.text],
    );
    // Attachments (a receipt's PDF) are kept beside the row, in the same transaction, until it is sent.
    for (const a of message.attachments ?? []) {
      await this.tx.manager.query(`INSERT INTO email_attachments (outbox_id, filename, content_type, content) VALUES ($1, $2, $3, $4)`, [
        rows[0].id,
        a.filename,
        a.contentType,
        a.content,
      ]);
    }
    return Number(rows[0].id);
  }

  /** The attachments of claimed messages, in one query. */
  private async attachmentsOf(ids: string[]): Promise<Map<string, EmailAttachment[]>> {
    const found = new Map<string, EmailAttachment[]>();
    if (ids.length === 0) return found;
    const rows: Array<{ outbox_id: string; filename: string; content_type: string; content: Buffer }> = await this.dataSource.query(
      `SELECT outbox_id, filename, content_type, content FROM email_attachments WHERE outbox_id = ANY($1::bigint[]) ORDER BY id`,
      [ids],
    );
    for (const r of rows) {
      const list = found.get(String(r.outbox_id)) ?? [];
      list.push({ filename: r.filename, contentType: r.content_type, content: r.content });
      found.set(String(r.outbox_id), list);
    }
    return found;
  }

  async addToMany(message: SharedMessage, recipients: string[]): Promise<number[]> {
    if (recipients.length === 0) return [];
    const manager = this.tx.manager;
    const content: Array<{ id: string }> = await manager.query(`INSERT INTO email_contents (html, text) VALUES ($1, $2) RETURNING id`, [
      message.html,
      message.text,
    ]);
    const rows: Array<{ id: string }> = await manager.query(
      `INSERT INTO email_outbox (kind, to_address, subject, content_id)
       SELECT $1, r.address, $2, $3 FROM unnest($4::varchar[]) WITH ORDINALITY AS r(address, n) ORDER BY r.n
       RETURNING id`,
      [message.kind, message.subject, content[0].id, recipients],
    );
    return rows.map((r) => Number(r.id));
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
      RETURNING o.id, o.kind, o.to_address, o.subject,
                COALESCE(o.html, (SELECT c.html FROM email_contents c WHERE c.id = o.content_id)) AS html,
                COALESCE(o.text, (SELECT c.text FROM email_contents c WHERE c.id = o.content_id)) AS text,
                o.status, o.attempts, o.next_attempt_at, o.last_error, o.server_response, o.sent_at`,
      [limit, leaseMs],
    );
    const claimed = returnedRows<ClaimedRow>(result);
    const attachments = await this.attachmentsOf(claimed.map((r) => String(r.id)));
    return claimed.map(
      (r) =>
        new OutboxEntry(
          Number(r.id),
          {
            kind: r.kind as EmailKind,
            to: r.to_address,
            subject: r.subject,
            html: r.html,
            text: r.text,
            ...(attachments.has(String(r.id)) ? { attachments: attachments.get(String(r.id)) } : {}),
          },
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
    const done = entry.status === 'sent' || entry.status === 'logged';
    const scrub = carriesSecret(entry.message.kind) && done;
    // A verification or invitation link's token is hidden in the copy kept once sent (the message has its own body).
    const hideToken = carriesLinkToken(entry.message.kind) && done && !scrub;
    await this.dataSource.query(
      `UPDATE email_outbox
          SET status = $2, next_attempt_at = $3, locked_until = NULL, last_error = $4, server_response = $5, sent_at = $6,
              html = CASE WHEN $7 THEN $8 WHEN $9 THEN $10 ELSE html END,
              text = CASE WHEN $7 THEN $8 WHEN $9 THEN $11 ELSE text END
        WHERE id = $1`,
      [
        entry.id,
        entry.status,
        entry.nextAttemptAt,
        entry.lastError,
        entry.serverResponse,
        entry.sentAt,
        scrub,
        REDACTED_BODY,
        hideToken,
        hideToken ? hideLinkSecrets(entry.message.html) : null,
        hideToken ? hideLinkSecrets(entry.message.text) : null,
      ],
    );
  }

  async progress(ids: number[]): Promise<DeliveryProgress[]> {
    if (ids.length === 0) return [];
    const rows: Array<{ id: string; status: OutboxStatus; attempts: number; last_error: string | null }> = await this.dataSource.query(
      `SELECT id, status, attempts, last_error FROM email_outbox WHERE id = ANY($1::bigint[]) ORDER BY id`,
      [ids],
    );
    return rows.map((r) => ({ id: Number(r.id), status: r.status, attempts: r.attempts, lastError: r.last_error }));
  }

  async requeueFailed(id: number): Promise<'queued' | 'not-failed' | 'missing'> {
    const result: unknown = await this.dataSource.query(
      `UPDATE email_outbox SET status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = NULL
        WHERE id = $1 AND status = 'failed' RETURNING id`,
      [id],
    );
    if (returnedRows(result).length > 0) return 'queued';
    const found: unknown[] = await this.dataSource.query(`SELECT 1 FROM email_outbox WHERE id = $1`, [id]);
    return found.length > 0 ? 'not-failed' : 'missing';
  }
}
