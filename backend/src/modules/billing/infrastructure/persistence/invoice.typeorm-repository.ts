import { Injectable } from '@nestjs/common';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { InvoiceRepository } from '../../application/ports/invoice.repository';
import { Invoice, type InvoiceLine, type Installment, type Posting } from '../../domain/invoice';
import { rateMilli, rateText } from '../../domain/invoice-text';

interface InvoiceRow {
  id: number;
  project_id: number;
  client_id: number;
  number: number | null;
  issued_at: Date | null;
  sent_at: Date | null;
  voided_at: Date | null;
  currency: string;
  discount_kind: 'amount' | 'percent' | null;
  discount_value: string | null;
  tax_name: string;
  tax_rate: string;
  tax_inclusive: boolean;
}

export { rateMilli, rateText };

@Injectable()
export class InvoiceTypeormRepository extends InvoiceRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private async one(where: string, param: number, lock: boolean): Promise<Invoice | null> {
    const rows: InvoiceRow[] = await this.tx.manager.query(
      `SELECT id, project_id, client_id, number, issued_at, sent_at, voided_at, currency, discount_kind, discount_value, tax_name,
              tax_rate::text AS tax_rate, tax_inclusive
         FROM invoices WHERE ${where} = $1${lock ? ' FOR UPDATE' : ''}`,
      [param],
    );
    const r = rows[0];
    if (!r) return null;
    // One after another: the statements share the transaction's one connection.
    const lines = (await this.tx.manager.query(
      `SELECT description, quantity, unit_price_cents, source, service_id, paid_with_credits FROM invoice_lines WHERE invoice_id = $1 ORDER BY position`,
      [r.id],
    )) as Array<{
      description: string;
      quantity: number;
      unit_price_cents: string;
      source: InvoiceLine['source'];
      service_id: number | null;
      paid_with_credits: boolean;
    }>;
    const schedule = (await this.tx.manager.query(
      `SELECT id, label, amount_cents, to_char(due_date, 'YYYY-MM-DD') AS due_date FROM invoice_installments WHERE invoice_id = $1 ORDER BY position`,
      [r.id],
    )) as Array<{ id: number; label: string; amount_cents: string; due_date: string }>;
    const postings = (await this.tx.manager.query(
      `SELECT id, kind, amount_cents, payment_id, refund_id, method, posted_at FROM invoice_postings WHERE invoice_id = $1 ORDER BY id`,
      [r.id],
    )) as Array<{
      id: number;
      kind: Posting['kind'];
      amount_cents: string;
      payment_id: number;
      refund_id: number | null;
      method: Posting['method'];
      posted_at: Date;
    }>;
    return Invoice.restore({
      id: r.id,
      projectId: r.project_id,
      clientId: r.client_id,
      number: r.number,
      issuedAt: r.issued_at,
      sentAt: r.sent_at,
      voidedAt: r.voided_at,
      currency: r.currency,
      discount: r.discount_kind ? { kind: r.discount_kind, value: Number(r.discount_value) } : null,
      tax: { name: r.tax_name, rateMilli: rateMilli(r.tax_rate), inclusive: r.tax_inclusive },
      lines: lines.map((l) => ({
        description: l.description,
        quantity: l.quantity,
        unitPriceCents: Number(l.unit_price_cents),
        source: l.source,
        serviceId: l.service_id,
        paidWithCredits: l.paid_with_credits,
      })),
      schedule: schedule.map((s) => ({ id: s.id, label: s.label, amountCents: Number(s.amount_cents), dueDate: s.due_date })),
      postings: postings.map((p) => ({
        id: p.id,
        kind: p.kind,
        amountCents: Number(p.amount_cents),
        paymentId: p.payment_id,
        refundId: p.refund_id,
        method: p.method,
        postedAt: p.posted_at,
      })),
    });
  }

  ofProject(projectId: number, lock: boolean): Promise<Invoice | null> {
    return this.one('project_id', projectId, lock);
  }

  byId(id: number, lock: boolean): Promise<Invoice | null> {
    return this.one('id', id, lock);
  }

  async nextNumber(): Promise<number> {
    const rows: Array<{ last_number: number }> = await this.tx.manager.query(
      // Through a WITH: a bare UPDATE … RETURNING answers [rows, count] here.
      `WITH taken AS (UPDATE invoice_numbers SET last_number = last_number + 1 WHERE id = 1 RETURNING last_number) SELECT last_number FROM taken`,
    );
    return rows[0].last_number;
  }

  async save(invoice: Invoice, today: string): Promise<Invoice> {
    const p = invoice.snapshot;
    const t = invoice.totals;
    const next = invoice.nextInstallment(today);
    const values = [
      p.number,
      invoice.status,
      p.issuedAt,
      p.sentAt,
      p.voidedAt,
      p.currency,
      p.discount?.kind ?? null,
      p.discount?.value ?? null,
      p.tax.name,
      rateText(p.tax.rateMilli),
      p.tax.inclusive,
      t.subtotal,
      t.discount,
      t.tax,
      t.total,
      t.credits,
      t.payments,
      t.refunded,
      t.paid,
      t.due,
      next?.dueDate ?? null,
      next?.remainingCents ?? 0,
    ];
    let id = p.id;
    if (!id) {
      const rows: Array<{ id: number }> = await this.tx.manager.query(
        `INSERT INTO invoices (project_id, client_id, number, status, issued_at, sent_at, voided_at, currency, discount_kind, discount_value,
                               tax_name, tax_rate, tax_inclusive, subtotal_cents, discount_cents, tax_cents, total_cents, credits_cents,
                               payments_cents, refunded_cents, paid_cents, due_cents, next_due_date, next_due_cents)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24) RETURNING id`,
        [p.projectId, p.clientId, ...values],
      );
      id = rows[0].id;
    } else {
      await this.tx.manager.query(
        `UPDATE invoices SET client_id = $2, number = $3, status = $4, issued_at = $5, sent_at = $6, voided_at = $7, currency = $8,
                discount_kind = $9, discount_value = $10, tax_name = $11, tax_rate = $12, tax_inclusive = $13, subtotal_cents = $14,
                discount_cents = $15, tax_cents = $16, total_cents = $17, credits_cents = $18, payments_cents = $19, refunded_cents = $20,
                paid_cents = $21, due_cents = $22, next_due_date = $23, next_due_cents = $24, updated_at = now()
          WHERE id = $1`,
        [id, p.clientId, ...values],
      );
    }
    await this.saveLines(id, p.lines);
    await this.saveSchedule(id, invoice.installments(today));
    await this.savePostings(id, p.postings);
    return (await this.byId(id, false))!;
  }

  private async saveLines(id: number, lines: readonly InvoiceLine[]): Promise<void> {
    await this.tx.manager.query(`DELETE FROM invoice_lines WHERE invoice_id = $1`, [id]);
    if (!lines.length) return;
    await this.tx.manager.query(
      `INSERT INTO invoice_lines (invoice_id, position, description, quantity, unit_price_cents, source, service_id, paid_with_credits)
       SELECT $1, (x.o - 1)::smallint, x.d, x.q, x.u, x.s, x.sv, x.c
         FROM unnest($2::text[], $3::int[], $4::bigint[], $5::text[], $6::int[], $7::boolean[]) WITH ORDINALITY AS x(d, q, u, s, sv, c, o)`,
      [
        id,
        lines.map((l) => l.description),
        lines.map((l) => l.quantity),
        lines.map((l) => l.unitPriceCents),
        lines.map((l) => l.source),
        lines.map((l) => l.serviceId),
        lines.map((l) => l.paidWithCredits),
      ],
    );
  }

  /** Installments keep their ids by position (their reminders stay sent), unless their due date moved. */
  private async saveSchedule(id: number, schedule: ReadonlyArray<Installment & { paidCents: number }>): Promise<void> {
    await this.tx.manager.query(
      `DELETE FROM invoice_reminders r USING invoice_installments k, unnest($2::int[], $3::date[]) WITH ORDINALITY AS x(n, due, o)
        WHERE r.installment_id = k.id AND k.invoice_id = $1 AND k.position = x.o - 1 AND k.due_date <> x.due`,
      [id, schedule.map((_, i) => i), schedule.map((s) => s.dueDate)],
    );
    await this.tx.manager.query(`DELETE FROM invoice_installments WHERE invoice_id = $1 AND position >= $2`, [id, schedule.length]);
    if (!schedule.length) return;
    await this.tx.manager.query(
      `INSERT INTO invoice_installments (invoice_id, position, label, amount_cents, due_date, paid_cents)
       SELECT $1, (x.o - 1)::smallint, x.l, x.a, x.d, x.p
         FROM unnest($2::text[], $3::bigint[], $4::date[], $5::bigint[]) WITH ORDINALITY AS x(l, a, d, p, o)
       ON CONFLICT (invoice_id, position) DO UPDATE
         SET label = EXCLUDED.label, amount_cents = EXCLUDED.amount_cents, due_date = EXCLUDED.due_date, paid_cents = EXCLUDED.paid_cents`,
      [
        id,
        schedule.map((s) => s.label),
        schedule.map((s) => s.amountCents),
        schedule.map((s) => s.dueDate),
        schedule.map((s) => s.paidCents),
      ],
    );
  }

  /** Postings are only ever added; the unique indexes keep each payment and refund posted once. */
  private async savePostings(id: number, postings: readonly Posting[]): Promise<void> {
    for (const p of postings.filter((x) => x.id === undefined)) {
      await this.tx.manager.query(
        `INSERT INTO invoice_postings (invoice_id, kind, amount_cents, payment_id, refund_id, method, posted_at)
         SELECT $1::int, $2::varchar, $3::bigint, $4::int, $5::int, $6::varchar, $7::timestamptz
          WHERE NOT EXISTS (SELECT 1 FROM invoice_postings x WHERE x.invoice_id = $1::int AND x.kind = $2::varchar AND x.payment_id = $4::int
                              AND x.refund_id IS NOT DISTINCT FROM $5::int)`,
        [id, p.kind, p.amountCents, p.paymentId, p.refundId, p.method, p.postedAt],
      );
    }
  }
}
