import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, getJson } from './client';
import { markSessionEnded } from './sessionEnded';

/**
 * Default query function: the first element of the query key is the URL (GET, JSON).
 * e.g. useQuery({ queryKey: ['/api/projects'] })
 */
export const defaultQueryFn: QueryFunction = ({ queryKey }) => getJson(String(queryKey[0]));

/** True for the server's "your session has ended" answer (idle or absolute limit, signed out elsewhere). */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && (error.body as { code?: unknown } | undefined)?.code === 'AUTH.NOT_SIGNED_IN';
}

/**
 * Spec §7: never retry, never refetch on focus, never go stale, never poll. When a call finds the
 * session ended (30 idle minutes, the admin's 'Sign out everywhere', a logout in another tab), the
 * cached user becomes null so the page goes to sign-in instead of showing errors.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (!isSessionEnded(error) || !client.getQueryData(['/api/user'])) return;
    markSessionEnded();
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== '/api/user' });
    client.setQueryData(['/api/user'], null);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
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
  return client;
}

export const queryClient = createQueryClient();
