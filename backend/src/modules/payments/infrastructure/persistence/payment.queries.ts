import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError } from '../../../../shared/errors/domain-error';
import { likePattern, ListQuery, textFilter } from '../../../../shared/http/list-query';
import { timeZone } from '../../../../shared/http/time-zone';
import { Payment } from '../../domain/payment';
import type { PaymentResponse } from '../http/dto/payment.response';

export const PAYMENT_SORTS = ['paymentDate', 'amount', 'id'] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];
const ORDER: Record<PaymentSort, string> = { paymentDate: 'pay.payment_date', amount: 'pay.amount_cents', id: 'pay.id' };

interface Row {
  id: number;
  project_id: number;
  project_name: string | null;
  client_id: number | null;
  client_name: string | null;
  amount_cents: string;
  payment_date: Date;
  stripe_payment_id: string | null;
  status: 'pending' | 'completed' | 'failed';
  note: string | null;
  total?: string;
}

const FROM = `FROM payments pay
  LEFT JOIN projects pr ON pr.id = pay.project_id
  LEFT JOIN users u ON u.id = coalesce(pay.client_id, pr.client_id)`;

const toResponse = (r: Row): PaymentResponse => ({
  id: r.id,
  projectId: r.project_id,
  projectName: r.project_name ?? 'Unknown Project',
  clientId: r.client_id,
  clientName: r.client_name ?? 'Unknown Client',
  amount: Number(r.amount_cents) / 100,
  paymentDate: r.payment_date.toISOString(),
  stripePaymentId: r.stripe_payment_id,
  status: r.status,
  note: r.note,
  method: Payment.methodOf(r.stripe_payment_id),
});

/** Read side of Payment History: filters shared by the page, its total card and the CSV export. */
@Injectable()
export class PaymentQueries {
  constructor(private readonly db: DataSource) {}

  /** WHERE clause and parameters for `filter` ({q, day, tz, status}); `filtered` when any applies. */
  private where(filter: Record<string, unknown>): { sql: string; params: unknown[]; filtered: boolean } {
    const params: unknown[] = [];
    const where: string[] = ['true'];
    const text = textFilter(filter, 'q');
    if (text) {
      params.push(likePattern(text));
      const p = `$${params.length}`;
      where.push(`(pr.name ILIKE ${p} OR u.username ILIKE ${p} OR to_char(pay.amount_cents / 100.0, 'FM999999999990.00') ILIKE ${p})`);
    }
    const day = textFilter(filter, 'day', 10);
    if (day) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
        throw new DomainError('validation', 'LIST.BAD_PARAMETER', 'filter day must be a date YYYY-MM-DD');
      }
      params.push(day, timeZone(filter.tz));
      const d = `$${params.length - 1}::date`;
      const z = `$${params.length}`;
      where.push(`pay.payment_date >= (${d}::timestamp AT TIME ZONE ${z}) AND pay.payment_date < ((${d} + 1)::timestamp AT TIME ZONE ${z})`);
    }
    const status = textFilter(filter, 'status');
    if (status) {
      if (!['pending', 'completed', 'failed'].includes(status)) {
        throw new DomainError('validation', 'LIST.BAD_PARAMETER', 'filter status must be pending, completed or failed');
      }
      params.push(status);
      where.push(`pay.status = $${params.length}`);
    }
    return { sql: where.join(' AND '), params, filtered: where.length > 1 };
  }

  async list(q: ListQuery<PaymentSort>): Promise<{ rows: PaymentResponse[]; total: number }> {
    const w = this.where(q.filter);
    const params = [...w.params, q.limit === Number.MAX_SAFE_INTEGER ? null : q.limit, q.offset];
    // With nothing filtered the total is the count the database keeps (migration RowCounts), so a page
    // joins only its own rows; a filtered page counts what the filter keeps.
    const totalSql = w.filtered ? 'count(*) OVER ()' : `(SELECT n FROM row_counts WHERE name = 'payments')`;
    const rows: Row[] = await this.db.query(
      `SELECT pay.id, pay.project_id, pr.name AS project_name, u.id AS client_id, u.username AS client_name,
              pay.amount_cents, pay.payment_date, pay.stripe_payment_id, pay.status, pay.note,
              ${totalSql} AS total
         ${FROM}
        WHERE ${w.sql}
        ORDER BY ${ORDER[q.sortField]} ${q.sortOrder}, pay.id ${q.sortOrder}
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const total = rows.length ? Number(rows[0].total) : q.offset > 0 ? (await this.summary(q.filter)).count : 0;
    return { rows: rows.map(toResponse), total };
  }

  async summary(filter: Record<string, unknown>): Promise<{ total: number; count: number }> {
    const w = this.where(filter);
    const rows: Array<{ cents: string; n: string }> = await this.db.query(
      `SELECT coalesce(sum(pay.amount_cents), 0) AS cents, count(*) AS n ${FROM} WHERE ${w.sql}`,
      w.params,
    );
    return { total: Number(rows[0].cents) / 100, count: Number(rows[0].n) };
  }
}
