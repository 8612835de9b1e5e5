import fc from 'fast-check';
import { DEFAULT_MONEY_STYLE } from '../../../shared/domain/money-format';
import { DomainError } from '../../../shared/errors/domain-error';
import { Invoice, type Discount, type InvoiceLine, type SchedulePart, type TaxTerms } from './invoice';

/**
 * CONTRACT §14: for every sequence of line edits, discounts, schedules, deposits, payments, credit-paid lines
 * and refunds, what the Invoice aggregate answers agrees with an independent reckoning of the postings:
 * - the installments sum to the total;
 * - paid = payments − refunds + credits applied; due = total − paid, never below 0;
 * - the status and every installment's state follow the postings (the earlier installments are paid first);
 * - a payment id posted twice changes nothing; a refund above what is left of its payment is refused;
 * - a refused operation leaves the invoice exactly as it was, and an operation is refused exactly when it must be.
 */
const style = DEFAULT_MONEY_STYLE;
const TODAY = '2026-01-15';
const PROPERTY_RUNS = 1000;

type ServiceLine = Omit<InvoiceLine, 'source'>;
type CustomLine = Pick<InvoiceLine, 'description' | 'quantity' | 'unitPriceCents'>;

type Op =
  | { op: 'sync'; lines: ServiceLine[]; price: number }
  | { op: 'custom'; lines: CustomLine[] | undefined; discount: Discount | null | undefined }
  | { op: 'scheduleAmounts'; weights: number[]; dates: string[]; skew: number }
  | { op: 'schedulePercents'; weights: number[]; dates: string[]; skew: number }
  | { op: 'scheduleBad'; kind: 'tooMany' | 'badDate' | 'mixed' | 'unordered' }
  | { op: 'deposit'; fraction: number | null }
  | { op: 'pay'; paymentId: number; fraction: number; extra: number; exact: boolean }
  | { op: 'refund'; pick: number; refundId: number; fraction: number; extra: number };

const date = fc.integer({ min: 0, max: 120 }).map((d) => new Date(Date.UTC(2025, 11, 1 + d)).toISOString().slice(0, 10));
const cents = fc.oneof(fc.integer({ min: 0, max: 200_000 }), fc.constantFrom(0, 1, 3, 5, 99, 100, 9999));
const serviceLines = fc
  .uniqueArray(
    fc.record({
      serviceId: fc.integer({ min: 1, max: 8 }),
      unitPriceCents: cents,
      quantity: fc.integer({ min: 1, max: 3 }),
      paidWithCredits: fc.boolean(),
    }),
    { maxLength: 4, selector: (l) => l.serviceId },
  )
  .map((ls) => ls.map((l) => ({ ...l, description: `Service ${l.serviceId}` })));
const customLines = fc.array(
  fc.record({ description: fc.constantFrom('Travel', 'Prints', 'Album'), quantity: fc.integer({ min: 1, max: 4 }), unitPriceCents: cents }),
  { maxLength: 3 },
);
const discount: fc.Arbitrary<Discount | null | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.record({ kind: fc.constant('amount' as const), value: fc.oneof(fc.integer({ min: 0, max: 300_000 }), fc.constantFrom(0, 1)) }),
  fc.record({
    kind: fc.constant('percent' as const),
    value: fc.oneof(fc.integer({ min: 0, max: 110_000 }), fc.constantFrom(12_500, 8_875, 100_000, 100_001)),
  }),
);
const weights = (min: number, max: number) => fc.array(fc.integer({ min: 1, max: 100 }), { minLength: min, maxLength: max });
const scheduleOf = (kind: 'scheduleAmounts' | 'schedulePercents') =>
  weights(1, 12).chain((ws) =>
    fc.record({
      op: fc.constant(kind),
      weights: fc.constant(ws),
      dates: fc.array(date, { minLength: ws.length, maxLength: ws.length }).map((ds) => ds.sort()),
      // mostly right; sometimes the sum is off by a few (cents, or thousandths of a percent)
      skew: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: -3, max: 3 }) }),
    }),
  );

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('sync' as const), lines: serviceLines, price: cents }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('custom' as const), lines: fc.option(customLines, { nil: undefined }), discount }) },
  { weight: 2, arbitrary: scheduleOf('scheduleAmounts') },
  { weight: 2, arbitrary: scheduleOf('schedulePercents') },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('scheduleBad' as const),
      kind: fc.constantFrom('tooMany' as const, 'badDate' as const, 'mixed' as const, 'unordered' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('deposit' as const),
      fraction: fc.option(fc.double({ min: 0, max: 1.2, noNaN: true }), { nil: null }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('pay' as const),
      paymentId: fc.integer({ min: 1, max: 8 }),
      fraction: fc.double({ min: 0, max: 1, noNaN: true }),
      extra: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 5000 }) }),
      exact: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('refund' as const),
      pick: fc.nat(),
      refundId: fc.integer({ min: 1, max: 12 }),
      fraction: fc.double({ min: 0, max: 1, noNaN: true }),
      extra: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 5000 }) }),
    }),
  },
);
const taxArb: fc.Arbitrary<TaxTerms> = fc.record({
  name: fc.constant('Tax'),
  rateMilli: fc.oneof(fc.constant(0), fc.constantFrom(8_875, 10_000, 7_125, 20_000), fc.integer({ min: 0, max: 30_000 })),
  inclusive: fc.boolean(),
});

