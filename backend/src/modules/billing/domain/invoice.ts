import { DEFAULT_MONEY_STYLE, formatMoney, type MoneyStyle } from '../../../shared/domain/money-format';
import { ConflictError, RuleViolatedError } from '../../../shared/errors/domain-error';

/**
 * What a project owes, and nothing else decides it (CONTRACT §14, decision 0045). Amounts are integer cents;
 * a tax rate is in thousandths of a percent (8.875 % → 8875), a percent discount too.
 */
export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void';
export type InstallmentStatus = 'due' | 'paid' | 'overdue';
export type LineSource = 'service' | 'project' | 'custom';
export type PostingKind = 'payment' | 'refund';
export type PaymentMethod = 'card' | 'manual';

export const MAX_INSTALLMENTS = 12;
export const MAX_QUANTITY = 100_000;
const MAX_CENTS = 1_000_000_000_000; // $10 billion: far past any invoice, well inside 2^53

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitPriceCents: number;
  source: LineSource;
  serviceId: number | null;
  /** A service paid with credits (CONTRACT §4): it counts as paid, outside the discount and the tax. */
  paidWithCredits: boolean;
}

export interface Installment {
  id?: number;
  label: string;
  amountCents: number;
  /** 'YYYY-MM-DD', in the studio's calendar. */
  dueDate: string;
}

export interface Posting {
  /** Set once stored. */
  id?: number;
  kind: PostingKind;
  amountCents: number;
  paymentId: number;
  refundId: number | null;
  method: PaymentMethod;
  postedAt: Date;
}

export interface Discount {
  kind: 'amount' | 'percent';
  /** Cents for an amount, thousandths of a percent for a percent. */
  value: number;
}

export interface TaxTerms {
  name: string;
  rateMilli: number;
  inclusive: boolean;
}

export interface InvoiceProps {
  id: number;
  projectId: number;
  clientId: number;
  number: number | null;
  issuedAt: Date | null;
  sentAt: Date | null;
  voidedAt: Date | null;
  currency: string;
  discount: Discount | null;
  tax: TaxTerms;
  lines: InvoiceLine[];
  schedule: Installment[];
  postings: Posting[];
}

export interface Totals {
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  /** The credit-paid lines' value. */
  credits: number;
  payments: number;
  refunded: number;
  /** payments − refunds + credits applied. */
  paid: number;
  /** total − paid, never below 0. */
  due: number;
}

export interface InstallmentState extends Installment {
  number: number;
  paidCents: number;
  remainingCents: number;
  status: InstallmentStatus;
}

/** A schedule part as the studio sends it: an amount in cents or a percent (thousandths), a due date. */
export interface SchedulePart {
  label: string;
  amountCents?: number;
  percentMilli?: number;
  dueDate: string;
}

/** Half up, exact: n / d for integers n ≥ 0, d > 0 (BigInt: cents × thousandths pass 2^53). */
export function divideHalfUp(n: bigint, d: bigint): number {
  return Number((n * 2n + d) / (2n * d));
}

const lineAmount = (l: InvoiceLine): number => l.unitPriceCents * l.quantity;

/** 'YYYY-MM-DD' that names a real day. */
export function isDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const bad = (code: string, message: string, field: string) => new RuleViolatedError(code, message, { [field]: message });
export const paidInvoiceLocked = () => bad('BILLING.PAID_INVOICE', 'A paid invoice is changed only by a credit note or a refund', 'lines');

export class Invoice {
  private constructor(private props: InvoiceProps) {}

  static draft(projectId: number, clientId: number, currency: string, tax: TaxTerms): Invoice {
    return new Invoice({
      id: 0,
      projectId,
      clientId,
      number: null,
      issuedAt: null,
      sentAt: null,
      voidedAt: null,
      currency,
      discount: null,
      tax,
      lines: [],
      schedule: [],
      postings: [],
    });
  }

  static restore(props: InvoiceProps): Invoice {
    return new Invoice({ ...props, lines: [...props.lines], schedule: [...props.schedule], postings: [...props.postings] });
  }

  get id(): number {
    return this.props.id;
  }
  get projectId(): number {
    return this.props.projectId;
  }
  get clientId(): number {
    return this.props.clientId;
  }
  get number(): number | null {
    return this.props.number;
  }
  get snapshot(): Readonly<InvoiceProps> {
    return this.props;
  }
  get lines(): readonly InvoiceLine[] {
    return this.props.lines;
  }
  get schedule(): readonly Installment[] {
    return this.props.schedule;
  }
  get postings(): readonly Posting[] {
    return this.props.postings;
  }

