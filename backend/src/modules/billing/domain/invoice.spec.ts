import { DEFAULT_MONEY_STYLE } from '../../../shared/domain/money-format';
import { ConflictError, RuleViolatedError } from '../../../shared/errors/domain-error';
import { divideHalfUp, Invoice, type InvoiceLine, type SchedulePart, type TaxTerms } from './invoice';

/** CONTRACT §14: the Invoice aggregate decides what is owed (examples; invoice.property.spec.ts holds the properties). */
const style = DEFAULT_MONEY_STYLE;
const TODAY = '2026-01-15';
const ISSUED = new Date('2026-01-15T10:00:00Z');
const NO_TAX: TaxTerms = { name: 'Tax', rateMilli: 0, inclusive: false };

type ServiceLine = Omit<InvoiceLine, 'source'>;
const svc = (serviceId: number, unitPriceCents: number, quantity = 1, paidWithCredits = false): ServiceLine => ({
  description: `Service ${serviceId}`,
  quantity,
  unitPriceCents,
  serviceId,
  paidWithCredits,
});

/** An invoice of these service lines, issued today with the default schedule (one payment in 30 days). */
function invoiceOf(lines: ServiceLine[], tax: TaxTerms = NO_TAX): Invoice {
  const inv = Invoice.draft(1, 2, 'USD', tax);
  inv.syncProjectLines(lines, 'Wedding', 0, style);
  if (inv.needsNumber) inv.issue(1, ISSUED, TODAY, 30);
  return inv;
}
const withTax = (rate: string, inclusive: boolean): TaxTerms => ({
  name: 'Sales tax',
  rateMilli: Math.round(Number(rate) * 1000),
  inclusive,
});
const copy = (inv: Invoice) => structuredClone(inv.snapshot);
/** The error `fn` throws, and the invoice exactly as before it. */
function refused(inv: Invoice, fn: () => unknown): RuleViolatedError | ConflictError {
  const before = copy(inv);
  let caught: unknown;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeDefined();
  expect(copy(inv)).toEqual(before);
  return caught as RuleViolatedError;
}
const pay = (inv: Invoice, paymentId: number, amountCents: number, exact = true) =>
  inv.postPayment({ paymentId, amountCents, method: exact ? 'manual' : 'card', postedAt: ISSUED }, exact, style);
const refund = (inv: Invoice, paymentId: number, refundId: number, amountCents: number) =>
  inv.postRefund({ paymentId, refundId, amountCents, postedAt: ISSUED }, style);
const parts = (...xs: Array<[string, number, string]>): SchedulePart[] =>
  xs.map(([label, amountCents, dueDate]) => ({ label, amountCents, dueDate }));
const states = (inv: Invoice, today = TODAY) => inv.installments(today).map((i) => [i.label, i.amountCents, i.paidCents, i.status]);

describe('divideHalfUp', () => {
  it('rounds halves up, exactly, past 2^53', () => {
    expect(divideHalfUp(5n, 10n)).toBe(1);
    expect(divideHalfUp(4n, 10n)).toBe(0);
    expect(divideHalfUp(15n, 10n)).toBe(2);
    expect(divideHalfUp(25n, 10n)).toBe(3);
    expect(divideHalfUp(0n, 7n)).toBe(0);
    // 99,999,999.99 × 8.875 %: the product passes 2^53
    expect(divideHalfUp(9_999_999_999n * 8875n, 100_000n)).toBe(887_500_000);
  });
});

