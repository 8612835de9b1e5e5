/** The limits of CONTRACT §5, the same on every app instance because the counts live in the database. */

/** Failed sign-ins on one account from one client address in the window: more are refused (429) there. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failed sign-ins on one account from all addresses in the window: from then on, sign-in asks for a second proof. */
export const SECOND_PROOF_THRESHOLD = 50;
/** E-mailed sign-in codes per account per hour. */
export const SIGNIN_CODE_LIMIT = 5;
export const SIGNIN_CODE_WINDOW_MS = 60 * 60 * 1000;
export const RESET_REQUEST_LIMIT = 5;
export const RESET_REQUEST_WINDOW_MS = 60 * 60 * 1000;

/** Wrong codes (or codes for no usable reset) per address in an hour, whatever code they were for. */
export const RESET_FAILURE_LIMIT = 10;
export const RESET_FAILURE_WINDOW_MS = 60 * 60 * 1000;

export type AttemptKind = 'login_failure' | 'reset_request' | 'reset_failure' | 'signin_code';

/**
 * Refused from this address once it has more than the limit of tries on the account within the window,
 * this one included (tries are recorded before they are judged, so parallel ones cannot slip past).
 */
export function isSignInRefused(triesFromAddressInWindow: number): boolean {
  return triesFromAddressInWindow > LOGIN_FAILURE_LIMIT;
}

/** Many failures from many addresses: the right password alone no longer signs in; a second proof must follow. */
export function needsSecondProof(failuresOnAccountInWindow: number): boolean {
  return failuresOnAccountInWindow >= SECOND_PROOF_THRESHOLD;
}

/** A new code may be requested while fewer than 5 were requested in the last hour. */
export function mayRequestResetCode(requestsInWindow: number): boolean {
  return requestsInWindow < RESET_REQUEST_LIMIT;
}

/** Reset attempts stop for the hour once 10 failed on one address, across every code requested. */
export function mayAttemptReset(failuresInWindow: number): boolean {
  return failuresInWindow < RESET_FAILURE_LIMIT;
}
