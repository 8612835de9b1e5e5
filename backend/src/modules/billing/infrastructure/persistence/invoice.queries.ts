import { Injectable } from '@nestjs/common';
import { boolFilter, intFilter, likePattern, textFilter, type ListQuery } from '../../../../shared/http/list-query';
import { DomainError } from '../../../../shared/errors/domain-error';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import type { InvoiceDetailView, InvoiceSummaryView } from '../../application/invoice-views';
import { InvoiceReads, type InvoiceSort } from '../../application/ports/invoice-reads';
import { invoiceNumber } from '../../domain/invoice-text';

const STATUSES = ['draft', 'open', 'paid', 'void'];

/** Each sort as its index reads it (NULLS follow the direction, so one index serves both ways). */
const ORDER: Record<InvoiceSort, string> = {
  number: 'i.number {dir} {nulls}, i.id {dir}',
  issuedAt: 'i.issued_at {dir} {nulls}, i.id {dir}',
  total: 'i.total_cents {dir}, i.id {dir}',
  due: 'i.due_cents {dir}, i.id {dir}',
  nextDueDate: 'i.next_due_date {dir} {nulls}, i.id {dir}',
  status: 'i.status {dir}, i.number {dir} {nulls}, i.id {dir}',
  clientName: 'lower(u.username) {dir}, i.id {dir}',
};

interface Row {
  id: number;
  number: number | null;
  project_id: number;
  project_name: string | null;
  client_id: number;
  client_name: string | null;
  issued_at: Date | null;
  status: InvoiceSummaryView['status'];
  currency: string;
  subtotal_cents: string;
  discount_cents: string;
  tax_cents: string;
  total_cents: string;
  paid_cents: string;
  refunded_cents: string;
  due_cents: string;
  next_due_date: string | null;
  overdue_cents: string;
}

const cents = (v: string | number): number => Number(v) / 100;

/**
 * The invoices' read side: the stored figures the Invoice aggregate derived (billing writes them with every
 * change), so the lists page through indexes. 'Overdue' is the first installment still owed being past due
 * (due dates are in order), and what is overdue the remaining parts of the installments past due.
 */
@Injectable()
export class InvoiceQueries extends InvoiceReads {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private select(where: string, extra = ''): string {
    return `SELECT i.id${extra}, i.number, i.project_id, p.name AS project_name, i.client_id, u.username AS client_name, i.issued_at, i.status, i.currency,
                   i.subtotal_cents, i.discount_cents, i.tax_cents, i.total_cents, i.paid_cents, i.refunded_cents, i.due_cents,
                   to_char(i.next_due_date, 'YYYY-MM-DD') AS next_due_date,
                   CASE WHEN i.status = 'open' AND i.next_due_date < $1::date THEN
                     (SELECT coalesce(sum(k.amount_cents - k.paid_cents), 0) FROM invoice_installments k
                       WHERE k.invoice_id = i.id AND k.due_date < $1::date) ELSE 0 END AS overdue_cents
              FROM invoices i
              JOIN projects p ON p.id = i.project_id
              LEFT JOIN users u ON u.id = i.client_id
             ${where}`;
  }

  private view(r: Row): InvoiceSummaryView {
    return {
      id: r.id,
      number: invoiceNumber(r.number),
      projectId: r.project_id,
      projectName: r.project_name,
      clientId: r.client_id,
      clientName: r.client_name,
      issuedAt: r.issued_at ? new Date(r.issued_at).toISOString() : null,
      status: r.status,
      currency: r.currency,
      subtotal: cents(r.subtotal_cents),
      discount: cents(r.discount_cents),
      tax: cents(r.tax_cents),
      total: cents(r.total_cents),
      paid: cents(r.paid_cents),
      refunded: cents(r.refunded_cents),
      due: cents(r.due_cents),
      nextDueDate: r.next_due_date,
      overdue: Number(r.overdue_cents) > 0,
      overdueAmount: cents(r.overdue_cents),
    };
  }

  async names(projectId: number): Promise<{ clientName: string | null; projectName: string | null }> {
    const rows: Array<{ project_name: string; client_name: string | null }> = await this.tx.manager.query(
      `SELECT p.name AS project_name, u.username AS client_name FROM projects p LEFT JOIN users u ON u.id = p.client_id WHERE p.id = $1`,
      [projectId],
    );
    return { projectName: rows[0]?.project_name ?? null, clientName: rows[0]?.client_name ?? null };
  }