describe('tax (CONTRACT §14: the studio rate, exclusive or inclusive, half-up per invoice to the cent)', () => {
  it('exclusive 8.875 %: $100.00 + $8.88 (887.5 cents rounds up)', () => {
    const inv = invoiceOf([svc(1, 10000)], withTax('8.875', false));
    expect(inv.totals).toMatchObject({ subtotal: 10000, discount: 0, tax: 888, total: 10888, due: 10888 });
  });

  it('inclusive 8.875 %: $108.88 holds $8.88 of tax; the total is the subtotal', () => {
    const inv = invoiceOf([svc(1, 10888)], withTax('8.875', true));
    // 10888 × 8.875 / 108.875 = 887.53…
    expect(inv.totals).toMatchObject({ subtotal: 10888, tax: 888, total: 10888 });
  });

  it('rounded once per invoice, not per line: two $0.05 lines at 10 % owe 1 cent, not 2', () => {
    const inv = invoiceOf([svc(1, 5), svc(2, 5)], withTax('10', false));
    expect(inv.totals).toMatchObject({ subtotal: 10, tax: 1, total: 11 });
  });

  it('a half cent rounds up, a bit less rounds down', () => {
    expect(invoiceOf([svc(1, 5)], withTax('10', false)).totals.tax).toBe(1); // 0.5
    expect(invoiceOf([svc(1, 4)], withTax('10', false)).totals.tax).toBe(0); // 0.4
    expect(invoiceOf([svc(1, 1000)], withTax('0.05', false)).totals.tax).toBe(1); // 0.5
    expect(invoiceOf([svc(1, 999)], withTax('0.05', false)).totals.tax).toBe(0); // 0.4995
  });

  it('3-decimal rates: 7.125 % and 8.875 % of $1,234.56', () => {
    expect(invoiceOf([svc(1, 123456)], withTax('7.125', false)).totals).toMatchObject({ tax: 8796, total: 132252 }); // 8796.24
    expect(invoiceOf([svc(1, 123456)], withTax('8.875', false)).totals).toMatchObject({ tax: 10957, total: 134413 }); // 10956.72
    expect(invoiceOf([svc(1, 123456)], withTax('8.875', true)).totals).toMatchObject({ tax: 10064, total: 123456 }); // 10063.58
  });

  it('services paid with credits are outside the tax and the discount, and count as paid', () => {
    const inv = invoiceOf([svc(1, 10000), svc(2, 5000, 2, true)], withTax('10', false));
    inv.setCustomLines(undefined, { kind: 'percent', value: 10_000 }, style);
    expect(inv.totals).toMatchObject({ subtotal: 20000, credits: 10000, discount: 1000, tax: 900, total: 19900, paid: 10000, due: 9900 });
  });

  it('the tax is on the discounted amount (exclusive and inclusive)', () => {
    const ex = invoiceOf([svc(1, 10000)], withTax('8.875', false));
    ex.setCustomLines(undefined, { kind: 'amount', value: 2000 }, style);
    expect(ex.totals).toMatchObject({ discount: 2000, tax: 710, total: 8710 });
    const inc = invoiceOf([svc(1, 10000)], withTax('8.875', true));
    inc.setCustomLines(undefined, { kind: 'amount', value: 2000 }, style);
    expect(inc.totals).toMatchObject({ discount: 2000, tax: 652, total: 8000 }); // 8000 × 8.875/108.875 = 652.12
  });
});

describe('discounts', () => {
  it('an amount, or a percent (thousandths, half up)', () => {
    const inv = invoiceOf([svc(1, 9999)]);
    inv.setCustomLines(undefined, { kind: 'amount', value: 1000 }, style);
    expect(inv.totals).toMatchObject({ subtotal: 9999, discount: 1000, total: 8999 });
    inv.setCustomLines(undefined, { kind: 'percent', value: 12_500 }, style);
    expect(inv.totals).toMatchObject({ discount: 1250, total: 8749 }); // 1249.875
    inv.setCustomLines(undefined, null, style);
    expect(inv.totals).toMatchObject({ discount: 0, total: 9999 });
  });

  it('the whole subtotal may be taken off: nothing is owed', () => {
    const inv = invoiceOf([svc(1, 10000)]);
    inv.setCustomLines(undefined, { kind: 'percent', value: 100_000 }, style);
    expect(inv.totals).toMatchObject({ discount: 10000, total: 0, due: 0 });
    expect(inv.schedule).toEqual([]);
    expect(inv.isPaid).toBe(true);
  });

  it('above the subtotal is refused, naming it; the invoice is unchanged', () => {
    const inv = invoiceOf([svc(1, 10000), svc(2, 5000, 1, true)]);
    const err = refused(inv, () => inv.setCustomLines(undefined, { kind: 'amount', value: 10001 }, style));
    expect(err).toBeInstanceOf(RuleViolatedError);
    expect(err.message).toBe('Discount must be at most the subtotal ($100.00)'); // the credit-paid line is not discounted
    expect(err.code).toBe('BILLING.DISCOUNT_ABOVE_SUBTOTAL');
    expect(refused(inv, () => inv.setCustomLines(undefined, { kind: 'percent', value: 100_001 }, style)).message).toBe(
      'Discount must be at most 100%',
    );
    expect(refused(inv, () => inv.setCustomLines(undefined, { kind: 'amount', value: 0 }, style)).code).toBe(
      'BILLING.DISCOUNT_ABOVE_SUBTOTAL',
    );
  });

  it('custom lines that bring the subtotal under the discount are refused with it', () => {
    const inv = invoiceOf([]);
    inv.setCustomLines([{ description: 'Prints', quantity: 2, unitPriceCents: 5000 }], { kind: 'amount', value: 8000 }, style);
    expect(inv.totals.total).toBe(2000);
    const err = refused(inv, () => inv.setCustomLines([{ description: 'Prints', quantity: 1, unitPriceCents: 5000 }], undefined, style));
    expect(err.message).toBe('Discount must be at most the subtotal ($50.00)');
  });

  it("the project's own lines shrinking under a discount caps it at the subtotal (nothing refused)", () => {
    const inv = invoiceOf([svc(1, 10000), svc(2, 5000)]);
    inv.setCustomLines(undefined, { kind: 'amount', value: 12000 }, style);
    inv.syncProjectLines([svc(1, 10000)], 'Wedding', 0, style);
    expect(inv.totals).toMatchObject({ subtotal: 10000, discount: 10000, total: 0 });
  });
});