/** Plain checks (Jest's expect is too slow for tens of thousands of operations a run): a mismatch throws with both sides. */
function eq(actual: unknown, expected: unknown, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}
function ok(cond: boolean, what: string): void {
  if (!cond) throw new Error(what);
}
const frozen = (inv: Invoice) => JSON.stringify(inv.snapshot);

/** q = floor(n / d + 1/2) for n ≥ 0, checked without dividing: 2qd ≤ 2n + d < 2(q + 1)d. */
const isHalfUp = (q: number, n: bigint, d: bigint) => 2n * BigInt(q) * d <= 2n * n + d && 2n * n + d < 2n * (BigInt(q) + 1n) * d;

/** What is owed, reckoned apart from the aggregate's code from its lines, discount, tax and the postings accepted. */
function reckon(inv: Invoice, posted: { payments: number; refunds: number }) {
  const { lines, discount: d, tax } = inv.snapshot;
  const amount = (l: InvoiceLine) => l.quantity * l.unitPriceCents;
  const subtotal = lines.reduce((s, l) => s + amount(l), 0);
  const credits = lines.filter((l) => l.paidWithCredits).reduce((s, l) => s + amount(l), 0);
  const forMoney = subtotal - credits;
  const t = inv.totals;
  // The discount: the amount, or the percent of what is paid in money half up; never above it.
  if (!d) eq(t.discount, 0, 'no discount');
  else if (d.kind === 'amount') eq(t.discount, Math.min(d.value, forMoney), 'amount discount');
  else if (t.discount !== forMoney) ok(isHalfUp(t.discount, BigInt(forMoney) * BigInt(d.value), 100_000n), 'percent discount half up');
  ok(t.discount <= forMoney, 'discount at most the subtotal paid in money');
  const taxable = forMoney - t.discount;
  const rate = BigInt(tax.rateMilli);
  ok(isHalfUp(t.tax, BigInt(taxable) * rate, tax.inclusive ? 100_000n + rate : 100_000n), `tax ${t.tax} half up`);
  const total = subtotal - t.discount + (tax.inclusive ? 0 : t.tax);
  const paid = posted.payments - posted.refunds + credits;
  return { subtotal, credits, total, paid, due: Math.max(0, total - paid) };
}

