import { dataOf, http } from '../../../shared/api/client';

export const PUBLIC_CONFIG_KEY = ['/api/public-config'] as const;

export const bookingApi = {
  /** GET /api/public-config (public, no session needed) → {bookingUrl}. */
  publicConfig: () => dataOf(http.GET('/api/public-config')),
};

/** Only http(s) pages may be embedded or opened: anything else (javascript:, data:, a bare host) is refused. */
export function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
