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