function checkInvariants(inv: Invoice, posted: { payments: number; refunds: number }) {
  const r = reckon(inv, posted);
  const t = inv.totals;
  eq(
    [t.subtotal, t.credits, t.total, t.payments, t.refunded, t.paid, t.due],
    [r.subtotal, r.credits, r.total, posted.payments, posted.refunds, r.paid, r.due],
    'subtotal, credits, total, payments, refunded, paid, due',
  );
  eq(t.paid, t.payments - t.refunded + t.credits, 'paid = payments − refunds + credits');
  ok(t.due >= 0, 'due ≥ 0');
  // Issued invoices have a schedule summing to the total; drafts (nothing billed yet) have none.
  const sum = inv.schedule.reduce((s, i) => s + i.amountCents, 0);
  if (inv.number !== null) eq(sum, t.total, 'installments sum to the total');
  else eq(inv.schedule.length, 0, 'a draft has no schedule');
  ok(inv.schedule.length <= 12, 'at most 12 installments');
  ok(
    inv.schedule.every((i) => i.amountCents > 0),
    'every installment above 0',
  );
  // The status follows what is owed.
  eq(inv.status, inv.number === null ? 'draft' : r.due === 0 ? 'paid' : 'open', 'status');
  eq(inv.isPaid, r.due === 0, 'isPaid');
  // The waterfall: what is paid fills the installments in order; a later one has nothing while an earlier one is owed.
  const states = inv.installments(TODAY);
  let left = Math.max(0, r.paid);
  let owedBefore = false;
  for (const s of states) {
    const expected = Math.min(s.amountCents, left);
    left -= expected;
    eq([s.paidCents, s.remainingCents], [expected, s.amountCents - expected], `installment ${s.number} paid, remaining`);
    if (owedBefore) eq(s.paidCents, 0, 'nothing paid after an installment still owed');
    if (s.remainingCents > 0) owedBefore = true;
    eq(s.status, s.remainingCents === 0 ? 'paid' : s.dueDate < TODAY ? 'overdue' : 'due', `installment ${s.number} status`);
  }
  const owedByInstallments = states.reduce((s, i) => s + i.remainingCents, 0);
  if (inv.number !== null) eq(owedByInstallments, r.due, 'the installments owe the due');
  const next = inv.nextInstallment(TODAY);
  eq(next, inv.status === 'open' ? states.find((s) => s.remainingCents > 0) : null, 'next installment');
  eq(
    inv.overdueCents(TODAY),
    inv.status === 'open' ? states.filter((s) => s.status === 'overdue').reduce((s, i) => s + i.remainingCents, 0) : 0,
    'overdue',
  );
}

/** Runs `fn`: when `mustRefuse` is a code, it must throw that code and leave the invoice unchanged; when null, it must not throw. */
const outcomes = new Map<string, number>();
const count = (k: string) => outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
afterAll(() => {
  // What the runs exercised (PROPERTY_STATS=1): each operation accepted or refused with its code.
  if (process.env.PROPERTY_STATS)
    console.log(
      [...outcomes]
        .sort()
        .map(([k, n]) => `${k}: ${n}`)
        .join('\n'),
    );
});

function expectOutcome(inv: Invoice, mustRefuse: string | null, fn: () => unknown, allowed: string[] = []): boolean {
  const before = frozen(inv);
  try {
    fn();
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    count(`refused ${err.code}`);
    eq(frozen(inv), before, `the invoice after a refused operation (${err.code})`);
    ok(
      (mustRefuse === null ? allowed : [mustRefuse, ...allowed]).includes(err.code),
      `refused with ${err.code} (${err.message}), expected ${mustRefuse ?? 'success'}`,
    );
    return false;
  }
  eq(null, mustRefuse, 'the operation was accepted');
  count('accepted');
  return true;
}

/** The total the lines would give (the discount capped, the tax half up), without the aggregate. */
function totalWith(inv: Invoice, lines: InvoiceLine[], d: Discount | null) {
  const { tax } = inv.snapshot;
  const subtotal = lines.reduce((s, l) => s + l.quantity * l.unitPriceCents, 0);
  const credits = lines.filter((l) => l.paidWithCredits).reduce((s, l) => s + l.quantity * l.unitPriceCents, 0);
  const forMoney = subtotal - credits;
  const raw = !d ? 0 : d.kind === 'amount' ? d.value : Number((BigInt(forMoney) * BigInt(d.value) * 2n + 100_000n) / 200_000n);
  const disc = Math.min(raw, forMoney);
  const taxable = BigInt(forMoney - disc);
  const rate = BigInt(tax.rateMilli);
  const den = tax.inclusive ? 100_000n + rate : 100_000n;
  const t = Number((taxable * rate * 2n + den) / (2n * den));
  return { total: subtotal - disc + (tax.inclusive ? 0 : t), credits, forMoney, raw };
}

