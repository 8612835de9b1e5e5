const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

function toNumber(value: number | string | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(n) ? n : 0;
}

/** Money in dollars with 2 decimals: 1234.5 -> '$1,234.50'. Accepts numeric strings (decimal columns). */
export function formatCurrency(value: number | string | null | undefined): string {
  return usd.format(toNumber(value));
}

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

// Written out rather than with date-fns' format (~5 kB gzipped in every signed-in page, decision
// 0014) or Intl (whose date-time joiner and AM/PM spacing vary between ICU versions): the same
// output as date-fns' 'MMM d, yyyy' and "MMM d, yyyy 'at' h:mm a", in the local time zone.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const dateText = (d: Date) => `${MONTHS[d.getMonth()]} ${d.getDate()}, ${String(d.getFullYear()).padStart(4, '0')}`;

/** 'MMM d, yyyy' (e.g. 'Jan 5, 2025'); '' for missing or invalid dates. */
export function formatDate(value: Date | string | number | null | undefined): string {
  const d = toDate(value);
  return d ? dateText(d) : '';
}

/** Activity timestamps: 'Jan 5, 2025 at 3:04 PM'; '' for missing or invalid dates. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  const d = toDate(value);
  if (!d) return '';
  const hours = d.getHours();
  const minutes = String(d.getMinutes()).padStart(2, '0');
  return `${dateText(d)} at ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** '1 credit', '4 credits'. */
export function formatCredits(value: number | null | undefined): string {
  const n = value ?? 0;
  return `${n} ${n === 1 ? 'credit' : 'credits'}`;
}

// In a module of its own: the signed-in layout needs it, and nothing else of this file (decision 0014).
export { initials } from './initials';