describe('custom lines', () => {
  it('are added after the project lines and kept when those change', () => {
    const inv = invoiceOf([svc(1, 10000)]);
    inv.setCustomLines([{ description: '  Travel  ', quantity: 2, unitPriceCents: 2500 }], undefined, style);
    inv.syncProjectLines([svc(1, 10000), svc(2, 3000)], 'Wedding', 0, style);
    expect(inv.lines.map((l) => [l.description, l.source, l.quantity * l.unitPriceCents])).toEqual([
      ['Service 1', 'service', 10000],
      ['Service 2', 'service', 3000],
      ['Travel', 'custom', 5000],
    ]);
    expect(inv.totals.total).toBe(18000);
  });

  it('a project without services bills its price as one line', () => {
    const inv = Invoice.draft(1, 2, 'USD', NO_TAX);
    inv.syncProjectLines([], 'Elm Street', 45000, style);
    expect(inv.lines).toEqual([
      { description: 'Elm Street', quantity: 1, unitPriceCents: 45000, source: 'project', serviceId: null, paidWithCredits: false },
    ]);
  });

  it('validation: description, quantity, price; refused lines change nothing', () => {
    const inv = invoiceOf([svc(1, 10000)]);
    const bad = (l: { description: string; quantity: number; unitPriceCents: number }) =>
      refused(inv, () => inv.setCustomLines([l], undefined, style)).message;
    expect(bad({ description: ' ', quantity: 1, unitPriceCents: 1 })).toBe('Description is required');
    expect(bad({ description: 'x'.repeat(201), quantity: 1, unitPriceCents: 1 })).toBe('Description must be at most 200 characters');
    expect(bad({ description: 'Prints', quantity: 0, unitPriceCents: 1 })).toBe('Quantity must be at least 1');
    expect(bad({ description: 'Prints', quantity: 1.5, unitPriceCents: 1 })).toBe('Quantity must be at least 1');
    expect(bad({ description: 'Prints', quantity: 1, unitPriceCents: -1 })).toBe('Unit price must be $0.00 or more');
    expect(bad({ description: 'Prints', quantity: 1, unitPriceCents: 0.5 })).toBe('Unit price must be $0.00 or more');
    expect(
      refused(inv, () => inv.setCustomLines([{ description: 'Big', quantity: 100_000, unitPriceCents: 100_000_000_000 }], undefined, style))
        .message,
    ).toBe('The invoice total is too large');
  });

  it('a paid invoice is changed only by a credit note or a refund', () => {
    const inv = invoiceOf([svc(1, 10000)]);
    pay(inv, 1, 10000);
    const err = refused(inv, () => inv.setCustomLines([{ description: 'Extra', quantity: 1, unitPriceCents: 100 }], undefined, style));
    expect(err.message).toBe('A paid invoice is changed only by a credit note or a refund');
    expect(err.fields).toEqual({ lines: 'A paid invoice is changed only by a credit note or a refund' });
    refund(inv, 1, 1, 100);
    inv.setCustomLines([{ description: 'Extra', quantity: 1, unitPriceCents: 100 }], undefined, style); // open again
    expect(inv.totals).toMatchObject({ total: 10100, due: 200 });
  });

  it('a total below what was paid is refused: refund the difference first', () => {
    const inv = invoiceOf([svc(1, 10000), svc(2, 5000)]);
    pay(inv, 1, 12000);
    const err = refused(inv, () => inv.syncProjectLines([svc(1, 10000)], 'Wedding', 0, style));
    expect(err.message).toBe('The total would be less than the $120.00 already paid: refund the difference first');
    refund(inv, 1, 1, 2000);
    inv.syncProjectLines([svc(1, 10000)], 'Wedding', 0, style);
    expect(inv.totals).toMatchObject({ total: 10000, paid: 10000, due: 0 });
    expect(inv.status).toBe('paid');
  });

  it('a void invoice takes no custom lines and no schedule', () => {
    const inv = invoiceOf([svc(1, 10000)]);
    inv.void(ISSUED);
    expect(inv.status).toBe('void');
    expect(refused(inv, () => inv.setCustomLines([], undefined, style)).message).toBe('This invoice is void');
    expect(refused(inv, () => inv.setSchedule(parts(['Payment', 10000, TODAY]), style)).message).toBe('This invoice is void');
  });
});

