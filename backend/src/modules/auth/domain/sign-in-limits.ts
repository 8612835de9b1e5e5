/**
 * The limits of CONTRACT §5 and §12, the same on every app instance because the counts live in the
 * database. Each is a number of tries of one kind on one subject (an account's e-mail address, known or
 * not) within a sliding window, counted on all addresses or on the try's own client address. A try is
 * recorded only when it is admitted: one refused with 429 counts for nothing.
 */

export type AttemptKind =
  /** A proof of identity that may yet prove wrong: a password, a second-step code (taken back when right). */
  | 'login_failure'
  | 'reset_request'
  | 'reset_failure'
  | 'signin_code'
  /** A second proof at sign-in (TOTP, recovery code, e-mailed code), taken back when right. */
  | 'proof_failure'
  /** The 'someone knows your password' notice, once per window. */
  | 'proof_notice'
  /** A code given to turn two-factor sign-in off, taken back when right. */
  | 'disable_failure';

export interface AttemptLimit {
  kind: AttemptKind;
  /** Tries admitted within the window; the next one is refused. */
  max: number;
  windowMs: number;
  /** Counted per client address (on the subject) rather than on the subject from every address. */
  perAddress: boolean;
}

const MINUTE = 60 * 1000;

/** Tries on one account from one client address: after 10 failures there, 429 for that address only. */
export const SIGN_IN_TRIES: AttemptLimit = { kind: 'login_failure', max: 10, windowMs: 15 * MINUTE, perAddress: true };
export const LOGIN_FAILURE_LIMIT = SIGN_IN_TRIES.max;
export const LOGIN_FAILURE_WINDOW_MS = SIGN_IN_TRIES.windowMs;

/** The many-address rule: this many failures on the account in the window... */
export const SECOND_PROOF_THRESHOLD = 50;
/** ...from at least this many distinct client addresses make the right password ask for a second proof. */
export const SECOND_PROOF_MIN_ADDRESSES = 10;

/** E-mailed sign-in codes per account per hour. */
export const SIGN_IN_CODES: AttemptLimit = { kind: 'signin_code', max: 5, windowMs: 60 * MINUTE, perAddress: false };
export const SIGNIN_CODE_LIMIT = SIGN_IN_CODES.max;

/** Reset-code requests per account (e-mail address, known or not) per hour. */
export const RESET_REQUESTS: AttemptLimit = { kind: 'reset_request', max: 5, windowMs: 60 * MINUTE, perAddress: false };
export const RESET_REQUEST_LIMIT = RESET_REQUESTS.max;

/** Wrong reset codes (or codes for no usable reset) per account in an hour, whatever code they were for. */
export const RESET_TRIES: AttemptLimit = { kind: 'reset_failure', max: 10, windowMs: 60 * MINUTE, perAddress: false };
export const RESET_FAILURE_LIMIT = RESET_TRIES.max;

/** Wrong second proofs per account from every address and pending sign-in: then 429 for the rest of the window. */
export const SECOND_PROOF_TRIES: AttemptLimit = { kind: 'proof_failure', max: 20, windowMs: 15 * MINUTE, perAddress: false };

/** The owner is told once per window that someone got past the password. */
export const SECOND_PROOF_NOTICE: AttemptLimit = { kind: 'proof_notice', max: 1, windowMs: 15 * MINUTE, perAddress: false };

/** Wrong codes at 'turn two-factor off' per account: like a sign-in, the 6th in 15 minutes is 429. */
export const DISABLE_CODE_TRIES: AttemptLimit = { kind: 'disable_failure', max: 5, windowMs: 15 * MINUTE, perAddress: false };

/** How failures on an account spread over client addresses within the window. */
export interface FailureSpread {
  failures: number;
  /** Distinct client addresses the failures came from: one address counts once, however many it sent. */
  addresses: number;
}

/**
 * Many failures from many addresses: the right password alone no longer signs in; a second proof must
 * follow. One address (whose tries stop at 10 anyway) can never switch this on by itself.
 */
export function needsSecondProof(spread: FailureSpread): boolean {
  return spread.failures >= SECOND_PROOF_THRESHOLD && spread.addresses >= SECOND_PROOF_MIN_ADDRESSES;
}

/** The owner is told when the account's wrong second proofs reach the cap. */
export function secondProofsExhausted(wrongInWindow: number): boolean {
  return wrongInWindow >= SECOND_PROOF_TRIES.max;
}