  withId(id: number): Invoice {
    return new Invoice({ ...this.props, id });
  }

  // ---- what is owed: the one rule ----

  get totals(): Totals {
    const subtotal = this.props.lines.reduce((s, l) => s + lineAmount(l), 0);
    const credits = this.props.lines.filter((l) => l.paidWithCredits).reduce((s, l) => s + lineAmount(l), 0);
    const forMoney = subtotal - credits;
    const d = this.props.discount;
    const discount = !d
      ? 0
      : Math.min(forMoney, d.kind === 'amount' ? d.value : divideHalfUp(BigInt(forMoney) * BigInt(d.value), 100_000n));
    const taxable = forMoney - discount;
    const rate = BigInt(this.props.tax.rateMilli);
    const tax =
      rate === 0n
        ? 0
        : this.props.tax.inclusive
          ? divideHalfUp(BigInt(taxable) * rate, 100_000n + rate)
          : divideHalfUp(BigInt(taxable) * rate, 100_000n);
    const total = subtotal - discount + (this.props.tax.inclusive ? 0 : tax);
    let payments = 0;
    let refunded = 0;
    for (const p of this.props.postings) {
      if (p.kind === 'payment') payments += p.amountCents;
      else refunded += p.amountCents;
    }
    const paid = credits + payments - refunded;
    return { subtotal, discount, tax, total, credits, payments, refunded, paid, due: Math.max(0, total - paid) };
  }

  get status(): InvoiceStatus {
    if (this.props.voidedAt) return 'void';
    if (this.props.number === null) return 'draft';
    return this.totals.due === 0 ? 'paid' : 'open';
  }

  /** Nothing is owed (a draft of $0 included): what the project's paid flag and the gallery's gate read. */
  get isPaid(): boolean {
    return this.totals.due === 0;
  }

  /** Each installment with its share of what was paid, in order (the first is paid first). `today`: 'YYYY-MM-DD'. */
  installments(today: string): InstallmentState[] {
    let left = this.totals.paid;
    return this.props.schedule.map((inst, i) => {
      const paidCents = Math.max(0, Math.min(inst.amountCents, left));
      left -= paidCents;
      const remainingCents = inst.amountCents - paidCents;
      const status: InstallmentStatus = remainingCents === 0 ? 'paid' : inst.dueDate < today ? 'overdue' : 'due';
      return { ...inst, number: i + 1, paidCents, remainingCents, status };
    });
  }

  /** The first installment still owed, or null when nothing is. */
  nextInstallment(today: string): InstallmentState | null {
    if (this.status !== 'open') return null;
    return this.installments(today).find((i) => i.remainingCents > 0) ?? null;
  }

  overdueCents(today: string): number {
    if (this.status !== 'open') return 0;
    return this.installments(today).reduce((s, i) => s + (i.status === 'overdue' ? i.remainingCents : 0), 0);
  }

  /** The deposit: the first installment when it is labelled 'Deposit' (CONTRACT §11's shorthand), else null. */
  get depositCents(): number | null {
    const first = this.props.schedule[0];
    return first && first.label === 'Deposit' ? first.amountCents : null;
  }

  // ---- changes ----

  /**
   * The project's lines, kept in step (CONTRACT §14): its services, or one line of its price when it has none.
   * The studio's custom lines stay. The schedule is fitted to the new total; a total below what was paid is
   * refused (a refund comes first).
   */
  syncProjectLines(
    serviceLines: Omit<InvoiceLine, 'source'>[],
    projectName: string,
    priceWithoutLinesCents: number,
    style: MoneyStyle,
  ): void {
    const custom = this.props.lines.filter((l) => l.source === 'custom');
    const own: InvoiceLine[] = serviceLines.length
      ? serviceLines.map((l) => ({ ...l, source: 'service' as const }))
      : priceWithoutLinesCents > 0
        ? [
            {
              description: projectName.slice(0, 200),
              quantity: 1,
              unitPriceCents: priceWithoutLinesCents,
              source: 'project',
              serviceId: null,
              paidWithCredits: false,
            },
          ]
        : [];
    this.changeLines([...own, ...custom], style, false, this.totals.total);
  }

