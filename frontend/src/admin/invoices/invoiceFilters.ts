import type { SortPayload } from 'react-admin';
import type { InvoiceStatus } from './types';

/** Newest invoice first (drafts, which have no number yet, are placed by the server). */
export const DEFAULT_INVOICE_SORT: SortPayload = { field: 'number', order: 'DESC' };

export type QuickFilter = 'all' | 'overdue' | Extract<InvoiceStatus, 'open' | 'paid' | 'draft'>;

/** The quick filters above the list (CONTRACT §14: Overdue/Open/Paid, and Draft). */
export const QUICK_FILTERS: { value: QuickFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'open', label: 'Open' },
  { value: 'paid', label: 'Paid' },
  { value: 'draft', label: 'Draft' },
];

type Filters = Record<string, unknown>;

/** Which quick filter the list's filter is ('all' when none): `{overdue: true}` or `{status}`. */
export function quickFilterOf(filters: Filters | undefined): QuickFilter {
  if (filters?.overdue === true || filters?.overdue === 'true') return 'overdue';
  const status = filters?.status;
  if (status === 'open' || status === 'paid' || status === 'draft') return status;
  return 'all';
}

/** The list's filter with `quick` chosen (the search text and the client kept). */
export function withQuickFilter(filters: Filters | undefined, quick: QuickFilter): Filters {
  const { overdue: _overdue, status: _status, ...rest } = filters ?? {};
  if (quick === 'overdue') return { ...rest, overdue: true };
  if (quick === 'all') return rest;
  return { ...rest, status: quick };
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** A calendar day 'YYYY-MM-DD' as 'Mar 1, 2026' (read as that day wherever the browser is, not as UTC midnight). */
export function formatDay(day: string | null | undefined): string {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})/.exec(day) : null;
  if (!m) return '';
  return dayFormat.format(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}
