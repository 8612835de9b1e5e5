import { Injectable } from '@nestjs/common';
import { signInLocked } from '../domain/auth.errors';
import { LOGIN_FAILURE_WINDOW_MS, SIGN_IN_TRIES, type FailureSpread } from '../domain/sign-in-limits';
import { AuthAttemptLog } from './ports/auth-attempt-log';

/**
 * The sign-in limits of CONTRACT §5 and §12, one mechanism for every proof of identity (a password at
 * sign-in, a second-step code, a current password in Account Settings). A try is checked and recorded
 * in one atomic step before it is judged, so parallel tries cannot slip past the limit; a refused try
 * (429) is not recorded, and a right one is taken back: only failures stay counted.
 */
@Injectable()
export class SignInTries {
  constructor(private readonly attempts: AuthAttemptLog) {}

  /** Records a try on the account from this address, or 429 (nothing recorded) when the address has used its tries. Answers the try, for `succeeded`. */
  async begin(email: string, address: string | null): Promise<number> {
    const id = await this.attempts.recordIfUnder(SIGN_IN_TRIES, email, address);
    if (id === null) throw signInLocked();
    return id;
  }

  /** The try proved right (or was never judged): it is not a failure. */
  succeeded(tryId: number): Promise<void> {
    return this.attempts.forget(tryId);
  }

  /** Failures on the account from every address in the window, and how many addresses they came from (the many-address rule). */
  failuresOnAccount(email: string): Promise<FailureSpread> {
    return this.attempts.spreadWithin(SIGN_IN_TRIES.kind, email, LOGIN_FAILURE_WINDOW_MS);
  }
}
