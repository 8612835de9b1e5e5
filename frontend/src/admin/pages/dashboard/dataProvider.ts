import { httpClient } from '../../providers/httpClient';

export type ActivityType = 'payment' | 'project' | 'client';

export interface ActivityItem {
  type: ActivityType;
  title: string;
  description: string;
  /** ISO-8601 */
  timestamp: string;
  /** dollars; null when the item has no amount (e.g. a registration) */
  amount: number | null;
}

/** GET /api/dashboard (docs/api/back-office.md "Dashboard"). */
export interface DashboardSummary {
  /** completed payments of the current calendar month in the browser's zone; month like 'November 2026' */
  revenue: { amount: number; count: number; month: string };
  /** unpaid amounts of unpaid projects and how many projects */
  pending: { amount: number; count: number };
  /** accounts with role client; newThisMonth equals count (spec §2) */
  activeClients: { count: number; newThisMonth: number };
  /** open invoices with an overdue installment and what is overdue of them (CONTRACT §14); absent from an older server */
  overdue?: { count: number; amount: number };
  /** the 5 newest items, newest first */
  recentActivity: ActivityItem[];
}

/** The browser's IANA time zone ('Europe/Paris'); 'UTC' when the browser does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The dashboard's own call (its chunk, not the back office's dataProvider). */
export const dashboardMethods = {
  getDashboard: async (tz: string = browserTimeZone()): Promise<{ data: DashboardSummary }> => {
    const { json } = await httpClient(`/api/dashboard?tz=${encodeURIComponent(tz)}`);
    return { data: json as DashboardSummary };
  },
};

export type DashboardMethods = typeof dashboardMethods;

/** The page's calls (tests replace them with `fakeApi`). */
export function useDashboardApi(): DashboardMethods {
  return dashboardMethods;
}
