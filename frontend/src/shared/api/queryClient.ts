import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiRequest } from './client';

/**
 * Default query function: the first element of the query key is the URL (GET, JSON).
 * e.g. useQuery({ queryKey: ['/api/projects'] })
 */
export const defaultQueryFn: QueryFunction = ({ queryKey }) =>
  apiRequest('GET', String(queryKey[0]));

/** Spec §7: never retry, never refetch on focus, never go stale, never poll. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
