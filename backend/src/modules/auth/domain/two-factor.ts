/**
 * Two-factor sign-in (CONTRACT §8): TOTP as authenticator apps expect it (RFC 6238: 6 digits, 30 s,
 * SHA-1), 10 single-use recovery codes, and the pending sign-in between the password and the proof.
 */
/**
 * The issuer an authenticator app lists the account under: the studio's name when two-factor is set up
 * (CONTRACT §13). A colon would end the issuer in the otpauth label, so it is left out.
 */
export function totpIssuer(studioName: string): string {
  return studioName.replace(/:/g, ' ').replace(/\s+/g, ' ').trim() || 'Studio Portal';
}
/** A code from one step before or after now is accepted too (a phone clock a little off, a slow typist). */
export const TOTP_TOLERANCE_SECONDS = 30;

export const RECOVERY_CODE_COUNT = 10;
/** The right password was given; the second proof must follow within this time, from the same browser. */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;
/** A code e-mailed for the many-address rule is valid this long. */
export const EMAIL_SIGN_IN_CODE_MS = 10 * 60 * 1000;
/** Wrong codes on one pending sign-in before it is dropped (the password must be given again). */
export const PENDING_SIGN_IN_MAX_FAILURES = 5;

export type SecondProofMethod = 'totp' | 'email';

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i: read off paper and typed

/**
 * A recovery code: 10 characters from a 31-letter alphabet (about 50 bits), shown as `xxxxx-xxxxx`.
 * `randomInt(max)` draws from 0..max-1.
 */
export function generateRecoveryCode(randomInt: (max: number) => number): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The form a typed recovery code is compared in: lower case, no spaces or dashes. */
export function normalizeRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '');
}

export function isWellFormedCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** A sign-in waiting for its second proof. */
export interface PendingSignIn {
  userId: number;
  method: SecondProofMethod;
  remember: boolean;
  /** The e-mailed code's hash (method 'email'); null for TOTP. */
  codeHash: string | null;
  failures: number;
  expiresAt: Date;
}

export function isPendingUsable(p: PendingSignIn, now: Date): boolean {
  return now.getTime() < p.expiresAt.getTime() && p.failures < PENDING_SIGN_IN_MAX_FAILURES;
}