  /** The studio's own lines and discount (PATCH /api/invoices/{id}); refused on a paid or void invoice. */
  setCustomLines(
    lines: Array<Pick<InvoiceLine, 'description' | 'quantity' | 'unitPriceCents'>> | undefined,
    discount: Discount | null | undefined,
    style: MoneyStyle,
  ): void {
    if (this.status === 'paid') throw paidInvoiceLocked();
    if (this.status === 'void') throw bad('BILLING.VOID', 'This invoice is void', 'lines');
    const next =
      lines === undefined
        ? this.props.lines.filter((l) => l.source === 'custom')
        : lines.map((l) => {
            const description = l.description.trim();
            if (!description) throw bad('BILLING.LINE_DESCRIPTION', 'Description is required', 'customLines');
            if (description.length > 200)
              throw bad('BILLING.LINE_DESCRIPTION', 'Description must be at most 200 characters', 'customLines');
            if (!Number.isSafeInteger(l.quantity) || l.quantity < 1)
              throw bad('BILLING.BAD_QUANTITY', 'Quantity must be at least 1', 'customLines');
            if (l.quantity > MAX_QUANTITY) throw bad('BILLING.BAD_QUANTITY', 'Quantity must be at most 100,000', 'customLines');
            if (!Number.isSafeInteger(l.unitPriceCents) || l.unitPriceCents < 0 || l.unitPriceCents > MAX_CENTS)
              throw bad('BILLING.BAD_PRICE', 'Unit price must be $0.00 or more', 'customLines');
            return {
              description,
              quantity: l.quantity,
              unitPriceCents: l.unitPriceCents,
              source: 'custom' as const,
              serviceId: null,
              paidWithCredits: false,
            };
          });
    const previousDiscount = this.props.discount;
    const totalBefore = this.totals.total;
    if (discount !== undefined) this.props.discount = discount;
    try {
      this.changeLines([...this.props.lines.filter((l) => l.source !== 'custom'), ...next], style, true, totalBefore);
    } catch (err) {
      this.props.discount = previousDiscount;
      throw err;
    }
  }

  /** `totalBefore`: the total before the change (a change may not bring it lower while below what was paid). */
  private changeLines(lines: InvoiceLine[], style: MoneyStyle, checkDiscount: boolean, totalBefore: number): void {
    const before = this.props.lines;
    this.props.lines = lines;
    const t = this.totals;
    if (t.total > MAX_CENTS) {
      this.props.lines = before;
      throw bad('BILLING.TOO_LARGE', 'The invoice total is too large', 'lines');
    }
    const d = this.props.discount;
    if (checkDiscount && d) {
      const forMoney = t.subtotal - t.credits;
      const raw = d.kind === 'amount' ? d.value : divideHalfUp(BigInt(forMoney) * BigInt(d.value), 100_000n);
      if (d.value <= 0 || (d.kind === 'percent' && d.value > 100_000) || raw > forMoney) {
        this.props.lines = before;
        const message =
          d.kind === 'percent' && d.value > 100_000
            ? 'Discount must be at most 100%'
            : `Discount must be at most the subtotal (${formatMoney(forMoney, style)})`;
        throw bad('BILLING.DISCOUNT_ABOVE_SUBTOTAL', message, 'discount');
      }
    }
    // Below what was paid only by a refund; an invoice already overpaid (a card payment taken while another
    // was made) may still be edited as long as the change does not lower it further.
    if (t.total < t.paid && t.total < totalBefore) {
      this.props.lines = before;
      throw bad(
        'BILLING.BELOW_PAID',
        `The total would be less than the ${formatMoney(t.paid, style)} already paid: refund the difference first`,
        'lines',
      );
    }
    this.fitSchedule(t.total);
  }

  /**
   * Numbers a draft once it has a total (numbers are given in that order, without gaps), takes the studio's
   * tax as it is then, and gives it the default schedule: one payment due `dueDays` after `today`.
   */
  issue(number: number, at: Date, today: string, dueDays: number, tax?: TaxTerms): void {
    if (this.props.number !== null) return;
    this.props.number = number;
    this.props.issuedAt = at;
    // The studio's tax as it is when the invoice is issued (a draft made long before keeps none of its own);
    // a draft owes nothing, so nothing paid can be above the total this gives.
    if (tax && !this.props.postings.length) this.props.tax = tax;
    if (!this.props.schedule.length && this.totals.total > 0) {
      this.props.schedule = [{ label: 'Payment', amountCents: this.totals.total, dueDate: addDays(today, dueDays) }];
    }
  }

  /** A draft with a total is waiting for its number. */
  get needsNumber(): boolean {
    return this.props.number === null && !this.props.voidedAt && this.totals.total > 0;
  }

