import { timingSafeEqual } from 'node:crypto';

/** CONTRACT §9: `sp_` and 43 characters of base64url (32 random bytes). */
export const TOKEN_PREFIX = 'sp_';
/** How many leading characters are kept in clear to tell tokens apart and to find a token's row. */
export const TOKEN_HINT_LENGTH = 12;
export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
/** last_used_at is written at most this often per token: a busy integration does not write on every call. */
export const LAST_USED_PRECISION_MS = 60_000;

export function isWellFormedToken(token: string): boolean {
  return /^sp_[A-Za-z0-9_-]{32,200}$/.test(token);
}

export const tokenHint = (token: string) => token.slice(0, TOKEN_HINT_LENGTH);

/** Compares two hex hashes in constant time (no early exit on the first differing character). */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface ApiToken {
  id: number;
  name: string;
  scope: TokenScope;
  /** The token's first characters, e.g. `sp_Xk3f9QaB`, to recognise it in the list. */
  hint: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

export function isExpired(token: { expiresAt: Date | null }, now: Date): boolean {
  return token.expiresAt !== null && token.expiresAt.getTime() <= now.getTime();
}
