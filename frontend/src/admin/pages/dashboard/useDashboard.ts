import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { browserTimeZone, useDashboardApi, type DashboardSummary } from './dataProvider';

export const DASHBOARD_QUERY_KEY = ['dashboard'] as const;

/** The dashboard's figures for the browser's time zone (GET /api/dashboard). */
export function useDashboard() {
  const api = useDashboardApi();
  const tz = browserTimeZone();
  return useQuery<DashboardSummary>({
    queryKey: [...DASHBOARD_QUERY_KEY, tz],
    queryFn: async () => (await api.getDashboard(tz)).data,
    // spec §7: data queries never retry; figures are refetched on mount once 5 s old (spec §4)
    retry: false,
    staleTime: 5000,
    refetchOnMount: true,
  });
}

/** Refetches the dashboard (after a client is added from the quick actions). */
export function useRefreshDashboard() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }), [queryClient]);
}
