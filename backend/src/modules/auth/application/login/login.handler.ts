import { Injectable } from '@nestjs/common';
import { normalizeEmail, User, UserRepository } from '../../../clients';
import { invalidCredentials, signInLocked } from '../../domain/auth.errors';
import { isSignInLocked, LOGIN_FAILURE_WINDOW_MS } from '../../domain/sign-in-limits';
import { AuthAttemptLog } from '../ports/auth-attempt-log';
import { PasswordHasher } from '../../../../shared/security/password-hasher';

export interface LoginCommand {
  email: string;
  password: string;
}

/**
 * Checks credentials. An unknown e-mail costs the same hash check as a wrong password and gets the
 * same answer; 10 failures on one account within 15 minutes lock it for the rest of the window.
 */
@Injectable()
export class LoginHandler {
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly attempts: AuthAttemptLog,
  ) {}

  async execute(cmd: LoginCommand): Promise<User> {
    const email = normalizeEmail(cmd.email);
    const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
    if (isSignInLocked(await this.attempts.countSince('login_failure', email, since))) throw signInLocked();
    const user = await this.users.findByEmail(email);
    const ok = user
      ? await this.hasher.verify(user.passwordHash, cmd.password)
      : (await this.hasher.verify(await this.getDummyHash(), cmd.password), false);
    if (!user || !ok) {
      await this.attempts.record('login_failure', email);
      throw invalidCredentials();
    }
    return user;
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= this.hasher.hash('not-a-real-password-' + Math.random());
    return this.dummyHash;
  }
}
