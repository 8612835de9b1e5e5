import { dataOf, http } from './client';

/** GET /api/public-config (no session needed): one cache entry for the ribbon, the booking page and the payment dialog. */
export const PUBLIC_CONFIG_KEY = ['/api/public-config'] as const;

export const fetchPublicConfig = () => dataOf(http.GET('/api/public-config'));