function run(tax: TaxTerms, first: ServiceLine[], ops: Op[]) {
  const inv = Invoice.draft(1, 2, 'USD', tax);
  const posted = { payments: 0, refunds: 0 };
  const paymentsLeft = new Map<number, number>(); // payment id → what is left of it to refund
  const refundIds = new Set<number>();
  let numbers = 0;
  const issueIfNeeded = () => {
    if (inv.needsNumber) inv.issue(++numbers, new Date('2026-01-15T09:00:00Z'), TODAY, 30);
  };
  const linesOf = (l: ServiceLine[], price: number): InvoiceLine[] => {
    const own: InvoiceLine[] = l.length
      ? l.map((x) => ({ ...x, source: 'service' }))
      : price > 0
        ? [{ description: 'Project', quantity: 1, unitPriceCents: price, source: 'project', serviceId: null, paidWithCredits: false }]
        : [];
    return [...own, ...inv.lines.filter((x) => x.source === 'custom')];
  };

  inv.syncProjectLines(first, 'Project', 0, style);
  issueIfNeeded();
  checkInvariants(inv, posted);

  for (const o of ops) {
    const t = inv.totals;
    switch (o.op) {
      case 'sync': {
        const next = totalWith(inv, linesOf(o.lines, o.price), inv.snapshot.discount);
        const paidAfter = posted.payments - posted.refunds + next.credits;
        // Below what was paid only by a refund; an overpaid invoice may change as long as its total does not go lower.
        expectOutcome(inv, next.total < paidAfter && next.total < t.total ? 'BILLING.BELOW_PAID' : null, () =>
          inv.syncProjectLines(o.lines, 'Project', o.price, style),
        );
        issueIfNeeded();
        break;
      }
      case 'custom': {
        const custom: InvoiceLine[] = (o.lines ?? inv.lines.filter((l) => l.source === 'custom')).map((l) => ({
          description: l.description,
          quantity: l.quantity,
          unitPriceCents: l.unitPriceCents,
          source: 'custom',
          serviceId: null,
          paidWithCredits: false,
        }));
        const lines = [...inv.lines.filter((l) => l.source !== 'custom'), ...custom];
        const d = o.discount === undefined ? inv.snapshot.discount : o.discount;
        const next = totalWith(inv, lines, d);
        const badDiscount = d !== null && (d.value <= 0 || (d.kind === 'percent' && d.value > 100_000) || next.raw > next.forMoney);
        const expected =
          inv.status === 'paid'
            ? 'BILLING.PAID_INVOICE'
            : badDiscount
              ? 'BILLING.DISCOUNT_ABOVE_SUBTOTAL'
              : next.total < posted.payments - posted.refunds + next.credits && next.total < t.total
                ? 'BILLING.BELOW_PAID'
                : null;
        expectOutcome(inv, expected, () => inv.setCustomLines(o.lines, o.discount, style));
        issueIfNeeded();
        break;
      }
      case 'scheduleAmounts': {
        const sumW = o.weights.reduce((s, w) => s + w, 0);
        const amounts = o.weights.map((w) => Math.floor((t.total * w) / sumW));
        amounts[amounts.length - 1] += t.total - amounts.reduce((s, a) => s + a, 0) + o.skew;
        const ps: SchedulePart[] = amounts.map((a, i) => ({ label: `Part ${i + 1}`, amountCents: a, dueDate: o.dates[i] }));
        const expected =
          t.total === 0
            ? 'BILLING.NOTHING_TO_SCHEDULE'
            : amounts.some((a) => a <= 0)
              ? 'BILLING.BAD_AMOUNT'
              : o.skew !== 0
                ? 'BILLING.SCHEDULE_SUM'
                : null;
        if (expectOutcome(inv, expected, () => inv.setSchedule(ps, style))) {
          eq(
            inv.schedule.map((s) => s.amountCents),
            amounts,
            'the amounts sent',
          );
          eq(
            inv.schedule.map((s) => s.dueDate),
            o.dates,
            'the due dates sent',
          );
        }
        break;
      }
      case 'schedulePercents': {
        const sumW = o.weights.reduce((s, w) => s + w, 0);
        const milli = o.weights.map((w) => Math.floor((100_000 * w) / sumW));
        milli[milli.length - 1] += 100_000 - milli.reduce((s, a) => s + a, 0) + o.skew;
        const ps: SchedulePart[] = milli.map((m, i) => ({ label: `Part ${i + 1}`, percentMilli: m, dueDate: o.dates[i] }));
        const amounts = milli.slice(0, -1).map((m) => Number((BigInt(t.total) * BigInt(m) * 2n + 100_000n) / 200_000n));
        amounts.push(t.total - amounts.reduce((s, a) => s + a, 0));
        const expected =
          t.total === 0
            ? 'BILLING.NOTHING_TO_SCHEDULE'
            : milli.some((m) => m <= 0)
              ? 'BILLING.BAD_PERCENT'
              : o.skew !== 0
                ? 'BILLING.SCHEDULE_SUM'
                : amounts.some((a) => a <= 0)
                  ? 'BILLING.BAD_AMOUNT'
                  : null;
        if (expectOutcome(inv, expected, () => inv.setSchedule(ps, style)))
          eq(
            inv.schedule.map((s) => s.amountCents),
            amounts,
            'the percents as amounts',
          );
        break;
      }
      case 'scheduleBad': {
        const ps: SchedulePart[] =
          o.kind === 'tooMany'
            ? Array.from({ length: 13 }, (_, i) => ({ label: `P${i}`, amountCents: 1, dueDate: TODAY }))
            : o.kind === 'badDate'
              ? [{ label: 'Payment', amountCents: t.total, dueDate: '2026-02-30' }]
              : o.kind === 'unordered'
                ? [
                    { label: 'A', amountCents: 1, dueDate: '2026-03-01' },
                    { label: 'B', amountCents: t.total - 1, dueDate: '2026-02-01' },
                  ]
                : [
                    { label: 'A', amountCents: 1, dueDate: TODAY },
                    { label: 'B', percentMilli: 50_000, dueDate: TODAY },
                  ];
        const code = {
          tooMany: 'BILLING.TOO_MANY_INSTALLMENTS',
          badDate: 'BILLING.BAD_DUE_DATE',
          mixed: 'BILLING.MIXED_SCHEDULE',
          unordered: 'BILLING.DUE_DATES_ORDER',
        }[o.kind];
        expectOutcome(inv, t.total === 0 ? 'BILLING.NOTHING_TO_SCHEDULE' : code, () => inv.setSchedule(ps, style));
        break;
      }
      case 'deposit': {
        const cents = o.fraction === null ? null : Math.round(t.total * o.fraction);
        const errors = {
          notPositive: () => new DomainError('rule_violated', 'DEPOSIT.NOT_POSITIVE', 'no'),
          abovePrice: () => new DomainError('rule_violated', 'DEPOSIT.ABOVE', 'no'),
        };
        const expected = cents === null ? null : cents <= 0 ? 'DEPOSIT.NOT_POSITIVE' : cents > t.total ? 'DEPOSIT.ABOVE' : null;
        if (expectOutcome(inv, expected, () => inv.setDeposit(cents, TODAY, 30, style, errors)) && cents !== null)
          eq(inv.depositCents, cents, 'the deposit reads back');
        break;
      }
      case 'pay': {
        const amount = Math.max(o.fraction < 0.02 ? 0 : 1, Math.round(t.due * o.fraction)) + o.extra;
        const before = frozen(inv);
        if (paymentsLeft.has(o.paymentId)) {
          // Posted before: nothing changes, whatever the amount.
          eq(
            inv.postPayment(
              { paymentId: o.paymentId, amountCents: Math.max(1, amount), method: 'card', postedAt: new Date() },
              o.exact,
              style,
            ),
            false,
            'posted again',
          );
          eq(frozen(inv), before, 'the invoice after a payment posted again');
          break;
        }
        const expected =
          amount <= 0
            ? 'BILLING.BAD_AMOUNT'
            : o.exact && amount > t.due
              ? t.due === 0
                ? 'BILLING.ALREADY_PAID'
                : 'BILLING.OVERPAYMENT'
              : null;
        const accepted = expectOutcome(inv, expected, () =>
          eq(
            inv.postPayment(
              { paymentId: o.paymentId, amountCents: amount, method: o.exact ? 'manual' : 'card', postedAt: new Date() },
              o.exact,
              style,
            ),
            true,
            'posted',
          ),
        );
        if (accepted) {
          posted.payments += amount;
          paymentsLeft.set(o.paymentId, amount);
        }
        break;
      }
      case 'refund': {
        const ids = [...paymentsLeft.keys()];
        const paymentId = ids.length ? ids[o.pick % ids.length] : 99;
        const left = paymentsLeft.get(paymentId) ?? 0;
        const amount = Math.round(left * o.fraction) + o.extra;
        const before = frozen(inv);
        if (refundIds.has(o.refundId) && ids.length) {
          eq(
            inv.postRefund({ paymentId, refundId: o.refundId, amountCents: Math.max(1, amount), postedAt: new Date() }, style),
            false,
            'refund posted again',
          );
          eq(frozen(inv), before, 'the invoice after a refund posted again');
          break;
        }
        // A refund id already used on an unknown payment is still "posted once": only a fresh one is checked against the payment.
        if (refundIds.has(o.refundId)) break;
        const expected = !ids.length ? 'BILLING.UNKNOWN_PAYMENT' : amount <= 0 || amount > left ? 'BILLING.REFUND_ABOVE_PAID' : null;
        const accepted = expectOutcome(inv, expected, () =>
          eq(inv.postRefund({ paymentId, refundId: o.refundId, amountCents: amount, postedAt: new Date() }, style), true, 'refund posted'),
        );
        if (accepted) {
          posted.refunds += amount;
          paymentsLeft.set(paymentId, left - amount);
          refundIds.add(o.refundId);
        }
        break;
      }
    }
    checkInvariants(inv, posted);
  }
}

