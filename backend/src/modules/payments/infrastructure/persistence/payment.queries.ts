import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sqlRead } from '../../../../shared/database/prepared';
import { paymentAmountText } from '../../../../shared/database/sql/payment-amount-text';
import { twoEndedPage } from '../../../../shared/database/sql/two-ended-page';
import { DomainError } from '../../../../shared/errors/domain-error';
import { likePattern, ListQuery, textFilter } from '../../../../shared/http/list-query';
import { timeZone } from '../../../../shared/http/time-zone';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { Payment } from '../../domain/payment';
import { ReceiptNumber } from '../../domain/receipt-number';
import { SHOWN_PAYMENT_STATUSES, shownStatus, type ShownPaymentStatus } from '../../domain/refund';
import type { PaymentResponse } from '../http/dto/payment.response';

export const PAYMENT_SORTS = ['paymentDate', 'amount', 'id'] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];
const ORDER: Record<PaymentSort, string> = { paymentDate: 'pay.payment_date', amount: 'pay.amount_cents', id: 'pay.id' };

interface Row {
  id: number;
  project_id: number | null;
  project_name: string | null;
  bundle_id: number | null;
  bundle_name: string | null;
  client_id: number | null;
  client_name: string | null;
  amount_cents: string;
  payment_date: Date;
  stripe_payment_id: string | null;
  status: 'pending' | 'completed' | 'failed';
  note: string | null;
  receipt_number: number | null;
  refunded_cents: string;
  total?: string;
}

const FROM = `FROM payments pay
  LEFT JOIN projects pr ON pr.id = pay.project_id
  LEFT JOIN credit_bundles b ON b.id = pay.bundle_id
  LEFT JOIN users u ON u.id = coalesce(pay.client_id, pr.client_id)`;

/** The columns of a payment as Payment History shows it (over FROM). */
const COLUMNS = `pay.id, pay.project_id, pr.name AS project_name, pay.bundle_id, b.name AS bundle_name, u.id AS client_id,
  u.username AS client_name, pay.amount_cents, pay.payment_date, pay.stripe_payment_id, pay.status, pay.note, pay.receipt_number, pay.refunded_cents`;

const toResponse = (r: Row): PaymentResponse => ({
  id: r.id,
  projectId: r.project_id,
  // A bundle purchase pays for no project (CONTRACT §11).
  projectName: r.project_id === null ? null : (r.project_name ?? 'Unknown Project'),
  bundleId: r.bundle_id,
  bundleName: r.bundle_id === null ? null : (r.bundle_name ?? 'Unknown Bundle'),
  clientId: r.client_id,
  clientName: r.client_name ?? 'Unknown Client',
  amount: Number(r.amount_cents) / 100,
  paymentDate: r.payment_date.toISOString(),
  stripePaymentId: r.stripe_payment_id,
  status: shownStatus(r.status, Number(r.amount_cents), Number(r.refunded_cents)),
  refundedAmount: Number(r.refunded_cents) / 100,
  note: r.note,
  method: Payment.methodOf(r.stripe_payment_id),
  receiptNumber: r.receipt_number === null ? null : ReceiptNumber.of(Number(r.receipt_number)).text,
});

/** The filter of a list, its summary and the CSV export, as SQL over `payments pay` alone. */
interface Filter {
  /** CTEs the conditions read (the search's matches). */
  ctes: string[];
  /** Conditions on `pay`, AND-ed; empty when nothing filters. */
  conds: string[];
  params: unknown[];
  searched: boolean;
}

const KEPT_TOTAL = `(SELECT n FROM row_counts WHERE name = 'payments')`;

/** Read side of Payment History: filters shared by the page, its total card and the CSV export. */
@Injectable()
export class PaymentQueries {
  constructor(
    private readonly db: DataSource,
    private readonly tx: TransactionHost,
  ) {}

