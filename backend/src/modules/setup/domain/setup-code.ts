import { randomInt } from 'node:crypto';
import { tokenHash } from '../../../shared/security/token-hash';

/**
 * The one-time setup code of the first run (CONTRACT §13): 6 random digits, shown as '123-456' in the
 * server's console. Whoever reaches /setup first must also see that console, so a stranger who finds
 * the page cannot claim the studio.
 */
export const SETUP_CODE_DIGITS = 6;

/** Wrong codes a printed code takes: the fifth replaces it with a new one, printed again. */
export const MAX_WRONG_CODES = 5;

/** A new random code, as printed: '123-456'. */
export function newSetupCode(): string {
  const digits = String(randomInt(0, 10 ** SETUP_CODE_DIGITS)).padStart(SETUP_CODE_DIGITS, '0');
  return `${digits.slice(0, 3)}-${digits.slice(3)}`;
}

/**
 * What was typed, reduced to its digits ('123 456', '123-456' and '123456' are one code); null when it
 * cannot be a code (not 6 digits once spaces and dashes are gone).
 */
export function normalizeSetupCode(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * The hash under which a code is kept (only the hash is stored). A plain SHA-256 of the digits: the code
 * guards the claim over HTTP, where five tries replace it; whoever can read the table can already write
 * the users table, so a slow hash would protect nothing more.
 */
export function setupCodeHash(code: string): string {
  return tokenHash(`setup-code:${normalizeSetupCode(code) ?? code}`);
}
