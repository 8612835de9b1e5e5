import { describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch } from '../../../test/utils';
import { browserTimeZone, dashboardMethods } from './dataProvider';

const summary = {
  revenue: { amount: 0, count: 0, month: 'November 2026' },
  pending: { amount: 0, count: 0 },
  activeClients: { count: 0, newThisMonth: 0 },
  recentActivity: [],
};

describe('dashboard dataProvider method', () => {
  it('calls GET /api/dashboard with the time zone and answers {data}', async () => {
    const spy = mockFetch({ 'GET /api/dashboard?tz=America%2FNew_York': { body: summary } });
    await expect(dashboardMethods.getDashboard('America/New_York')).resolves.toEqual({ data: summary });
    expect(callsTo(spy, 'GET /api/dashboard?tz=America%2FNew_York')).toHaveLength(1);
  });

  it("uses the browser's zone by default", async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      timeZone: 'Europe/Paris',
    } as Intl.ResolvedDateTimeFormatOptions);
    expect(browserTimeZone()).toBe('Europe/Paris');
    const spy = mockFetch({ 'GET /api/dashboard?tz=Europe%2FParis': { body: summary } });
    await dashboardMethods.getDashboard();
    expect(callsTo(spy, 'GET /api/dashboard?tz=Europe%2FParis')).toHaveLength(1);
  });
});
