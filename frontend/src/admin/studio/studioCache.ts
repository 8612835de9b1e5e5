import type { QueryClient } from '@tanstack/react-query';
import { STUDIO_KEY } from '../../shared/studio';

const isStudioKey = (key: readonly unknown[]) => key.length === STUDIO_KEY.length && key[0] === STUDIO_KEY[0];

// The back office has a query cache of its own (react-admin's), the portal another: the portal's holds the
// studio that themes the pages, writes every amount and titles the tab (AppProviders). These two keep the
// back office's studio and the portal's one and the same.

/** The back office's cache, starting from the portal's studio (its bar shows it without asking the server again). */
export function withPortalStudio(admin: QueryClient, portal: QueryClient): QueryClient {
  const current = portal.getQueryData(STUDIO_KEY);
  if (current !== undefined) admin.setQueryData(STUDIO_KEY, current);
  return admin;
}

/**
 * Hands each studio the back office's cache gets (Studio Settings saves it there) to the portal's, so a
 * rename, a new logo or another currency shows everywhere at once. Returns the unsubscribe.
 */
export function shareStudioWithPortal(admin: QueryClient, portal: QueryClient): () => void {
  return admin.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isStudioKey(event.query.queryKey)) return;
    const data = event.query.state.data;
    if (data !== undefined && portal.getQueryData(STUDIO_KEY) !== data) portal.setQueryData(STUDIO_KEY, data);
  });
}
