import { fetchPublicConfig } from '../../../shared/api/publicConfig';

export { PUBLIC_CONFIG_KEY } from '../../../shared/api/publicConfig';

export const bookingApi = {
  /** GET /api/public-config (public, no session needed) → {bookingUrl}. */
  publicConfig: fetchPublicConfig,
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
