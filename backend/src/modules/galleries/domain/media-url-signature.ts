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

/** Signed media URLs last at least this long (CONTRACT §10: "expire within hours"). */
const URL_LIFETIME_MS = 4 * 60 * 60_000;
const URL_EXPIRY_STEP_MS = 60 * 60_000;

/**
 * When a URL signed at `now` (ms) expires: 4 hours on, rounded up to the next whole hour, so a gallery
 * fetched again within the hour gets the very same URLs and the browser answers from its cache (media
 * answers are cacheable for an hour) instead of downloading every thumbnail again. A link lives 4 to 5 hours.
 */
export function mediaUrlExpiry(now: number): Date {
  return new Date(Math.ceil((now + URL_LIFETIME_MS) / URL_EXPIRY_STEP_MS) * URL_EXPIRY_STEP_MS);
}
