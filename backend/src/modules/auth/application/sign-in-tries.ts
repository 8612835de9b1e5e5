import { Injectable } from '@nestjs/common';
import { signInLocked } from '../domain/auth.errors';
import { isSignInRefused, LOGIN_FAILURE_WINDOW_MS } from '../domain/sign-in-limits';
import { AuthAttemptLog } from './ports/auth-attempt-log';

/**
 * The sign-in limits of CONTRACT §5, one mechanism for every proof of identity (a password at sign-in,
 * a second-step code, a current password in Account Settings). A try is recorded before it is judged,
 * so parallel tries cannot slip past the limit; a right one is taken back.
 */
@Injectable()
export class SignInTries {
  constructor(private readonly attempts: AuthAttemptLog) {}

  /** Records a try on the account from this address; 429 when the address is over its limit. Answers the try, for `succeeded`. */
  async begin(email: string, address: string | null): Promise<number> {
    const id = await this.attempts.record('login_failure', email, address);
    if (isSignInRefused(await this.attempts.countSince('login_failure', email, windowStart(), address))) throw signInLocked();
    return id;
  }

  /** The try proved right: it is not a failure. */
  succeeded(tryId: number): Promise<void> {
    return this.attempts.forget(tryId);
  }

  /** Failures on the account from every address in the window (the many-address rule). */
  failuresOnAccount(email: string): Promise<number> {
    return this.attempts.countSince('login_failure', email, windowStart());
  }
}

const windowStart = () => new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
