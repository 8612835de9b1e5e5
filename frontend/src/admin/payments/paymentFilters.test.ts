import { describe, expect, it, vi } from 'vitest';
import { browserTimeZone, listQuery, orderOfSort, sortForOrder, toRequestFilter, withDay, withSearch } from './paymentFilters';

describe('payments filter -> request', () => {
  it('maps the sort toggle to paymentDate DESC/ASC and back', () => {
    expect(sortForOrder('newest')).toEqual({ field: 'paymentDate', order: 'DESC' });
    expect(sortForOrder('oldest')).toEqual({ field: 'paymentDate', order: 'ASC' });
    expect(orderOfSort({ field: 'paymentDate', order: 'ASC' })).toBe('oldest');
    expect(orderOfSort({ field: 'paymentDate', order: 'DESC' })).toBe('newest');
  });

  it('sets and clears the search text', () => {
    expect(withSearch({}, '  150 ')).toEqual({ q: '150' });
    expect(withSearch({ q: 'x', day: '2025-01-05', tz: 'UTC' }, '')).toEqual({ day: '2025-01-05', tz: 'UTC' });
  });

  it("sends one day with the browser's time zone, and 'Clear Filter' removes both", () => {
    const withDate = withDay({ q: 'smith' }, '2025-03-09', 'Europe/Paris');
    expect(withDate).toEqual({ q: 'smith', day: '2025-03-09', tz: 'Europe/Paris' });
    expect(withDay(withDate, null)).toEqual({ q: 'smith' });
    expect(withDay(withDate, '')).toEqual({ q: 'smith' });
    expect(withDay({}, 'not a day', 'UTC')).toEqual({});
  });

  it('uses the IANA zone of the browser by default', () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      timeZone: 'America/New_York',
    } as Intl.ResolvedDateTimeFormatOptions);
    expect(browserTimeZone()).toBe('America/New_York');
    expect(withDay({}, '2025-03-09')).toEqual({ day: '2025-03-09', tz: 'America/New_York' });
  });

  it('drops empty values and sends tz only with a day', () => {
    expect(toRequestFilter({ q: '  ', tz: 'UTC' })).toEqual({});
    expect(toRequestFilter({ q: 'a', day: '2025-01-02', tz: 'Asia/Tokyo' })).toEqual({
      q: 'a',
      day: '2025-01-02',
      tz: 'Asia/Tokyo',
    });
  });

  it('writes filter and sort as ra-data-simple-rest does', () => {
    const query = new URLSearchParams(listQuery({ q: 'smith', day: '2025-01-02', tz: 'UTC' }, sortForOrder('oldest')));
    expect(JSON.parse(query.get('filter')!)).toEqual({ q: 'smith', day: '2025-01-02', tz: 'UTC' });
    expect(JSON.parse(query.get('sort')!)).toEqual(['paymentDate', 'ASC']);
    expect(new URLSearchParams(listQuery({})).has('sort')).toBe(false);
  });
});