  /** The schedule follows the total: parts kept in order, the one that reaches the total cut, the last takes any rise. */
  private fitSchedule(total: number): void {
    if (total === 0) {
      this.props.schedule = [];
      return;
    }
    const out: Installment[] = [];
    let acc = 0;
    for (const inst of this.props.schedule) {
      if (acc + inst.amountCents >= total) {
        out.push({ ...inst, amountCents: total - acc });
        this.props.schedule = out;
        return;
      }
      out.push(inst);
      acc += inst.amountCents;
    }
    if (!out.length) {
      // A draft has no schedule until it is issued; an issued invoice whose total came back gets one payment.
      if (this.props.number !== null)
        out.push({ label: 'Payment', amountCents: total, dueDate: (this.props.issuedAt ?? new Date()).toISOString().slice(0, 10) });
    } else out[out.length - 1] = { ...out[out.length - 1], amountCents: out[out.length - 1].amountCents + total - acc };
    this.props.schedule = out;
  }

  /**
   * Replaces the schedule (PUT /api/invoices/{id}/schedule): 1 to 12 parts, all amounts or all percents,
   * summing exactly to the total (percents: the last part takes the rounding). Due dates may lie in the past.
   */
  setSchedule(parts: SchedulePart[], style: MoneyStyle = DEFAULT_MONEY_STYLE): void {
    if (this.status === 'void') throw bad('BILLING.VOID', 'This invoice is void', 'schedule');
    const total = this.totals.total;
    if (total === 0) throw bad('BILLING.NOTHING_TO_SCHEDULE', 'Nothing to schedule: the total is ' + formatMoney(0, style), 'schedule');
    if (!parts.length) throw bad('BILLING.EMPTY_SCHEDULE', 'Add at least one installment', 'schedule');
    if (parts.length > MAX_INSTALLMENTS) throw bad('BILLING.TOO_MANY_INSTALLMENTS', 'At most 12 installments', 'schedule');
    for (const p of parts) {
      if (!isDate(p.dueDate)) throw bad('BILLING.BAD_DUE_DATE', 'Due date must be a date (YYYY-MM-DD)', 'schedule');
      const label = typeof p.label === 'string' ? p.label.trim() : '';
      if (!label) throw bad('BILLING.LABEL_REQUIRED', 'Installment label is required', 'schedule');
      if (label.length > 60) throw bad('BILLING.LABEL_TOO_LONG', 'Installment label must be at most 60 characters', 'schedule');
    }
    // In order, so that the first installment still owed is also the earliest due (what 'overdue' reads).
    if (parts.some((p, i) => i > 0 && p.dueDate < parts[i - 1].dueDate))
      throw bad('BILLING.DUE_DATES_ORDER', 'Due dates must be in order: each installment due on or after the one before', 'schedule');
    const byPercent = parts.some((p) => p.percentMilli !== undefined);
    if (byPercent && parts.some((p) => p.percentMilli === undefined || p.amountCents !== undefined))
      throw bad('BILLING.MIXED_SCHEDULE', 'Use amounts or percents for every installment, not both', 'schedule');
    let amounts: number[];
    if (byPercent) {
      if (parts.some((p) => !Number.isSafeInteger(p.percentMilli) || p.percentMilli! <= 0))
        throw bad('BILLING.BAD_PERCENT', 'Installment percent must be more than 0', 'schedule');
      const sum = parts.reduce((s, p) => s + p.percentMilli!, 0);
      if (sum !== 100_000)
        throw bad('BILLING.SCHEDULE_SUM', `The installments must add up to 100%: they add up to ${sum / 1000}%`, 'schedule');
      amounts = parts.slice(0, -1).map((p) => divideHalfUp(BigInt(total) * BigInt(p.percentMilli!), 100_000n));
      const rest = total - amounts.reduce((s, a) => s + a, 0);
      amounts.push(rest);
      if (amounts.some((a) => a <= 0))
        throw bad('BILLING.BAD_AMOUNT', `Installment amount must be more than ${formatMoney(0, style)}`, 'schedule');
    } else {
      if (parts.some((p) => !Number.isSafeInteger(p.amountCents) || p.amountCents! <= 0))
        throw bad('BILLING.BAD_AMOUNT', `Installment amount must be more than ${formatMoney(0, style)}`, 'schedule');
      amounts = parts.map((p) => p.amountCents!);
      const sum = amounts.reduce((s, a) => s + a, 0);
      if (sum !== total)
        throw bad(
          'BILLING.SCHEDULE_SUM',
          `The installments must add up to the total (${formatMoney(total, style)}): they add up to ${formatMoney(sum, style)}`,
          'schedule',
        );
    }
    this.props.schedule = parts.map((p, i) => ({ label: p.label.trim(), amountCents: amounts[i], dueDate: p.dueDate }));
  }