  async reminders(invoiceId: number): Promise<InvoiceDetailView['reminders']> {
    const rows: Array<{ installment_id: number; days: number; sent_at: Date }> = await this.tx.manager.query(
      `SELECT r.installment_id, r.days, r.sent_at FROM invoice_reminders r JOIN invoice_installments k ON k.id = r.installment_id
        WHERE k.invoice_id = $1 ORDER BY r.sent_at, r.installment_id`,
      [invoiceId],
    );
    return rows.map((r) => ({ installmentId: r.installment_id, days: r.days, sentAt: new Date(r.sent_at).toISOString() }));
  }

  async list(q: ListQuery<InvoiceSort>, today: string): Promise<{ rows: InvoiceSummaryView[]; total: number }> {
    const params: unknown[] = [today];
    // $1 (today) is named in every statement, also the count's.
    const where: string[] = ['$1::date IS NOT NULL'];
    const status = textFilter(q.filter, 'status');
    if (status !== undefined) {
      if (!STATUSES.includes(status))
        throw new DomainError('validation', 'LIST.BAD_PARAMETER', 'filter status must be draft, open, paid or void');
      params.push(status);
      where.push(`i.status = $${params.length}`);
    }
    const clientId = intFilter(q.filter, 'clientId');
    if (clientId !== undefined) {
      params.push(clientId);
      where.push(`i.client_id = $${params.length}`);
    }
    const overdue = boolFilter(q.filter, 'overdue');
    if (overdue === true) where.push(`i.status = 'open' AND i.next_due_date < $1::date`);
    if (overdue === false) where.push(`NOT (i.status = 'open' AND i.next_due_date < $1::date)`);
    const text = textFilter(q.filter, 'q');
    if (text !== undefined) {
      const digits = /^(?:inv-?)?0*(\d{1,9})$/i.exec(text);
      params.push(likePattern(text));
      const like = `$${params.length}`;
      const byNumber = digits ? ` OR i.number = ${Number(digits[1])}` : '';
      where.push(`(p.name ILIKE ${like} OR u.username ILIKE ${like}${byNumber})`);
    }
    const whereSql = `WHERE ${where.join(' AND ')}`;
    const order = ORDER[q.sortField]
      .replaceAll('{dir}', q.sortOrder)
      .replaceAll('{nulls}', q.sortOrder === 'DESC' ? 'NULLS FIRST' : 'NULLS LAST');
    // Names are joined only when the filter or the sort reads them.
    const names = text !== undefined || q.sortField === 'clientName';
    const from = `FROM invoices i${names ? ' JOIN projects p ON p.id = i.project_id LEFT JOIN users u ON u.id = i.client_id' : ''}`;
    // One statement: the total (the kept count when nothing is filtered, migration InvoiceCount), the page's
    // ids (from the order's index, nothing computed for the rows skipped), then their columns.
    const total = where.length === 1 ? `(SELECT n FROM row_counts WHERE name = 'invoices')` : `(SELECT count(*) ${from} ${whereSql})`;
    const rows: Array<Row & { total: string }> = await this.tx.manager.query(
      `WITH page AS MATERIALIZED (SELECT i.id, row_number() OVER (ORDER BY ${order}) AS o ${from} ${whereSql} ORDER BY ${order}
                                   LIMIT ${q.limit === Number.MAX_SAFE_INTEGER ? 'ALL' : q.limit} OFFSET ${q.offset}),
            total AS MATERIALIZED (SELECT ${total} AS n)
       SELECT x.*, total.n AS total FROM (${this.select('JOIN page ON page.id = i.id', ', page.o')}) x
        RIGHT JOIN total ON true
        ORDER BY x.o`,
      params,
    );
    const count = Number(rows[0]?.total ?? 0);
    return { rows: rows.filter((r) => r.id !== null).map((r) => this.view(r)), total: count };
  }

  async ofClient(clientId: number, today: string): Promise<InvoiceSummaryView[]> {
    const rows: Row[] = await this.tx.manager.query(
      `${this.select(`WHERE i.client_id = $2 AND i.status <> 'draft'`)} ORDER BY i.number DESC NULLS FIRST, i.id DESC`,
      [today, clientId],
    );
    return rows.map((r) => this.view(r));
  }

  async overdue(today: string): Promise<{ count: number; amountCents: number }> {
    const rows: Array<{ n: number; amount: string }> = await this.tx.manager.query(
      `SELECT count(DISTINCT i.id)::int AS n, coalesce(sum(k.amount_cents - k.paid_cents), 0) AS amount
         FROM invoices i JOIN invoice_installments k ON k.invoice_id = i.id AND k.due_date < $1::date AND k.paid_cents < k.amount_cents
        WHERE i.status = 'open' AND i.next_due_date < $1::date`,
      [today],
    );
    return { count: rows[0].n, amountCents: Number(rows[0].amount) };
  }
}
