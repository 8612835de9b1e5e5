import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebouncedSearch } from '../shared/useDebouncedSearch';
import { useCreditsApi } from './dataProvider';
import { clientsPageKey } from './queries';
import type { ClientCreditsQuery } from './types';

/** Clients per page of the Client Credits list. */
export const CLIENTS_PER_PAGE = 25;
/** The search is sent once typing pauses this long. */
export const CLIENT_SEARCH_DELAY_MS = 250;

/**
 * The Client Credits list's state: the typed search (sent to the server, trimmed, once typing pauses),
 * the page (back to the first on a new search) and the page's query. The previous page stays on screen
 * while the next one loads.
 */
export function useClientCreditsList() {
  const api = useCreditsApi();
  const [page, setPage] = useState(0);
  const { searchText, setSearchText, q, clear } = useDebouncedSearch(CLIENT_SEARCH_DELAY_MS, () => setPage(0));

  const query: ClientCreditsQuery = { q, page, perPage: CLIENTS_PER_PAGE };
  const list = useQuery({
    queryKey: clientsPageKey(query),
    queryFn: () => api.getClientsWithCredits(query),
    placeholderData: keepPreviousData,
    retry: false,
  });

  // a page past the end (clients gone, a smaller total) goes back to the last page
  const total = list.data?.total ?? 0;
  const settled = list.data !== undefined && !list.isPlaceholderData;
  // (adjusted while rendering, as React recommends for state that follows other values)
  if (settled && page > 0 && page * CLIENTS_PER_PAGE >= total) setPage(Math.max(0, Math.ceil(total / CLIENTS_PER_PAGE) - 1));

  return {
    list,
    clients: list.data?.data ?? [],
    total,
    /** the search applied to the list shown (the typed text may be ahead of it) */
    q,
    searchText,
    setSearchText,
    /** the clear button: an empty search at once, first page */
    clearSearch: clear,
    page,
    setPage,
    perPage: CLIENTS_PER_PAGE,
    /** a new search or page is loading while the previous one shows */
    loadingMore: list.isFetching && list.isPlaceholderData,
  };
}

export type ClientCreditsList = ReturnType<typeof useClientCreditsList>;