  /**
   * CONTRACT §11's shorthand: a deposit sets 'Deposit' (due `today`) and 'Balance' (due `dueDays` later);
   * null takes a deposit away (one payment of the whole). A schedule the studio made otherwise is left alone by null.
   */
  setDeposit(
    depositCents: number | null,
    today: string,
    dueDays: number,
    style: MoneyStyle,
    errors: { notPositive: () => Error; abovePrice: (priceCents: number) => Error },
  ): void {
    const total = this.totals.total;
    const current = this.depositCents;
    if (depositCents === null) {
      if (current === null) return;
      this.props.schedule =
        total > 0
          ? [{ label: 'Payment', amountCents: total, dueDate: this.props.schedule.at(-1)?.dueDate ?? addDays(today, dueDays) }]
          : [];
      return;
    }
    if (depositCents <= 0) throw errors.notPositive();
    if (depositCents > total) throw errors.abovePrice(total);
    if (current === depositCents) return;
    const due = this.props.schedule.at(-1)?.dueDate ?? addDays(today, dueDays);
    this.props.schedule =
      depositCents === total
        ? [{ label: 'Deposit', amountCents: total, dueDate: today }]
        : [
            { label: 'Deposit', amountCents: depositCents, dueDate: today },
            { label: 'Balance', amountCents: total - depositCents, dueDate: due < today ? addDays(today, dueDays) : due },
          ];
    void style;
  }

  /**
   * Posts a completed payment once (a payment id already posted changes nothing: answers false).
   * `exact`: the caller asked for an amount (a manual payment): more than is owed is refused. A card
   * payment the provider already took is posted as it is, even when it pays more than is owed now.
   */
  postPayment(
    p: { paymentId: number; amountCents: number; method: PaymentMethod; postedAt: Date },
    exact: boolean,
    style: MoneyStyle,
  ): boolean {
    if (this.props.postings.some((x) => x.kind === 'payment' && x.paymentId === p.paymentId)) return false;
    if (this.props.voidedAt) throw bad('BILLING.VOID', 'This invoice is void', 'amount');
    if (!Number.isSafeInteger(p.amountCents) || p.amountCents <= 0)
      throw bad('BILLING.BAD_AMOUNT', 'Amount must be more than ' + formatMoney(0, style), 'amount');
    const due = this.totals.due;
    if (exact && p.amountCents > due) {
      throw due === 0
        ? new ConflictError('BILLING.ALREADY_PAID', 'This invoice is already paid')
        : bad('BILLING.OVERPAYMENT', `This payment is more than the ${formatMoney(due, style)} still owed`, 'amount');
    }
    this.props.postings.push({ kind: 'payment', refundId: null, ...p });
    return true;
  }

  /** Posts a refund of a posted payment once; never more than what is left of that payment. */
  postRefund(r: { paymentId: number; refundId: number; amountCents: number; postedAt: Date }, style: MoneyStyle): boolean {
    if (this.props.postings.some((x) => x.kind === 'refund' && x.refundId === r.refundId)) return false;
    const payment = this.props.postings.find((x) => x.kind === 'payment' && x.paymentId === r.paymentId);
    if (!payment) throw bad('BILLING.UNKNOWN_PAYMENT', 'This payment is not on this invoice', 'amount');
    const refunded = this.props.postings
      .filter((x) => x.kind === 'refund' && x.paymentId === r.paymentId)
      .reduce((s, x) => s + x.amountCents, 0);
    const left = payment.amountCents - refunded;
    if (!Number.isSafeInteger(r.amountCents) || r.amountCents <= 0 || r.amountCents > left)
      throw bad('BILLING.REFUND_ABOVE_PAID', `A refund can be at most the ${formatMoney(left, style)} paid`, 'amount');
    this.props.postings.push({
      kind: 'refund',
      paymentId: r.paymentId,
      refundId: r.refundId,
      amountCents: r.amountCents,
      method: payment.method,
      postedAt: r.postedAt,
    });
    return true;
  }

  markSent(at: Date): void {
    this.props.sentAt = at;
  }

  void(at: Date): void {
    if (!this.props.voidedAt) this.props.voidedAt = at;
  }
}
