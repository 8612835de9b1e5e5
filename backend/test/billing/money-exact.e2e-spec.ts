import fc from 'fast-check';
import { Billing, type ProjectLineForBilling } from '../../src/modules/billing';
import { Invoices } from '../../src/modules/billing/application/invoices';
import { Invoice, type Discount, type InvoiceLine, type Posting, type SchedulePart } from '../../src/modules/billing/domain/invoice';
import { rateMilli } from '../../src/modules/billing/infrastructure/persistence/invoice.typeorm-repository';
import { DEFAULT_MONEY_STYLE } from '../../src/shared/domain/money-format';
import { DomainError, RuleViolatedError } from '../../src/shared/errors/domain-error';
import { TransactionHost } from '../../src/shared/transaction/transaction-host';
import { clientAgent, createTestApp, eventually, TestApp } from '../support/test-app';

/**
 * CONTRACT §14, property tests against PostgreSQL: random sequences of line edits (the project's services,
 * some paid with credits, and the studio's custom lines), discounts, schedules (amounts and percents),
 * deposits, manual and card payments and refunds go through the app's own Billing and Invoices services on
 * the real database. After each step the stored rows (invoices, invoice_lines, invoice_installments,
 * invoice_postings, projects.is_paid) must be what the Invoice aggregate computes from the same step
 * applied to the rows as they were, what it derives afresh from the rows as they are now, and keep the
 * invariants: the installments sum to the total, paid = payments − refunds + credits, due = total − paid ≥ 0,
 * each installment's paid part filled in order. A refused step leaves every row as it was.
 *
 * And a race: two manual payments of one installment in two transactions at once pay it once (the invoice
 * row is locked FOR UPDATE while a payment is posted).
 */
const RUNS = 40;
const style = DEFAULT_MONEY_STYLE;

type Op =
  | { op: 'sync'; lines: ProjectLineForBilling[]; price: number }
  | {
      op: 'custom';
      lines: Array<{ description: string; quantity: number; unitPriceCents: number }> | undefined;
      discount: Discount | null | undefined;
    }
  | { op: 'schedule'; percent: boolean; weights: number[]; skew: number }
  | { op: 'deposit'; fraction: number | null }
  | { op: 'pay'; fraction: number; extra: number; exact: boolean; again: boolean }
  | { op: 'refund'; pick: number; fraction: number; extra: number };

const cents = fc.oneof(fc.integer({ min: 0, max: 150_000 }), fc.constantFrom(0, 1, 5, 999));
const serviceLines = fc
  .uniqueArray(
    fc.record({
      serviceId: fc.integer({ min: 1, max: 6 }),
      unitPriceCents: cents,
      quantity: fc.integer({ min: 1, max: 3 }),
      paidWithCredits: fc.boolean(),
    }),
    { maxLength: 3, selector: (l) => l.serviceId },
  )
  .map((ls) => ls.map((l) => ({ ...l, description: `Service ${l.serviceId}` })));
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('sync' as const), lines: serviceLines, price: cents }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('custom' as const),
      lines: fc.option(
        fc.array(
          fc.record({ description: fc.constantFrom('Travel', 'Prints'), quantity: fc.integer({ min: 1, max: 3 }), unitPriceCents: cents }),
          { maxLength: 2 },
        ),
        {
          nil: undefined,
        },
      ),
      discount: fc.oneof(
        fc.constant(undefined),
        fc.constant(null),
        fc.record({ kind: fc.constant('amount' as const), value: fc.integer({ min: 1, max: 200_000 }) }),
        fc.record({
          kind: fc.constant('percent' as const),
          value: fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.constantFrom(8_875, 12_500)),
        }),
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('schedule' as const),
      percent: fc.boolean(),
      weights: fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 4 }),
      skew: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: -2, max: 2 }) }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('deposit' as const),
      fraction: fc.option(fc.double({ min: 0, max: 1.1, noNaN: true }), { nil: null }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('pay' as const),
      fraction: fc.double({ min: 0.05, max: 1, noNaN: true }),
      extra: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 3000 }) }),
      exact: fc.boolean(),
      again: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('refund' as const),
      pick: fc.nat(),
      fraction: fc.double({ min: 0.05, max: 1, noNaN: true }),
      extra: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 3000 }) }),
    }),
  },
);