describe('issue and status', () => {
  it('a draft has no number and no schedule until it has a total; then one payment due in paymentDueDays', () => {
    const inv = Invoice.draft(1, 2, 'USD', NO_TAX);
    expect(inv.needsNumber).toBe(false);
    expect(inv.status).toBe('draft');
    inv.syncProjectLines([svc(1, 10000)], 'Wedding', 0, style);
    expect(inv.status).toBe('draft');
    expect(inv.schedule).toEqual([]);
    expect(inv.needsNumber).toBe(true);
    inv.issue(7, ISSUED, TODAY, 30);
    expect(inv.number).toBe(7);
    expect(inv.status).toBe('open');
    expect(inv.schedule).toEqual([{ label: 'Payment', amountCents: 10000, dueDate: '2026-02-14' }]);
    inv.issue(8, ISSUED, TODAY, 30); // once
    expect(inv.number).toBe(7);
  });

  it('open while something is owed, paid at 0, open again after a refund', () => {
    const inv = invoiceOf([svc(1, 10000)]);
    pay(inv, 1, 4000);
    expect(inv.status).toBe('open');
    pay(inv, 2, 6000);
    expect(inv.status).toBe('paid');
    expect(inv.nextInstallment(TODAY)).toBeNull();
    refund(inv, 2, 1, 6000);
    expect(inv.status).toBe('open');
    expect(inv.totals).toMatchObject({ payments: 10000, refunded: 6000, paid: 4000, due: 6000 });
  });
});

