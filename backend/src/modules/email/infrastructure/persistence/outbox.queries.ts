import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError, NotFoundError } from '../../../../shared/errors/domain-error';
import { likePattern, ListQuery, textFilter } from '../../../../shared/http/list-query';
import type { OutboxStatus } from '../../domain/outbox-entry';
import { carriesSecret } from '../../domain/email-message';
import { hideLinkSecrets } from '../../domain/link-secrets';

export const OUTBOX_SORTS = ['createdAt', 'id', 'status', 'attempts'] as const;
export type OutboxSort = (typeof OUTBOX_SORTS)[number];
const SORT_SQL: Record<OutboxSort, string> = { createdAt: 'o.created_at', id: 'o.id', status: 'o.status', attempts: 'o.attempts' };
const STATUSES: readonly OutboxStatus[] = ['pending', 'sending', 'sent', 'logged', 'failed'];

export interface OutboxItem {
  id: number;
  kind: string;
  to: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  serverResponse: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
}

export interface OutboxDetail extends OutboxItem {
  html: string | null;
  text: string | null;
}

interface Row {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  server_response: string | null;
  created_at: Date;
  sent_at: Date | null;
  next_attempt_at: Date;
  html?: string | null;
  text?: string | null;
}

const COLUMNS = `o.id, o.kind, o.to_address, o.subject, o.status, o.attempts, o.last_error, o.server_response,
                 o.created_at, o.sent_at, o.next_attempt_at`;

function toItem(r: Row): OutboxItem {
  return {
    id: Number(r.id),
    kind: r.kind,
    to: r.to_address,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    serverResponse: r.server_response,
    createdAt: r.created_at.toISOString(),
    sentAt: r.sent_at ? r.sent_at.toISOString() : null,
    nextAttemptAt: r.status === 'pending' ? r.next_attempt_at.toISOString() : null,
  };
}

/** The admin's view of the outbox: one page in two statements, whatever the number of messages. */
@Injectable()
export class OutboxQueries {
  constructor(private readonly dataSource: DataSource) {}

  async list(q: ListQuery<OutboxSort>): Promise<{ rows: OutboxItem[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const status = textFilter(q.filter, 'status', 20);
    if (status !== undefined) {
      if (!STATUSES.includes(status as OutboxStatus)) {
        throw new DomainError('validation', 'LIST.BAD_PARAMETER', `filter status must be one of ${STATUSES.join(', ')}`);
      }
      params.push(status);
      where.push(`o.status = $${params.length}`);
    }
    const text = textFilter(q.filter, 'q');
    if (text !== undefined) {
      params.push(likePattern(text));
      where.push(`(o.to_address ILIKE $${params.length} OR o.subject ILIKE $${params.length})`);
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = `${SORT_SQL[q.sortField]} ${q.sortOrder}, o.id ${q.sortOrder}`;
    const limit = Number.isSafeInteger(q.limit) ? q.limit : null;
    const [rows, count] = await Promise.all([
      this.dataSource.query(
        `SELECT ${COLUMNS} FROM email_outbox o ${whereSql} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, limit, q.offset],
      ) as Promise<Row[]>,
      this.dataSource.query(`SELECT count(*)::int AS n FROM email_outbox o ${whereSql}`, params) as Promise<Array<{ n: number }>>,
    ]);
    return { rows: rows.map(toItem), total: count[0].n };
  }

  async detail(id: number): Promise<OutboxDetail> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${COLUMNS}, COALESCE(o.html, c.html) AS html, COALESCE(o.text, c.text) AS text
         FROM email_outbox o LEFT JOIN email_contents c ON c.id = o.content_id
        WHERE o.id = $1`,
      [id],
    );
    if (rows.length === 0) throw new NotFoundError('EMAIL.NOT_FOUND', 'Email not found');
    const r = rows[0];
    // A reset or sign-in code gives access to the client's account: the back office never shows it. Nor a
    // link's live token (a verification link, an invitation): the message is shown with it hidden (CONTRACT §12).
    const hidden = carriesSecret(r.kind);
    const shown = (body: string | null | undefined) => (hidden || body == null ? null : hideLinkSecrets(body));
    return { ...toItem(r), html: shown(r.html), text: shown(r.text) };
  }
}
