/** How money is written: the studio's currency (ISO 4217, two decimals) in its locale (CONTRACT §13). */
export interface MoneyStyle {
  currency: string;
  locale: string;
}

/** The default studio's: '$75.00' exactly as the spec's screens read. */
export const DEFAULT_MONEY_STYLE: MoneyStyle = { currency: 'USD', locale: 'en-US' };

const moneyFormat = (style: MoneyStyle) =>
  new Intl.NumberFormat(style.locale, { style: 'currency', currency: style.currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });

let money = { key: 'USD en-US', format: moneyFormat(DEFAULT_MONEY_STYLE) };

/**
 * The studio's money style for every amount shown from now on: set from the studio the page brought
 * before the first render, and again when the studio query changes (AppProviders). A currency or locale
 * Intl does not know leaves the default style (the studio module only stores known ones).
 */
export function setMoneyStyle(style: MoneyStyle): void {
  const key = `${style.currency} ${style.locale}`;
  if (key === money.key) return;
  try {
    money = { key, format: moneyFormat(style) };
  } catch {
    money = { key, format: moneyFormat(DEFAULT_MONEY_STYLE) };
  }
}

function toNumber(value: number | string | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(n) ? n : 0;
}

/**
 * Money with 2 decimals in the studio's style: 1234.5 -> '$1,234.50' (the default studio), '€1,234.50'
 * (EUR, en-IE), '1.234,50 €' (EUR, de-DE). Accepts numeric strings (decimal columns).
 */
export function formatCurrency(value: number | string | null | undefined): string {
  return money.format.format(toNumber(value));
}

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

// The browser's own Intl (decision 0020: no date library in the first load). en-US on purpose: the
// spec's dates read 'Jan 5, 2025' whatever the visitor's language, as its money reads '$1,234.50'.
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true });

/** 'MMM d, yyyy' (e.g. 'Jan 5, 2025'), in the local time zone; '' for missing or invalid dates. */
export function formatDate(value: Date | string | number | null | undefined): string {
  const d = toDate(value);
  return d ? day.format(d) : '';
}

/** Activity timestamps: 'Jan 5, 2025 at 3:04 PM'; '' for missing or invalid dates. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  const d = toDate(value);
  if (!d) return '';
  // newer ICU puts a narrow no-break space before AM/PM; the spec's timestamps read with a plain one
  const clock = time
    .formatToParts(d)
    .map((part) => (part.type === 'literal' ? part.value.replace(/\s/gu, ' ') : part.value))
    .join('');
  return `${day.format(d)} at ${clock}`;
}

/** '1 credit', '4 credits'. */
export function formatCredits(value: number | null | undefined): string {
  const n = value ?? 0;
  return `${n} ${n === 1 ? 'credit' : 'credits'}`;
}

export { initials } from './initials';
