import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Money } from '../../../../../shared/domain/money';
import { RuleViolatedError } from '../../../../../shared/errors/domain-error';
import type { Discount, SchedulePart } from '../../../domain/invoice';
import { isDate } from '../../../domain/invoice';

const STATUS = ['draft', 'open', 'paid', 'void'];

export class InvoiceSummaryResponse {
  @ApiProperty({ example: 12 }) id: number;
  @ApiProperty({ example: 'INV-000123', nullable: true, type: String, description: 'null while a draft (a project without a total)' })
  number: string | null;
  @ApiProperty({ example: 4 }) projectId: number;
  @ApiProperty({ example: 'Harbour Lane wedding', nullable: true, type: String }) projectName: string | null;
  @ApiProperty({ example: 7 }) clientId: number;
  @ApiProperty({ example: 'Ann Lee', nullable: true, type: String }) clientName: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) issuedAt: string | null;
  @ApiProperty({ enum: STATUS, example: 'open' }) status: 'draft' | 'open' | 'paid' | 'void';
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ example: 2500, description: 'Dollars: every line' }) subtotal: number;
  @ApiProperty({ example: 0 }) discount: number;
  @ApiProperty({ example: 0, description: 'Dollars; part of the total, or included in the prices when the tax is inclusive' }) tax: number;
  @ApiProperty({ example: 2500 }) total: number;
  @ApiProperty({ example: 500, description: 'Payments − refunds + credits applied' }) paid: number;
  @ApiProperty({ example: 0 }) refunded: number;
  @ApiProperty({ example: 2000, description: 'total − paid, never below 0' }) due: number;
  @ApiProperty({ example: '2026-12-24', nullable: true, type: String, description: 'The first installment still owed' }) nextDueDate:
    string | null;
  @ApiProperty({ example: false }) overdue: boolean;
  @ApiProperty({ example: 0, description: 'Dollars past due' }) overdueAmount: number;
}

export class InvoiceLineResponse {
  @ApiProperty({ example: 'Wedding coverage' }) description: string;
  @ApiProperty({ example: 1 }) quantity: number;
  @ApiProperty({ example: 2500 }) unitPrice: number;
  @ApiProperty({ example: 2500 }) amount: number;
  @ApiProperty({ nullable: true, type: Number, example: 3 }) serviceId: number | null;
  @ApiProperty({ example: false }) paidWithCredits: boolean;
  @ApiProperty({
    enum: ['service', 'project', 'custom'],
    description: "The project's service, the project's own price, or the studio's custom line",
  })
  source: string;
}

export class InstallmentResponse {
  @ApiProperty({ example: 31 }) id: number;
  @ApiProperty({ example: 1 }) number: number;
  @ApiProperty({ example: 'Deposit' }) label: string;
  @ApiProperty({ example: 500 }) amount: number;
  @ApiProperty({ example: '2026-11-29' }) dueDate: string;
  @ApiProperty({ example: 500 }) paid: number;
  @ApiProperty({ example: 0 }) remaining: number;
  @ApiProperty({ enum: ['due', 'paid', 'overdue'] }) status: string;
}

export class InvoicePostingResponse {
  @ApiProperty({ enum: ['payment', 'refund'] }) kind: 'payment' | 'refund';
  @ApiProperty({ example: 12 }) paymentId: number;
  @ApiProperty({ nullable: true, type: Number }) refundId: number | null;
  @ApiProperty({ example: 500 }) amount: number;
  @ApiProperty({ enum: ['card', 'manual'] }) method: string;
  @ApiProperty({ format: 'date-time' }) date: string;
}

export class InvoiceReminderResponse {
  @ApiProperty({ example: 31 }) installmentId: number;
  @ApiProperty({ example: -3, description: 'Days from the due date: −3 three days before, 7 a week overdue' }) days: number;
  @ApiProperty({ format: 'date-time' }) sentAt: string;
}

export class InvoiceDetailResponse extends InvoiceSummaryResponse {
  @ApiProperty({ type: InvoiceLineResponse, isArray: true }) lines: InvoiceLineResponse[];
  @ApiProperty({ nullable: true, type: String, example: 'percent', description: "'amount' or 'percent'; null without a discount" })
  discountKind: 'amount' | 'percent' | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Dollars, or a percent' }) discountValue: number | null;
  @ApiProperty({ example: 'Sales tax' }) taxName: string;
  @ApiProperty({ example: '8.875', description: 'Percent, up to 3 decimals, as when the invoice was made' }) taxRate: string;
  @ApiProperty({ example: false }) taxInclusive: boolean;
  @ApiProperty({ example: 0, description: 'The services paid with credits' }) creditsApplied: number;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) sentAt: string | null;
  @ApiProperty({ type: InstallmentResponse, isArray: true }) schedule: InstallmentResponse[];
  @ApiProperty({ type: InvoicePostingResponse, isArray: true }) payments: InvoicePostingResponse[];
  @ApiProperty({ type: InvoiceReminderResponse, isArray: true }) reminders: InvoiceReminderResponse[];
}

export class CustomLineRequest {
  @ApiProperty({ example: 'Extra hour', maxLength: 200 }) description: string;
  @ApiProperty({ example: 1, minimum: 1 }) quantity: number;
  @ApiProperty({ oneOf: [{ type: 'number' }, { type: 'string' }], example: 150, description: 'Dollars, at most 2 decimals' }) unitPrice:
    number | string;
}

