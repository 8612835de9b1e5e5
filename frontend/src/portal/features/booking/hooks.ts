import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../shared/api/schema';
import { bookingApi, PUBLIC_CONFIG_KEY } from './api';

/** The public configuration (booking URL). Set by the operator at start-up: fetched once per session. */
export function usePublicConfig() {
  return useQuery<PublicConfig>({
    queryKey: PUBLIC_CONFIG_KEY,
    queryFn: bookingApi.publicConfig,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
