import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A webhook endpoint's signing secret (CONTRACT §9): `whsec_` and 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return 'whsec_' + randomBytes(32).toString('base64url');
}

/**
 * `Studio-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the secret>`.
 * The timestamp is signed with the body, so a receiver can refuse an old delivery replayed to it.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** What a receiver does (and the integration guide shows): true when the header signs this body within `toleranceSeconds`. */
export function verifySignature(secret: string, body: string, header: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((kv) => kv.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureHeader(secret, body, t).split('v1=')[1], 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
