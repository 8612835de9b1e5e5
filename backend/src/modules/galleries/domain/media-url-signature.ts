import { createHmac, timingSafeEqual } from 'node:crypto';
import { mediaKey } from './media-key';

/**
 * Media is served through the app's own route (`GET /api/media/<key>?exp=<unix seconds>&sig=<hex>`), for
 * both storage adapters: the URL is the permission. `sig` is HMAC-SHA256, keyed with a server secret,
 * of `"<key>\n<exp>"` (the newline cannot occur in a key, so no other key and expiry sign the same
 * text). A URL for one photo says nothing about another's, and a guessed
 * key without its signature is refused.
 */
export type MediaUrlCheck = 'ok' | 'expired' | 'bad-signature';

export const MEDIA_URL_PATH = '/api/media/';
const MIN_SECRET_LENGTH = 32;

function signature(key: string, exp: number, secret: string): Buffer {
  // A short secret is a configuration mistake; refusing it here keeps it from signing anything.
  if (secret.length < MIN_SECRET_LENGTH) throw new Error(`The media URL secret must be at least ${MIN_SECRET_LENGTH} characters`);
  return createHmac('sha256', secret).update(`${key}\n${exp}`).digest();
}

/** The signed path of a key, valid until `expiresAt` (rounded down to the second). */
export function signMediaUrl(key: string, expiresAt: Date, secret: string): string {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  return `${MEDIA_URL_PATH}${mediaKey(key)}?exp=${exp}&sig=${signature(key, exp, secret).toString('hex')}`;
}

/**
 * The route's check, on the values as they came in the request. The signature is checked before the
 * expiry, so 'expired' is only ever said of a URL this server made; a malformed one is a bad signature.
 */
export function verifyMediaUrl(key: string, exp: string, sig: string, secret: string, now: Date = new Date()): MediaUrlCheck {
  if (!/^\d{1,12}$/.test(exp) || !/^[0-9a-f]{64}$/.test(sig)) return 'bad-signature';
  try {
    mediaKey(key);
  } catch {
    return 'bad-signature';
  }
  const expected = signature(key, Number(exp), secret);
  if (!timingSafeEqual(Buffer.from(sig, 'hex'), expected)) return 'bad-signature';
  return Number(exp) * 1000 <= now.getTime() ? 'expired' : 'ok';
}

/**
 * How long a signed link lives (CONTRACT §12: a link in a log, a browser's history or a forwarded
 * message must not open a photo for hours): at least `lifetimeMs`, its expiry rounded up to a whole
 * `stepMs`, so links signed within one step are the same and the browser answers them from its cache.
 * - `original`: the file as uploaded, a download that starts when it is clicked: 5 to 6 minutes.
 * - `view`: a thumbnail or preview, shown by the page that asked for it: 20 to 30 minutes. The gallery
 *   asks for its photo list again every few minutes while it is shown (and when it is shown again), so a
 *   page open for hours always holds live links, and a thumbnail's link changes every 10 minutes at most.
 */
export const MEDIA_URL_LIFETIMES = {
  original: { lifetimeMs: 5 * 60_000, stepMs: 60_000 },
  view: { lifetimeMs: 20 * 60_000, stepMs: 10 * 60_000 },
} as const;
export type MediaUrlUse = keyof typeof MEDIA_URL_LIFETIMES;

/** When a link to `use` signed at `now` (ms) expires (MEDIA_URL_LIFETIMES). */
export function mediaUrlExpiry(now: number, use: MediaUrlUse): Date {
  const { lifetimeMs, stepMs } = MEDIA_URL_LIFETIMES[use];
  return new Date(Math.ceil((now + lifetimeMs) / stepMs) * stepMs);
}

/** The seconds a link expiring at `exp` (unix seconds, as in its query) has left: how long a browser may keep its answer. */
export function secondsLeft(exp: string, now: Date = new Date()): number {
  return Math.max(0, Math.floor(Number(exp) - now.getTime() / 1000));
}
