/** Per-account limits of CONTRACT §5, the same on every app instance because the counts live in the database. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const RESET_REQUEST_LIMIT = 5;
export const RESET_REQUEST_WINDOW_MS = 60 * 60 * 1000;

/** Wrong codes (or codes for no usable reset) per address in an hour, whatever code they were for. */
export const RESET_FAILURE_LIMIT = 10;
export const RESET_FAILURE_WINDOW_MS = 60 * 60 * 1000;

export type AttemptKind = 'login_failure' | 'reset_request' | 'reset_failure';

/** Locked once the account has this many failures within the window; it unlocks when they age out. */
export function isSignInLocked(failuresInWindow: number): boolean {
  return failuresInWindow >= LOGIN_FAILURE_LIMIT;
}

/** A new code may be requested while fewer than 5 were requested in the last hour. */
export function mayRequestResetCode(requestsInWindow: number): boolean {
  return requestsInWindow < RESET_REQUEST_LIMIT;
}

/** Reset attempts stop for the hour once 10 failed on one address, across every code requested. */
export function mayAttemptReset(failuresInWindow: number): boolean {
  return failuresInWindow < RESET_FAILURE_LIMIT;
}
