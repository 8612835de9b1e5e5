import type { Money } from '../../../shared/domain/money';
import type { MoneyStyle } from '../../../shared/domain/money-format';
import { Payment } from './payment';
import type { ReceiptNumber } from './receipt-number';

/** What the receipt is for: a project, or a credit bundle once bundle purchases are payments (CONTRACT §11). */
export type ReceiptSubject =
  /** `deposit`: the payment was the project's deposit (decision 0033) */
  { kind: 'project'; name: string; deposit?: boolean } | { kind: 'bundle'; name: string; credits: number };

/**
 * The studio as a receipt shows it: as it is when the receipt is made (decision 0042: a receipt of an
 * old payment shows today's name, logo and contact lines; its amount is in the studio's one currency,
 * which cannot change once money has moved).
 */
export interface ReceiptStudio {
  name: string;
  contactLines: string[];
  money: MoneyStyle;
  /** '#rrggbb' */
  accentColor: string;
  /** The logo as stored (PNG), or null. */
  logo: Buffer | null;
  /** IANA zone the receipt's date is written in ('UTC' for the default studio). */
  timeZone: string;
}

/**
 * The receipt of one completed payment (CONTRACT §11): who issued it and to whom, what was paid for,
 * how much, how and when, under its number. Everything it shows is read from the payment's row and
 * what it refers to; names that are gone (a deleted project or client) are still there (soft deletes).
 */
export interface Receipt {
  paymentId: number;
  number: ReceiptNumber;
  studio: ReceiptStudio;
  client: { id: number; name: string; email: string | null };
  subject: ReceiptSubject;
  amount: Money;
  paidAt: Date;
  /** The card provider's payment id; null for a payment the studio recorded by hand. */
  providerPaymentId: string | null;
  /** The studio's note on a manual payment ('Marked as paid by admin'). */
  note: string | null;
}

/** How the receipt names the way it was paid: 'Card (Stripe)' or 'Manual' (Payment History says 'Stripe'). */
export function receiptMethod(receipt: Pick<Receipt, 'providerPaymentId'>): string {
  return Payment.methodOf(receipt.providerPaymentId) === 'Stripe' ? 'Card (Stripe)' : 'Manual';
}

/** The line of the receipt that says what was paid for. */
export function receiptDescription(subject: ReceiptSubject): string {
  return subject.kind === 'project'
    ? `Photography project: ${subject.name}${subject.deposit ? ' (deposit)' : ''}`
    : `Credit bundle: ${subject.name} (${subject.credits} ${subject.credits === 1 ? 'credit' : 'credits'})`;
}

/**
 * When it was paid, as the receipt prints it: in the studio's time zone and saying which ('January 5,
 * 2026, 15:04 UTC' for the default studio, 'January 5, 2026, 10:04 EST' in New York): a receipt must read
 * the same wherever it is opened. A zone Intl does not know (never stored: Studio Settings checks it)
 * falls back to UTC.
 */
export function receiptDate(paidAt: Date, timeZone = 'UTC'): string {
  const parts = (zone: string) =>
    new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: zone,
      timeZoneName: 'short',
    }).formatToParts(paidAt);
  let p: Intl.DateTimeFormatPart[];
  try {
    p = parts(timeZone);
  } catch {
    p = parts('UTC');
  }
  const v = (type: Intl.DateTimeFormatPartTypes) => p.find((x) => x.type === type)?.value ?? '';
  return `${v('month')} ${v('day')}, ${v('year')}, ${v('hour')}:${v('minute')} ${v('timeZoneName')}`;
}