  /** One payment as Payment History shows it, read in the caller's transaction (its webhook event: not committed yet). */
  async one(id: number): Promise<PaymentResponse | null> {
    const rows: Row[] = await this.tx.manager.query(`SELECT ${COLUMNS} ${FROM} WHERE pay.id = $1`, [id]);
    return rows[0] ? toResponse(rows[0]) : null;
  }

  /**
   * A client's own payments, newest first (the portal's Payments page): those made for them and those
   * of their projects that name no client. A client has tens of payments, not thousands: no paging.
   */
  async ofClient(clientId: number): Promise<PaymentResponse[]> {
    const rows: Row[] = await sqlRead(
      this.db,
      `SELECT ${COLUMNS}
         ${FROM}
        WHERE pay.id = ANY(ARRAY(
              SELECT id FROM payments WHERE client_id = $1
              UNION
              SELECT p.id FROM payments p JOIN projects x ON x.id = p.project_id WHERE p.client_id IS NULL AND x.client_id = $1))
        ORDER BY pay.payment_date DESC, pay.id DESC`,
      [clientId],
    );
    return rows.map(toResponse);
  }

  /** The conditions and parameters for `filter` ({q, day, tz, status}). */
  private filter(filter: Record<string, unknown>): Filter {
    const params: unknown[] = [];
    const ctes: string[] = [];
    const conds: string[] = [];
    const text = textFilter(filter, 'q');
    if (text) {
      params.push(likePattern(text));
      const p = `$${params.length}`;
      // The project's name, the client's name (the payment's own client, else the project's) or the
      // amount as text: each a search a trigram index serves (projects_search_idx and users_search_idx
      // cover more text than the name, the name is checked on what they find; payments_amount_text_idx),
      // their payments found by index. One ILIKE OR-ed over the joined tables read every payment.
      const clients = `ARRAY(SELECT u.id FROM users u WHERE (u.username || ' ' || u.email) ILIKE ${p} AND u.username ILIKE ${p})`;
      ctes.push(`matched AS MATERIALIZED (
          SELECT pay.id FROM payments pay WHERE pay.project_id = ANY(ARRAY(
            SELECT pr.id FROM projects pr WHERE (pr.name || ' ' || pr.description) ILIKE ${p} AND pr.name ILIKE ${p}))
          UNION
          SELECT pay.id FROM payments pay WHERE pay.client_id = ANY(${clients})
          UNION
          SELECT pay.id FROM payments pay JOIN projects pr ON pr.id = pay.project_id
           WHERE pay.client_id IS NULL AND pr.client_id = ANY(${clients})
          UNION
          SELECT pay.id FROM payments pay WHERE pay.bundle_id = ANY(ARRAY(SELECT b.id FROM credit_bundles b WHERE b.name ILIKE ${p}))
          UNION
          SELECT pay.id FROM payments pay WHERE ${paymentAmountText('pay')} ILIKE ${p})`);
      conds.push(`pay.id = ANY(ARRAY(SELECT id FROM matched))`);
    }
    const day = textFilter(filter, 'day', 10);
    if (day) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
        throw new DomainError('validation', 'LIST.BAD_PARAMETER', 'filter day must be a date YYYY-MM-DD');
      }
      params.push(day, timeZone(filter.tz));
      const d = `$${params.length - 1}::date`;
      const z = `$${params.length}`;
      conds.push(
        `pay.payment_date >= (${d}::timestamp AT TIME ZONE ${z}) AND pay.payment_date < ((${d} + 1)::timestamp AT TIME ZONE ${z})`,
      );
    }
    const status = textFilter(filter, 'status');
    if (status) {
      if (!SHOWN_PAYMENT_STATUSES.includes(status as ShownPaymentStatus)) {
        throw new DomainError(
          'validation',
          'LIST.BAD_PARAMETER',
          'filter status must be pending, completed, partially_refunded, refunded or failed',
        );
      }
      // The status as the list shows it: a completed payment with refunds is partially refunded or refunded.
      const shown: Record<string, string> = {
        completed: `pay.status = 'completed' AND pay.refunded_cents = 0`,
        partially_refunded: `pay.status = 'completed' AND pay.refunded_cents > 0 AND pay.refunded_cents < pay.amount_cents`,
        refunded: `pay.status = 'completed' AND pay.refunded_cents > 0 AND pay.refunded_cents >= pay.amount_cents`,
      };
      if (shown[status]) conds.push(shown[status]);
      else {
        params.push(status);
        conds.push(`pay.status = $${params.length}`);
      }
    }
    return { ctes, conds, params, searched: Boolean(text) };
  }

  /**
   * A page in one statement: the page's ids first, from the index of the order alone (after the status
   * filter too; a day is a range of the date index), then only the page's rows joined to their project
   * and client. The total is the kept count with nothing filtered, else counted once in the statement;
   * a search's matches are looked up once by id, counted and sorted.
   */
  async list(q: ListQuery<PaymentSort>): Promise<{ rows: PaymentResponse[]; total: number }> {
    const f = this.filter(q.filter);
    const params = [...f.params];
    const ctes = [...f.ctes];
    const where = ['true', ...f.conds].join(' AND ');
    const order = `${ORDER[q.sortField]} ${q.sortOrder}, pay.id ${q.sortOrder}`;
    let count = KEPT_TOTAL;
    let page: string;
    params.push(q.limit === Number.MAX_SAFE_INTEGER ? null : q.limit, q.offset);
    const [limit, offset] = [`$${params.length - 1}::bigint`, `$${params.length}::bigint`];
    if (f.searched) {
      ctes.push(`hits AS MATERIALIZED (SELECT pay.id, ${ORDER[q.sortField]} AS k FROM payments pay WHERE ${where})`);
      ctes.push(`total AS MATERIALIZED (SELECT count(*) AS n FROM hits)`);
      count = `(SELECT n FROM total)`;
      page = `SELECT id FROM hits ORDER BY k ${q.sortOrder}, id ${q.sortOrder} LIMIT ${limit} OFFSET ${offset}`;
    } else {
      if (f.conds.length) {
        ctes.push(`total AS MATERIALIZED (SELECT count(*) AS n FROM payments pay WHERE ${where})`);
        count = `(SELECT n FROM total)`;
      }
      page = twoEndedPage(`SELECT pay.id FROM payments pay WHERE ${where}`, order, count, limit, offset);
    }
    const rows: Row[] = await sqlRead(
      this.db,
      `${ctes.length ? `WITH ${ctes.join(', ')} ` : ''}SELECT ${COLUMNS}, ${count} AS total
         ${FROM}
        WHERE pay.id = ANY(ARRAY(${page}))
        ORDER BY ${order}`,
      params,
    );
    const total = rows.length ? Number(rows[0].total) : q.offset > 0 ? (await this.summary(q.filter)).count : 0;
    return { rows: rows.map(toResponse), total };
  }

  async summary(filter: Record<string, unknown>): Promise<{ total: number; count: number }> {
    const f = this.filter(filter);
    const where = ['true', ...f.conds].join(' AND ');
    // Net of refunds (CONTRACT §11): the payments' amounts less their refunds, read from payment_refunds
    // (small) so that the payments themselves are still summed from the amount index alone.
    const refunded = f.conds.length
      ? `(SELECT coalesce(sum(r.amount_cents), 0) FROM payment_refunds r JOIN payments pay ON pay.id = r.payment_id
           WHERE r.status <> 'failed' AND ${where})`
      : `(SELECT coalesce(sum(r.amount_cents), 0) FROM payment_refunds r WHERE r.status <> 'failed')`;
    const rows: Array<{ cents: string; n: string }> = await sqlRead(
      this.db,
      `${f.ctes.length ? `WITH ${f.ctes.join(', ')} ` : ''}SELECT coalesce(sum(pay.amount_cents), 0) - ${refunded} AS cents, count(*) AS n
         FROM payments pay WHERE ${where}`,
      f.params,
    );
    return { total: Number(rows[0].cents) / 100, count: Number(rows[0].n) };
  }
}