describe('schedules', () => {
  it('amounts that sum exactly to the total; past due dates are overdue at once', () => {
    const inv = invoiceOf([svc(1, 100000)]);
    inv.setSchedule(
      parts(['Deposit', 30000, '2026-01-01'], ['Installment 2', 30000, '2026-02-01'], ['Balance', 40000, '2026-03-01']),
      style,
    );
    expect(states(inv)).toEqual([
      ['Deposit', 30000, 0, 'overdue'],
      ['Installment 2', 30000, 0, 'due'],
      ['Balance', 40000, 0, 'due'],
    ]);
    expect(inv.overdueCents(TODAY)).toBe(30000);
    expect(inv.nextInstallment(TODAY)).toMatchObject({ number: 1, label: 'Deposit', remainingCents: 30000, status: 'overdue' });
    expect(inv.installments('2026-01-01')[0].status).toBe('due'); // due on the day itself
  });

  it('percents (3 decimals) sum to 100; the last part takes the rounding', () => {
    const inv = invoiceOf([svc(1, 10000)]);
    inv.setSchedule(
      [
        { label: 'One', percentMilli: 33_333, dueDate: '2026-02-01' },
        { label: 'Two', percentMilli: 33_333, dueDate: '2026-03-01' },
        { label: 'Three', percentMilli: 33_334, dueDate: '2026-04-01' },
      ],
      style,
    );
    expect(inv.schedule.map((s) => s.amountCents)).toEqual([3333, 3333, 3334]);
    inv.setSchedule(
      [
        { label: 'Half', percentMilli: 50_000, dueDate: '2026-02-01' },
        { label: 'Half', percentMilli: 50_000, dueDate: '2026-03-01' },
      ],
      style,
    );
    const odd = invoiceOf([svc(1, 10001)]);
    odd.setSchedule(
      [
        { label: 'Half', percentMilli: 50_000, dueDate: '2026-02-01' },
        { label: 'Half', percentMilli: 50_000, dueDate: '2026-03-01' },
      ],
      style,
    );
    expect(odd.schedule.map((s) => s.amountCents)).toEqual([5001, 5000]); // 5000.5 rounds up; the last takes the rest
  });

  it('validation messages; a refused schedule changes nothing', () => {
    const inv = invoiceOf([svc(1, 10000)]);
    const msg = (ps: SchedulePart[]) => refused(inv, () => inv.setSchedule(ps, style)).message;
    expect(msg(parts(['Deposit', 3000, '2026-02-01'], ['Balance', 6000, '2026-03-01']))).toBe(
      'The installments must add up to the total ($100.00): they add up to $90.00',
    );
    expect(msg(parts(['Deposit', 3000, '2026-02-01'], ['Balance', 8000, '2026-03-01']))).toBe(
      'The installments must add up to the total ($100.00): they add up to $110.00',
    );
    expect(
      msg(Array.from({ length: 13 }, (_, i) => ({ label: `Part ${i + 1}`, amountCents: i < 12 ? 769 : 772, dueDate: '2026-02-01' }))),
    ).toBe('At most 12 installments');
    expect(msg(parts(['Payment', 10000, '2026-02-30']))).toBe('Due date must be a date (YYYY-MM-DD)');
    expect(msg(parts(['Payment', 10000, '15/02/2026']))).toBe('Due date must be a date (YYYY-MM-DD)');
    expect(msg(parts(['Payment', 10000, '2026-2-1']))).toBe('Due date must be a date (YYYY-MM-DD)');
    expect(
      msg([
        { label: 'Deposit', amountCents: 3000, dueDate: '2026-02-01' },
        { label: 'Balance', percentMilli: 70_000, dueDate: '2026-03-01' },
      ]),
    ).toBe('Use amounts or percents for every installment, not both');
    expect(msg(parts(['Deposit', 0, '2026-02-01'], ['Balance', 10000, '2026-03-01']))).toBe('Installment amount must be more than $0.00');
    expect(msg(parts(['Deposit', -100, '2026-02-01'], ['Balance', 10100, '2026-03-01']))).toBe(
      'Installment amount must be more than $0.00',
    );
    expect(msg(parts(['Deposit', 10.5, '2026-02-01'], ['Balance', 9989.5, '2026-03-01']))).toBe(
      'Installment amount must be more than $0.00',
    );
    expect(
      msg([
        { label: 'A', percentMilli: 50_000, dueDate: '2026-02-01' },
        { label: 'B', percentMilli: 40_000, dueDate: '2026-03-01' },
      ]),
    ).toBe('The installments must add up to 100%: they add up to 90%');
    expect(msg(parts(['Deposit', 3000, '2026-03-01'], ['Balance', 7000, '2026-02-01']))).toBe(
      'Due dates must be in order: each installment due on or after the one before',
    );
    expect(msg([])).toBe('Add at least one installment');
    expect(msg(parts(['  ', 10000, '2026-02-01']))).toBe('Installment label is required');
    expect(msg(parts(['x'.repeat(61), 10000, '2026-02-01']))).toBe('Installment label must be at most 60 characters');
    const tiny = invoiceOf([svc(1, 1)]);
    expect(
      refused(tiny, () =>
        tiny.setSchedule(
          [
            { label: 'A', percentMilli: 50_000, dueDate: '2026-02-01' },
            { label: 'B', percentMilli: 50_000, dueDate: '2026-03-01' },
          ],
          style,
        ),
      ).message,
    ).toBe('Installment amount must be more than $0.00');
    expect(inv.schedule).toEqual([{ label: 'Payment', amountCents: 10000, dueDate: '2026-02-14' }]);
  });

  it('12 installments are allowed', () => {
    const inv = invoiceOf([svc(1, 120000)]);
    inv.setSchedule(
      Array.from({ length: 12 }, (_, i) => ({
        label: `Month ${i + 1}`,
        amountCents: 10000,
        dueDate: `2026-${String(i + 1).padStart(2, '0')}-01`,
      })),
      style,
    );
    expect(inv.schedule).toHaveLength(12);
  });

  it('nothing to schedule on a $0 invoice', () => {
    const inv = invoiceOf([svc(1, 10000, 1, true)]);
    inv.syncProjectLines([], 'Wedding', 0, style);
    expect(refused(inv, () => inv.setSchedule(parts(['Payment', 1, TODAY]), style)).message).toBe(
      'Nothing to schedule: the total is $0.00',
    );
  });

  it('payments fill the installments in order (waterfall), a refund empties the latest first', () => {
    const inv = invoiceOf([svc(1, 100000)]);
    inv.setSchedule(
      parts(['Deposit', 30000, '2026-01-01'], ['Installment 2', 30000, '2026-02-01'], ['Balance', 40000, '2026-03-01']),
      style,
    );
    pay(inv, 1, 45000);
    expect(states(inv)).toEqual([
      ['Deposit', 30000, 30000, 'paid'],
      ['Installment 2', 30000, 15000, 'due'],
      ['Balance', 40000, 0, 'due'],
    ]);
    expect(inv.nextInstallment(TODAY)).toMatchObject({ number: 2, remainingCents: 15000 });
    expect(inv.overdueCents(TODAY)).toBe(0);
    pay(inv, 2, 55000);
    expect(states(inv).map((s) => s[3])).toEqual(['paid', 'paid', 'paid']);
    refund(inv, 2, 1, 50000);
    expect(states(inv)).toEqual([
      ['Deposit', 30000, 30000, 'paid'],
      ['Installment 2', 30000, 20000, 'due'],
      ['Balance', 40000, 0, 'due'],
    ]);
  });
});

