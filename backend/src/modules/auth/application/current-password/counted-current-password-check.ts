import { Injectable } from '@nestjs/common';
import { RequestContext } from '../../../../shared/audit/request-context';
import { CurrentPasswordCheck } from '../../../../shared/security/current-password-check';
import { PasswordHasher } from '../../../../shared/security/password-hasher';
import { signInLocked } from '../../domain/auth.errors';
import { isSignInRefused, LOGIN_FAILURE_WINDOW_MS } from '../../domain/sign-in-limits';
import { AuthAttemptLog } from '../ports/auth-attempt-log';

/** A current-password check that counts like a sign-in: recorded before it is judged, taken back when right. */
@Injectable()
export class CountedCurrentPasswordCheck extends CurrentPasswordCheck {
  constructor(
    private readonly attempts: AuthAttemptLog,
    private readonly hasher: PasswordHasher,
  ) {
    super();
  }

  async verify(account: { email: string; passwordHash: string }, password: string): Promise<boolean> {
    const address = RequestContext.current()?.ip ?? null;
    const tryId = await this.attempts.record('login_failure', account.email, address);
    const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
    if (isSignInRefused(await this.attempts.countSince('login_failure', account.email, since, address))) throw signInLocked();
    const ok = await this.hasher.verify(account.passwordHash, password);
    if (ok) await this.attempts.forget(tryId);
    return ok;
  }
}