interface Stored {
  row: Record<string, unknown> & { id: number; number: number | null };
  invoice: Invoice;
  installments: Array<{ paid_cents: string }>;
  isPaid: boolean;
  /** Every row as read, to tell that a refused step changed nothing. */
  raw: string;
}

describe('money is exact against PostgreSQL (CONTRACT §14)', () => {
  let t: TestApp;
  let billing: Billing;
  let invoices: Invoices;
  let tx: TransactionHost;
  let clientId: number;
  // Payment and refund ids of this file's own (the postings' unique indexes span the database).
  let nextId = 1_900_000_000 + (process.pid % 1000) * 10_000;

  beforeAll(async () => {
    t = await createTestApp();
    billing = t.app.get(Billing);
    invoices = t.app.get(Invoices, { strict: false });
    tx = t.app.get(TransactionHost);
    clientId = (await clientAgent(t, 'exact')).id;
  });
  afterAll(async () => {
    if (!t) return;
    await t.db.query(`UPDATE studio_settings SET tax_rate = 0, tax_inclusive = false WHERE id = 1`);
    await t.close();
  });

  async function newProject(name: string): Promise<number> {
    const rows: Array<{ id: number }> = await t.db.query(
      `INSERT INTO projects (name, description, client_id, price_cents, date) VALUES ($1, '', $2, 0, now()) RETURNING id`,
      [name, clientId],
    );
    return rows[0].id;
  }

  /** The project's invoice as stored, and the Invoice aggregate restored from its rows. */
  async function load(projectId: number): Promise<Stored | null> {
    const [row] = await t.db.query(
      `SELECT id, project_id, client_id, number, issued_at, sent_at, voided_at, currency, discount_kind, discount_value, tax_name,
              tax_rate::text AS tax_rate, tax_inclusive, status, subtotal_cents, discount_cents, tax_cents, total_cents, credits_cents,
              payments_cents, refunded_cents, paid_cents, due_cents, to_char(next_due_date, 'YYYY-MM-DD') AS next_due_date, next_due_cents
         FROM invoices WHERE project_id = $1`,
      [projectId],
    );
    if (!row) return null;
    const lines = await t.db.query(
      `SELECT description, quantity, unit_price_cents, source, service_id, paid_with_credits FROM invoice_lines WHERE invoice_id = $1 ORDER BY position`,
      [row.id],
    );
    const installments = await t.db.query(
      `SELECT id, position, label, amount_cents, to_char(due_date, 'YYYY-MM-DD') AS due_date, paid_cents FROM invoice_installments WHERE invoice_id = $1 ORDER BY position`,
      [row.id],
    );
    const postings = await t.db.query(
      `SELECT id, kind, amount_cents, payment_id, refund_id, method, posted_at FROM invoice_postings WHERE invoice_id = $1 ORDER BY id`,
      [row.id],
    );
    const [{ is_paid: isPaid }] = await t.db.query(`SELECT is_paid FROM projects WHERE id = $1`, [projectId]);
    const invoice = Invoice.restore({
      id: row.id,
      projectId: row.project_id,
      clientId: row.client_id,
      number: row.number,
      issuedAt: row.issued_at,
      sentAt: row.sent_at,
      voidedAt: row.voided_at,
      currency: row.currency,
      discount: row.discount_kind ? { kind: row.discount_kind, value: Number(row.discount_value) } : null,
      tax: { name: row.tax_name, rateMilli: rateMilli(row.tax_rate), inclusive: row.tax_inclusive },
      lines: lines.map((l: Record<string, never>): InvoiceLine => ({
        description: l.description,
        quantity: l.quantity,
        unitPriceCents: Number(l.unit_price_cents),
        source: l.source,
        serviceId: l.service_id,
        paidWithCredits: l.paid_with_credits,
      })),
      schedule: installments.map((s: Record<string, never>) => ({
        id: s.id,
        label: s.label,
        amountCents: Number(s.amount_cents),
        dueDate: s.due_date,
      })),
      postings: postings.map((p: Record<string, never>): Posting => ({
        id: p.id,
        kind: p.kind,
        amountCents: Number(p.amount_cents),
        paymentId: p.payment_id,
        refundId: p.refund_id,
        method: p.method,
        postedAt: p.posted_at,
      })),
    });
    return { row, invoice, installments, isPaid, raw: JSON.stringify({ row, lines, installments, postings, isPaid }) };
  }

  /** What an invoice holds (the times it was written aside), to compare the stored one with the expected one. */
  const essence = (inv: Invoice) => {
    const s = inv.snapshot;
    return {
      numbered: s.number !== null,
      discount: s.discount,
      tax: s.tax,
      lines: s.lines.map((l) => ({ ...l })),
      schedule: s.schedule.map((i) => [i.label, i.amountCents, i.dueDate]),
      postings: s.postings.map((p) => [p.kind, p.amountCents, p.paymentId, p.refundId, p.method]),
    };
  };

  /** The stored derived columns are what the aggregate derives from the stored rows; the invariants hold. */
  function checkStored(s: Stored, today: string) {
    const inv = s.invoice;
    const tt = inv.totals;
    const r = s.row;
    expect({
      status: r.status,
      subtotal: Number(r.subtotal_cents),
      discount: Number(r.discount_cents),
      tax: Number(r.tax_cents),
      total: Number(r.total_cents),
      credits: Number(r.credits_cents),
      payments: Number(r.payments_cents),
      refunded: Number(r.refunded_cents),
      paid: Number(r.paid_cents),
      due: Number(r.due_cents),
    }).toEqual({ status: inv.status, ...tt });
    expect(tt.paid).toBe(tt.payments - tt.refunded + tt.credits);
    expect(tt.due).toBe(Math.max(0, tt.total - tt.paid));
    const sum = inv.schedule.reduce((a, i) => a + i.amountCents, 0);
    if (inv.number !== null) expect(sum).toBe(tt.total);
    else expect(inv.schedule).toEqual([]);
    const states = inv.installments(today);
    expect(s.installments.map((k) => Number(k.paid_cents))).toEqual(states.map((k) => k.paidCents));
    let left = tt.paid;
    for (const k of states) {
      expect(k.paidCents).toBe(Math.max(0, Math.min(k.amountCents, left)));
      left -= k.paidCents;
    }
    const next = inv.nextInstallment(today);
    expect([r.next_due_date, Number(r.next_due_cents)]).toEqual([next?.dueDate ?? null, next?.remainingCents ?? 0]);
    // The projects module's cache of billing's answer.
    expect(s.isPaid).toBe(inv.status === 'draft' || tt.due === 0);
  }

  /** The app's step and the aggregate's: both accept it with the same result, or both refuse it and nothing changes. */
  async function step(projectId: number, expected: (inv: Invoice) => void, actual: () => Promise<unknown>, today: string): Promise<string> {
    const before = await load(projectId);
    let expectedError: string | null = null;
    let expectedInvoice: Invoice | null = null;
    if (before) {
      const copy = Invoice.restore(structuredClone(before.invoice.snapshot) as never);
      try {
        expected(copy);
        expectedInvoice = copy;
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        expectedError = err.code;
      }
    }
    let actualError: string | null = null;
    try {
      await actual();
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      actualError = err.code;
    }
    const after = (await load(projectId))!;
    if (before) {
      expect(actualError).toBe(expectedError);
      if (actualError) expect(after.raw).toBe(before.raw);
      else expect(essence(after.invoice)).toEqual(essence(expectedInvoice!));
    }
    checkStored(after, today);
    return actualError ?? 'accepted';
  }

  it(`random sequences of changes and postings: the stored rows are what the Invoice aggregate computes (${RUNS} runs of up to 15 steps)`, async () => {
    const outcomes = new Map<string, number>();
    const money = {
      notPositive: () => new RuleViolatedError('PROJECT.DEPOSIT', 'Deposit must be more than $0.00'),
      abovePrice: () => new RuleViolatedError('PROJECT.DEPOSIT_ABOVE', 'above'),
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('0', '8.875', '20', '7.125'),
        fc.boolean(),
        serviceLines,
        fc.array(opArb, { minLength: 3, maxLength: 15 }),
        async (rate, inclusive, first, ops) => {
          await t.db.query(`UPDATE studio_settings SET tax_rate = $1::numeric, tax_inclusive = $2 WHERE id = 1`, [rate, inclusive]);
          const projectId = await newProject(`Exact ${nextId}`);
          const today = await billing.today();
          const [{ payment_due_days: dueDays }] = await t.db.query(`SELECT payment_due_days FROM studio_settings WHERE id = 1`);
          let lines = first;
          let price = 0;
          const paid = new Map<number, number>(); // payment id → cents posted
          const sync = (depositCents?: number | null) =>
            tx.run(() =>
              billing.syncProject({
                projectId,
                clientId,
                name: 'Exact',
                lines,
                priceWithoutLinesCents: price,
                ...(depositCents !== undefined ? { depositCents, depositErrors: money } : {}),
              }),
            );
          // The project's first lines make its invoice (a draft, numbered once it has a total).
          await sync();
          checkStored((await load(projectId))!, today);
          const issue = (inv: Invoice) => {
            if (inv.needsNumber) inv.issue(1, new Date(), today, dueDays);
          };
          for (const o of ops) {
            const now = (await load(projectId))!.invoice.totals;
            let outcome: string;
            switch (o.op) {
              case 'sync': {
                const next = o;
                outcome = await step(
                  projectId,
                  (inv) => {
                    inv.syncProjectLines(next.lines, 'Exact', next.price, style);
                    issue(inv);
                  },
                  async () => {
                    const [l, p] = [lines, price];
                    [lines, price] = [next.lines, next.price];
                    await sync().catch((err) => {
                      [lines, price] = [l, p];
                      throw err;
                    });
                  },
                  today,
                );
                break;
              }
              case 'custom': {
                const id = (await load(projectId))!.row.id;
                outcome = await step(
                  projectId,
                  (inv) => {
                    inv.setCustomLines(o.lines, o.discount, style);
                    issue(inv);
                  },
                  () => invoices.update(id, { customLines: o.lines, discount: o.discount }),
                  today,
                );
                break;
              }
              case 'schedule': {
                const id = (await load(projectId))!.row.id;
                const n = o.weights.length;
                const dates = o.weights.map((_, i) => addDays(today, i * 30 - 20)); // the first may be overdue
                const sumW = o.weights.reduce((a, w) => a + w, 0);
                let parts: SchedulePart[];
                if (o.percent) {
                  const milli = o.weights.map((w) => Math.floor((100_000 * w) / sumW));
                  milli[n - 1] += 100_000 - milli.reduce((a, m) => a + m, 0) + o.skew;
                  parts = milli.map((m, i) => ({ label: `Part ${i + 1}`, percentMilli: m, dueDate: dates[i] }));
                } else {
                  const amounts = o.weights.map((w) => Math.floor((now.total * w) / sumW));
                  amounts[n - 1] += now.total - amounts.reduce((a, m) => a + m, 0) + o.skew;
                  parts = amounts.map((a, i) => ({ label: `Part ${i + 1}`, amountCents: a, dueDate: dates[i] }));
                }
                outcome = await step(
                  projectId,
                  (inv) => inv.setSchedule(parts, style),
                  () => invoices.setSchedule(id, parts),
                  today,
                );
                break;
              }
              case 'deposit': {
                const deposit = o.fraction === null ? null : Math.round(now.total * o.fraction);
                outcome = await step(
                  projectId,
                  (inv) => {
                    inv.syncProjectLines(lines, 'Exact', price, style);
                    issue(inv);
                    inv.setDeposit(deposit, today, dueDays, style, money);
                  },
                  () => sync(deposit),
                  today,
                );
                break;
              }
              case 'pay': {
                const ids = [...paid.keys()];
                const paymentId = o.again && ids.length ? ids[ids.length - 1] : ++nextId;
                const amount = Math.max(1, Math.round(now.due * o.fraction)) + o.extra;
                const method = o.exact ? ('manual' as const) : ('card' as const);
                outcome = await step(
                  projectId,
                  (inv) => {
                    inv.postPayment({ paymentId, amountCents: amount, method, postedAt: new Date() }, o.exact, style);
                  },
                  async () => {
                    const r = await tx.run(() =>
                      billing.postPayment({ projectId, paymentId, amountCents: amount, method, exact: o.exact }),
                    );
                    if (r.posted) paid.set(paymentId, amount);
                    if (o.again && ids.length) expect(r.posted).toBe(false);
                  },
                  today,
                );
                if (o.again && ids.length) outcome = 'posted again: nothing changed';
                break;
              }
              case 'refund': {
                const ids = [...paid.keys()];
                if (!ids.length) continue;
                const paymentId = ids[o.pick % ids.length];
                const left = paid.get(paymentId)!;
                const amount = Math.max(1, Math.round(left * o.fraction)) + o.extra;
                const refundId = ++nextId;
                outcome = await step(
                  projectId,
                  (inv) => {
                    inv.postRefund({ paymentId, refundId, amountCents: amount, postedAt: new Date() }, style);
                  },
                  async () => {
                    await tx.run(() => billing.postRefund({ projectId, paymentId, refundId, amountCents: amount }));
                    paid.set(paymentId, left - amount);
                  },
                  today,
                );
                break;
              }
            }
            outcomes.set(`${o.op} ${outcome}`, (outcomes.get(`${o.op} ${outcome}`) ?? 0) + 1);
          }
        },
      ),
      { numRuns: RUNS },
    );
    console.log(
      `money-exact: ${RUNS} runs; steps: ${[...outcomes]
        .sort()
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    );
    expect([...outcomes.keys()].some((k) => k.startsWith('pay accepted'))).toBe(true);
  }, 120_000);

  it('two manual payments of one installment at once: one is posted, the other refused; paid = the installment once', async () => {
    await t.db.query(`UPDATE studio_settings SET tax_rate = 0, tax_inclusive = false WHERE id = 1`);
    const projectId = await newProject('Exact race');
    const today = await billing.today();
    await tx.run(() => billing.syncProject({ projectId, clientId, name: 'Exact race', lines: [], priceWithoutLinesCents: 100_000 }));
    const id = (await load(projectId))!.row.id;
    await invoices.setSchedule(id, [
      { label: 'Deposit', amountCents: 30_000, dueDate: today },
      { label: 'Installment 2', amountCents: 30_000, dueDate: addDays(today, 30) },
      { label: 'Balance', amountCents: 40_000, dueDate: addDays(today, 60) },
    ]);
    await tx.run(() => billing.postPayment({ projectId, paymentId: ++nextId, amountCents: 60_000, method: 'manual', exact: true }));
    const [a, b] = [++nextId, ++nextId];

    // The first holds its transaction open after posting; the second starts meanwhile and must wait for the invoice's row.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let firstPosted!: () => void;
    const posted = new Promise<void>((r) => (firstPosted = r));
    const first = tx.run(async () => {
      const r = await billing.postPayment({ projectId, paymentId: a, amountCents: 40_000, method: 'manual', exact: true });
      firstPosted();
      await held;
      return r;
    });
    await posted;
    const second = tx
      .run(() => billing.postPayment({ projectId, paymentId: b, amountCents: 40_000, method: 'manual', exact: true }))
      .then(
        (r) => ({ ok: true as const, r }),
        (err: unknown) => ({ ok: false as const, err }),
      );
    // The second is waiting on the row lock (not finished, not failed) while the first is open.
    await eventually(async () => {
      const [{ n }] = await t.db.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%FROM invoices%FOR UPDATE%'`,
      );
      expect(n).toBe(1);
    });
    release();
    expect((await first).posted).toBe(true);
    const outcome = await second;
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.err).toBeInstanceOf(DomainError);
      expect((outcome.err as DomainError).code).toBe('BILLING.ALREADY_PAID');
    }

    const s = (await load(projectId))!;
    checkStored(s, today);
    expect(s.invoice.totals).toMatchObject({ total: 100_000, payments: 100_000, paid: 100_000, due: 0 });
    expect(s.invoice.postings.map((p) => [p.paymentId, p.amountCents])).toEqual([
      [a - 1, 60_000],
      [a, 40_000],
    ]);
    expect(s.installments.map((k) => Number(k.paid_cents))).toEqual([30_000, 30_000, 40_000]);
    expect(s.row.status).toBe('paid');

    // The same two at once without holding either (Promise.all): again exactly one is posted.
    const p2 = await newProject('Exact race 2');
    await tx.run(() => billing.syncProject({ projectId: p2, clientId, name: 'Exact race 2', lines: [], priceWithoutLinesCents: 25_000 }));
    const both = await Promise.allSettled(
      [++nextId, ++nextId].map((paymentId) =>
        tx.run(() => billing.postPayment({ projectId: p2, paymentId, amountCents: 25_000, method: 'manual', exact: true })),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const s2 = (await load(p2))!;
    checkStored(s2, today);
    expect(s2.invoice.totals).toMatchObject({ payments: 25_000, due: 0 });
  });
});

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
