/** 'INV-000123' (CONTRACT §14); a draft has no number yet. */
export const invoiceNumber = (n: number | null): string | null => (n === null ? null : `INV-${String(n).padStart(6, '0')}`);

/** The calendar date `at` falls on in `timeZone` ('YYYY-MM-DD'); UTC for a zone the runtime does not know. */
export function todayIn(timeZone: string, at: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

/** Thousandths of a percent from a rate's text ('8.875' → 8875, '23' → 23000), exactly. */
export function rateMilli(rate: string): number {
  const [whole, frac = ''] = rate.split('.');
  return Number(whole) * 1000 + Number((frac + '000').slice(0, 3));
}

/** A rate in thousandths as NUMERIC(6,3) text ('8.875', '23.000'). */
export const rateText = (milli: number): string => `${Math.floor(milli / 1000)}.${String(milli % 1000).padStart(3, '0')}`;
