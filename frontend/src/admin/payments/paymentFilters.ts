import type { SortPayload } from 'react-admin';
import type { PaymentsFilter } from './types';

export type DateOrder = 'newest' | 'oldest';

/** Spec §2: Newest First (default) or Oldest First, by payment date. */
export const DEFAULT_PAYMENT_SORT: SortPayload = { field: 'paymentDate', order: 'DESC' };

export function sortForOrder(order: DateOrder): SortPayload {
  return { field: 'paymentDate', order: order === 'newest' ? 'DESC' : 'ASC' };
}

export function orderOfSort(sort: SortPayload): DateOrder {
  return sort.field === 'paymentDate' && sort.order === 'ASC' ? 'oldest' : 'newest';
}

/** The browser's IANA zone ('UTC' when the browser does not say). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filter with the search text set (trimmed), or without `q` when the text is empty. */
export function withSearch(filter: PaymentsFilter, text: string): PaymentsFilter {
  const { q: _old, ...rest } = filter;
  const q = text.trim();
  return q ? { ...rest, q } : rest;
}

/**
 * The filter for one day: `day` 'YYYY-MM-DD' plus `tz`, the zone in which the day is read
 * (the browser's). An empty or malformed day removes the date filter ('Clear Filter').
 */
export function withDay(filter: PaymentsFilter, day: string | null | undefined, tz = browserTimeZone()): PaymentsFilter {
  const { day: _day, tz: _tz, ...rest } = filter;
  return day && DAY.test(day) ? { ...rest, day, tz } : rest;
}

/** What is sent to the server: empty values dropped, and `tz` only with a day. */
export function toRequestFilter(filter: PaymentsFilter): PaymentsFilter {
  const out: PaymentsFilter = {};
  if (typeof filter.q === 'string' && filter.q.trim() !== '') out.q = filter.q.trim();
  if (typeof filter.day === 'string' && DAY.test(filter.day)) {
    out.day = filter.day;
    out.tz = filter.tz || browserTimeZone();
  }
  if (filter.status) out.status = filter.status;
  return out;
}

/** `filter=...&sort=...` as ra-data-simple-rest writes them (JSON, URL-encoded). */
export function listQuery(filter: PaymentsFilter, sort?: SortPayload): string {
  const params = new URLSearchParams();
  params.set('filter', JSON.stringify(toRequestFilter(filter)));
  if (sort) params.set('sort', JSON.stringify([sort.field, sort.order]));
  return params.toString();
}