describe('the schedule follows the total (fitSchedule)', () => {
  const three = () => {
    const inv = invoiceOf([svc(1, 60000), svc(2, 40000)]);
    inv.setSchedule(
      parts(['Deposit', 30000, '2026-02-01'], ['Installment 2', 30000, '2026-03-01'], ['Balance', 40000, '2026-04-01']),
      style,
    );
    return inv;
  };
  const amounts = (inv: Invoice) => inv.schedule.map((s) => [s.label, s.amountCents, s.dueDate]);

  it('a rise goes to the last installment', () => {
    const inv = three();
    inv.syncProjectLines([svc(1, 60000), svc(2, 40000), svc(3, 5000)], 'Wedding', 0, style);
    expect(amounts(inv)).toEqual([
      ['Deposit', 30000, '2026-02-01'],
      ['Installment 2', 30000, '2026-03-01'],
      ['Balance', 45000, '2026-04-01'],
    ]);
  });

  it('a fall cuts the installment that reaches the new total; later ones go', () => {
    const inv = three();
    inv.syncProjectLines([svc(1, 50000)], 'Wedding', 0, style);
    expect(amounts(inv)).toEqual([
      ['Deposit', 30000, '2026-02-01'],
      ['Installment 2', 20000, '2026-03-01'],
    ]);
    inv.syncProjectLines([svc(1, 30000)], 'Wedding', 0, style);
    expect(amounts(inv)).toEqual([['Deposit', 30000, '2026-02-01']]);
    inv.syncProjectLines([svc(1, 100)], 'Wedding', 0, style);
    expect(amounts(inv)).toEqual([['Deposit', 100, '2026-02-01']]);
  });

  it('a discount, a tax change of lines or custom lines fit it too', () => {
    const inv = three();
    inv.setCustomLines([{ description: 'Travel', quantity: 1, unitPriceCents: 2000 }], { kind: 'amount', value: 12000 }, style);
    expect(inv.totals.total).toBe(90000);
    expect(amounts(inv).map((a) => a[1])).toEqual([30000, 30000, 30000]);
  });

  it('to $0 the schedule empties (nothing owed: paid); back above $0 it is one payment due at issue', () => {
    const inv = three();
    inv.syncProjectLines([], 'Wedding', 0, style);
    expect(inv.schedule).toEqual([]);
    expect(inv.status).toBe('paid');
    inv.syncProjectLines([svc(1, 25000)], 'Wedding', 0, style);
    expect(amounts(inv)).toEqual([['Payment', 25000, '2026-01-15']]);
  });

  it('installments already paid stay paid when the total rises', () => {
    const inv = three();
    pay(inv, 1, 30000);
    inv.syncProjectLines([svc(1, 60000), svc(2, 40000), svc(3, 1000)], 'Wedding', 0, style);
    expect(states(inv)).toEqual([
      ['Deposit', 30000, 30000, 'paid'],
      ['Installment 2', 30000, 0, 'due'],
      ['Balance', 41000, 0, 'due'],
    ]);
  });
});

