import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataOf, http, rawHttp } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';
import { CURRENT_USER_KEY } from '../auth/api';

export type CompleteSetupRequest = components['schemas']['CompleteSetupRequest'];

/** GET /api/setup: true while the studio needs its first run; false once it is done (the route is then a 404). */
export async function fetchSetupNeeded(): Promise<boolean> {
  const { response } = await rawHttp.GET('/api/setup');
  if (response.ok) return true;
  if (response.status === 404) return false;
  throw new Error(`Failed to check the setup: ${response.statusText || response.status}`);
}

export function useSetupNeeded() {
  return useQuery({ queryKey: ['/api/setup'], queryFn: fetchSetupNeeded, retry: false, staleTime: Infinity });
}

/** POST /api/setup: names the studio, creates its admin and signs them in. */
export function useCompleteSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompleteSetupRequest) => dataOf(http.POST('/api/setup', { body })),
    onSuccess: (user) => {
      queryClient.clear();
      queryClient.setQueryData(CURRENT_USER_KEY, user);
    },
  });
}

/**
 * After setup the browser loads the back office afresh, so the page it gets carries the studio's new name
 * (the server puts the studio into every page it sends). An object, so tests can watch the call.
 */
export const afterSetup = {
  open: (path: string): void => window.location.assign(path),
};