describe('Invoice: what is owed, for every sequence of changes and postings (property)', () => {
  it(`keeps the invariants of CONTRACT §14 (${PROPERTY_RUNS} runs of up to 40 operations)`, () => {
    fc.assert(
      fc.property(taxArb, serviceLines, fc.array(opArb, { maxLength: 40, size: 'max' }), (tax, first, ops) => run(tax, first, ops)),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it(`an installment is never paid twice: the same payments posted again, in any order, change nothing (${PROPERTY_RUNS} runs)`, () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500_000 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.record({ id: fc.integer({ min: 1, max: 6 }), cents: fc.integer({ min: 1, max: 200_000 }) }), { maxLength: 12 }),
        (total, ws, payments) => {
          const inv = Invoice.draft(1, 2, 'USD', { name: 'Tax', rateMilli: 0, inclusive: false });
          inv.syncProjectLines([], 'Project', total, style);
          inv.issue(1, new Date(), TODAY, 30);
          const sumW = ws.reduce((s, w) => s + w, 0);
          const amounts = ws.map((w) => Math.floor((total * w) / sumW));
          amounts[amounts.length - 1] += total - amounts.reduce((s, a) => s + a, 0);
          if (amounts.every((a) => a > 0))
            inv.setSchedule(
              amounts.map((a, i) => ({ label: `P${i}`, amountCents: a, dueDate: TODAY })),
              style,
            );
          const firstOf = new Map<number, number>();
          for (const p of payments) {
            const posted = inv.postPayment({ paymentId: p.id, amountCents: p.cents, method: 'card', postedAt: new Date() }, false, style);
            eq(posted, !firstOf.has(p.id), 'posted only the first time');
            if (!firstOf.has(p.id)) firstOf.set(p.id, p.cents);
          }
          const once = [...firstOf.values()].reduce((s, c) => s + c, 0);
          const before = frozen(inv);
          for (const p of [...payments].reverse())
            eq(
              inv.postPayment({ paymentId: p.id, amountCents: p.cents, method: 'manual', postedAt: new Date() }, true, style),
              false,
              'posted again',
            );
          eq(frozen(inv), before, 'the invoice after the payments posted again');
          eq(inv.totals.payments, once, 'each payment counted once');
          const paidByInstallments = inv.installments(TODAY).reduce((s, i) => s + i.paidCents, 0);
          eq(paidByInstallments, Math.min(once, inv.totals.total), 'the installments hold each payment once');
        },
      ),
      { numRuns: PROPERTY_RUNS },
    );
  });
});