describe("deposits (CONTRACT §11's shorthand: the first installment)", () => {
  const errors = {
    notPositive: () => new RuleViolatedError('PROJECT.DEPOSIT', 'Deposit must be more than $0.00'),
    abovePrice: (cents: number) => new RuleViolatedError('PROJECT.DEPOSIT', `Deposit must be at most the price (${cents})`),
  };

  it("sets 'Deposit' due today and 'Balance' at the old due date; reads back as the deposit", () => {
    const inv = invoiceOf([svc(1, 100000)]);
    expect(inv.depositCents).toBeNull();
    inv.setDeposit(30000, TODAY, 30, style, errors);
    expect(inv.schedule).toEqual([
      { label: 'Deposit', amountCents: 30000, dueDate: TODAY },
      { label: 'Balance', amountCents: 70000, dueDate: '2026-02-14' },
    ]);
    expect(inv.depositCents).toBe(30000);
    inv.setDeposit(40000, TODAY, 30, style, errors);
    expect(inv.schedule.map((s) => s.amountCents)).toEqual([40000, 60000]);
  });

  it('a balance due before today moves to today + paymentDueDays', () => {
    const inv = invoiceOf([svc(1, 100000)]);
    inv.setSchedule(parts(['Payment', 100000, '2025-12-01']), style);
    inv.setDeposit(30000, TODAY, 30, style, errors);
    expect(inv.schedule[1]).toEqual({ label: 'Balance', amountCents: 70000, dueDate: '2026-02-14' });
  });

  it('the whole total as deposit is one installment', () => {
    const inv = invoiceOf([svc(1, 100000)]);
    inv.setDeposit(100000, TODAY, 30, style, errors);
    expect(inv.schedule).toEqual([{ label: 'Deposit', amountCents: 100000, dueDate: TODAY }]);
    expect(inv.depositCents).toBe(100000);
  });

  it('null takes it away (one payment at the last due date); a schedule of the studio is left alone by null', () => {
    const inv = invoiceOf([svc(1, 100000)]);
    inv.setDeposit(30000, TODAY, 30, style, errors);
    inv.setDeposit(null, TODAY, 30, style, errors);
    expect(inv.schedule).toEqual([{ label: 'Payment', amountCents: 100000, dueDate: '2026-02-14' }]);
    inv.setSchedule(parts(['First', 50000, '2026-02-01'], ['Second', 50000, '2026-03-01']), style);
    inv.setDeposit(null, TODAY, 30, style, errors);
    expect(inv.schedule.map((s) => s.label)).toEqual(['First', 'Second']);
  });

  it('refused at 0 or less and above the total; nothing changes', () => {
    const inv = invoiceOf([svc(1, 100000)]);
    expect(refused(inv, () => inv.setDeposit(0, TODAY, 30, style, errors)).message).toBe('Deposit must be more than $0.00');
    expect(refused(inv, () => inv.setDeposit(100001, TODAY, 30, style, errors)).message).toBe('Deposit must be at most the price (100000)');
  });

  it('the deposit is paid first; the balance follows', () => {
    const inv = invoiceOf([svc(1, 100000)]);
    inv.setDeposit(30000, TODAY, 30, style, errors);
    expect(inv.nextInstallment(TODAY)).toMatchObject({ number: 1, label: 'Deposit', remainingCents: 30000 });
    pay(inv, 1, 30000, false);
    expect(inv.nextInstallment(TODAY)).toMatchObject({ number: 2, label: 'Balance', remainingCents: 70000 });
  });
});

