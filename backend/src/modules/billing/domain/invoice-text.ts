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