export class DiscountRequest {
  @ApiProperty({ enum: ['amount', 'percent'] }) kind: 'amount' | 'percent';
  @ApiProperty({ example: 10, description: 'Dollars (amount) or a percent up to 3 decimals' }) value: number | string;
}

export class InvoicePatchRequest {
  @ApiPropertyOptional({ type: CustomLineRequest, isArray: true, description: "The studio's own lines (replace the present ones)" })
  customLines?: CustomLineRequest[];
  @ApiPropertyOptional({ type: DiscountRequest, nullable: true, description: 'null removes the discount' })
  discount?: DiscountRequest | null;
}

export class ScheduleItemRequest {
  @ApiProperty({ example: 'Deposit', maxLength: 60 }) label: string;
  @ApiPropertyOptional({ example: 500, description: 'Dollars; or give percent' }) amount?: number | string;
  @ApiPropertyOptional({ example: 20, description: 'Percent of the total; the last part takes the rounding' }) percent?: number | string;
  @ApiProperty({ example: '2026-12-01', description: 'YYYY-MM-DD; may lie in the past (that installment is overdue at once)' })
  dueDate: string;
}

export class InvoiceSentResponse {
  @ApiProperty({ format: 'date-time' }) sentAt: string;
}

export class OverdueSummaryResponse {
  @ApiProperty({ example: 3 }) count: number;
  @ApiProperty({ example: 1250, description: 'Dollars past due' }) amount: number;
}

// ---- reading the bodies (arrays and unions are checked here, each with the message the user reads) ----

const bad = (field: string, message: string) => new RuleViolatedError('BILLING.INVALID', message, { [field]: message });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function cents(value: unknown, field: string, label: string): number {
  if (value === undefined || value === null || value === '') throw bad(field, `${label} is required`);
  if (typeof value !== 'number' && typeof value !== 'string') throw bad(field, `${label} must be a number`);
  try {
    return Money.fromDollars(value, label.toLowerCase()).cents;
  } catch (err) {
    throw bad(field, (err as Error).message);
  }
}

/** A percent with at most 3 decimals, in thousandths (12.5 → 12500). */
function percentMilli(value: unknown, field: string): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,3}(\.\d{1,3})?$/.test(text)) throw bad(field, 'Percent must be a number with at most 3 decimals');
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 1000 + Number((frac + '000').slice(0, 3));
}

export function readPatch(body: unknown): {
  customLines?: Array<{ description: string; quantity: number; unitPriceCents: number }>;
  discount?: Discount | null;
} {
  if (!isObject(body)) throw bad('body', 'The request body must be a JSON object');
  const unknown = Object.keys(body).filter((k) => k !== 'customLines' && k !== 'discount');
  if (unknown.length) throw bad(unknown[0], `Unknown field: ${unknown[0].slice(0, 50)}`);
  const out: ReturnType<typeof readPatch> = {};
  if (body.customLines !== undefined) {
    if (!Array.isArray(body.customLines)) throw bad('customLines', 'Custom lines must be a list');
    if (body.customLines.length > 50) throw bad('customLines', 'At most 50 custom lines');
    out.customLines = body.customLines.map((l) => {
      if (!isObject(l)) throw bad('customLines', 'Each custom line needs a description, a quantity and a unit price');
      const quantity = typeof l.quantity === 'string' && /^\d+$/.test(l.quantity.trim()) ? Number(l.quantity) : l.quantity;
      if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1)
        throw bad('customLines', 'Quantity must be at least 1');
      if (typeof l.description !== 'string') throw bad('customLines', 'Description is required');
      return { description: l.description, quantity, unitPriceCents: cents(l.unitPrice, 'customLines', 'Unit price') };
    });
  }
  if (body.discount !== undefined) {
    const d = body.discount;
    if (d === null || d === '') out.discount = null;
    else {
      if (!isObject(d) || (d.kind !== 'amount' && d.kind !== 'percent'))
        throw bad('discount', "Discount kind must be 'amount' or 'percent'");
      const value = d.kind === 'amount' ? cents(d.value, 'discount', 'Discount') : percentMilli(d.value, 'discount');
      if (value <= 0) throw bad('discount', 'Discount must be more than 0');
      if (d.kind === 'percent' && value > 100_000) throw bad('discount', 'Discount must be at most 100%');
      out.discount = { kind: d.kind, value };
    }
  }
  return out;
}

export function readSchedule(body: unknown): SchedulePart[] {
  if (!Array.isArray(body)) throw bad('schedule', 'The schedule must be a list of installments');
  if (body.length > 12) throw bad('schedule', 'At most 12 installments');
  return body.map((item) => {
    if (!isObject(item)) throw bad('schedule', 'Each installment needs a label, an amount or a percent, and a due date');
    if (!isDate(item.dueDate)) throw bad('schedule', 'Due date must be a date (YYYY-MM-DD)');
    const label = typeof item.label === 'string' ? item.label : '';
    const hasAmount = item.amount !== undefined && item.amount !== null && item.amount !== '';
    const hasPercent = item.percent !== undefined && item.percent !== null && item.percent !== '';
    if (hasAmount === hasPercent) throw bad('schedule', 'Give each installment an amount or a percent');
    return hasAmount
      ? { label, amountCents: cents(item.amount, 'schedule', 'Installment amount'), dueDate: item.dueDate }
      : { label, percentMilli: percentMilli(item.percent, 'schedule'), dueDate: item.dueDate };
  });
}