describe('payments and refunds post once', () => {
  it('the same payment id posted twice changes nothing', () => {
    const inv = invoiceOf([svc(1, 100000)]);
    expect(pay(inv, 1, 30000)).toBe(true);
    const before = copy(inv);
    expect(pay(inv, 1, 30000)).toBe(false);
    expect(pay(inv, 1, 50000, false)).toBe(false);
    expect(copy(inv)).toEqual(before);
    expect(inv.totals).toMatchObject({ payments: 30000, paid: 30000, due: 70000 });
  });

  it('an exact (manual) payment above what is owed is refused; owing nothing it is a conflict', () => {
    const inv = invoiceOf([svc(1, 10000)]);
    const over = refused(inv, () => pay(inv, 1, 10001));
    expect(over.message).toBe('This payment is more than the $100.00 still owed');
    expect(over.code).toBe('BILLING.OVERPAYMENT');
    pay(inv, 2, 10000);
    const done = refused(inv, () => pay(inv, 3, 1));
    expect(done).toBeInstanceOf(ConflictError);
    expect(done.message).toBe('This invoice is already paid');
    expect(refused(inv, () => pay(inv, 4, 0, false)).message).toBe('Amount must be more than $0.00');
    expect(refused(inv, () => pay(inv, 4, 1.5, false)).message).toBe('Amount must be more than $0.00');
  });

  it('a card payment the provider already took is posted as it is, even above what is owed', () => {
    const inv = invoiceOf([svc(1, 10000)]);
    expect(pay(inv, 1, 15000, false)).toBe(true);
    expect(inv.totals).toMatchObject({ payments: 15000, paid: 15000, due: 0 });
    expect(inv.status).toBe('paid');
    expect(inv.installments(TODAY)[0]).toMatchObject({ paidCents: 10000, remainingCents: 0, status: 'paid' });
  });

  it('a refund is at most what is left of its payment; posted once per refund id', () => {
    const inv = invoiceOf([svc(1, 10000)]);
    pay(inv, 1, 6000);
    pay(inv, 2, 4000);
    const above = refused(inv, () => refund(inv, 2, 1, 4001));
    expect(above.message).toBe('A refund can be at most the $40.00 paid');
    expect(above.code).toBe('BILLING.REFUND_ABOVE_PAID');
    expect(refund(inv, 2, 1, 1500)).toBe(true);
    expect(refund(inv, 2, 1, 1500)).toBe(false);
    expect(refused(inv, () => refund(inv, 2, 2, 2501)).message).toBe('A refund can be at most the $25.00 paid');
    expect(refund(inv, 2, 2, 2500)).toBe(true);
    expect(refused(inv, () => refund(inv, 2, 3, 1)).message).toBe('A refund can be at most the $0.00 paid');
    expect(refused(inv, () => refund(inv, 9, 4, 1)).message).toBe('This payment is not on this invoice');
    expect(refused(inv, () => refund(inv, 1, 5, 0)).code).toBe('BILLING.REFUND_ABOVE_PAID');
    expect(inv.totals).toMatchObject({ payments: 10000, refunded: 4000, paid: 6000, due: 4000 });
    expect(inv.postings.filter((p) => p.kind === 'refund').map((p) => p.method)).toEqual(['manual', 'manual']);
  });

  it('credit-paid lines count as paid and fill the first installments', () => {
    const inv = invoiceOf([svc(1, 30000, 1, true), svc(2, 70000)]);
    inv.setSchedule(parts(['Deposit', 30000, '2026-01-01'], ['Balance', 70000, '2026-02-01']), style);
    expect(inv.totals).toMatchObject({ credits: 30000, paid: 30000, due: 70000 });
    expect(states(inv)).toEqual([
      ['Deposit', 30000, 30000, 'paid'],
      ['Balance', 70000, 0, 'due'],
    ]);
    expect(inv.overdueCents(TODAY)).toBe(0);
  });
});
