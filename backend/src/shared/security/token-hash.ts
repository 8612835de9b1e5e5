import { createHash } from 'node:crypto';

/**
 * The SHA-256, in hex, under which a random secret token is kept (verification links, pending
 * sign-ins, recovery codes, API tokens). Enough for secrets of 50+ random bits: unlike a password,
 * they cannot be guessed from a list, so a slow hash adds nothing.
 */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
