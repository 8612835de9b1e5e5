import { useQuery } from '@tanstack/react-query';
import { dataOf, http } from './client';
import type { PaymentPublicConfig } from './schema';

/** GET /api/public-config (no session needed): one cache entry for the ribbon, the booking page and the payment dialog. */
export const PUBLIC_CONFIG_KEY = ['/api/public-config'] as const;

export const fetchPublicConfig = () => dataOf(http.GET('/api/public-config'));

/** The operator's settings (booking URL, payment mode, Stripe key): set at start-up, fetched once per visit. */
export function usePublicConfig() {
  return useQuery<PaymentPublicConfig>({
    queryKey: PUBLIC_CONFIG_KEY,
    queryFn: fetchPublicConfig,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
