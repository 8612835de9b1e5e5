import { Injectable } from '@nestjs/common';
import { randomBytes, randomInt } from 'node:crypto';
import { tokenHash } from '../../../../shared/security/token-hash';
import { normalizeEmail, User, UserRepository } from '../../../clients';
import { EmailOutbox, signInCodeEmail } from '../../../email';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { AppConfig } from '../../../../shared/config/app-config';
import { PasswordHasher } from '../../../../shared/security/password-hasher';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { invalidCredentials, tooManyCodeRequests } from '../../domain/auth.errors';
import { generateResetCode } from '../../domain/reset-code';
import { needsSecondProof, SIGN_IN_CODES } from '../../domain/sign-in-limits';
import { EMAIL_SIGN_IN_CODE_MS, PENDING_SIGN_IN_MS, type SecondProofMethod } from '../../domain/two-factor';
import { signedIn, signInFailed } from '../auth-audit';
import { AuthAttemptLog } from '../ports/auth-attempt-log';
import { SignInTries } from '../sign-in-tries';
import { PendingSignIns } from '../ports/pending-sign-ins';

export interface LoginCommand {
  email: string;
  password: string;
  /** The client address the try came from (per-address limits). */
  address: string | null;
  remember: boolean;
}

export type LoginOutcome =
  | { status: 'signed_in'; user: User }
  /** The password was right; the sign-in waits for a second proof, named by `token` (its cookie). */
  | { status: 'second_proof'; user: User; method: SecondProofMethod; token: string };

/**
 * Checks credentials (CONTRACT §5, §12). Each try is checked and recorded before it is judged: after 10
 * on one account from one address in 15 minutes, that address is refused (429, and the refused try is
 * not counted) while the owner, elsewhere, still signs in; a right password takes its try back. An
 * unknown e-mail costs the same hash check as a wrong password and gets the same answer. The right
 * password does not sign in at once when the account has two-factor sign-in (a TOTP must follow) or when
 * 50 failures from at least 10 distinct addresses were counted on it in the window (a code e-mailed to
 * the account must follow): the answer is then a pending sign-in.
 */
@Injectable()
export class LoginHandler {
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly attempts: AuthAttemptLog,
    private readonly pending: PendingSignIns,
    private readonly outbox: EmailOutbox,
    private readonly tx: TransactionHost,
    private readonly config: AppConfig,
    private readonly audit: AuditTrail,
    private readonly tries: SignInTries,
  ) {}

  async execute(cmd: LoginCommand): Promise<LoginOutcome> {
    const email = normalizeEmail(cmd.email);
    const tryId = await this.tries.begin(email, cmd.address);
    const user = await this.users.findByEmail(email);
    const ok = user
      ? await this.hasher.verify(user.passwordHash, cmd.password)
      : (await this.hasher.verify(await this.getDummyHash(), cmd.password), false);
    if (!user || !ok) {
      if (user) await this.audit.record(signInFailed(user, 'password'));
      throw invalidCredentials();
    }
    await this.tries.succeeded(tryId);

    if (user.twoFactorEnabled) return this.startPending(user, 'totp', cmd.remember, null);
    if (needsSecondProof(await this.tries.failuresOnAccount(email))) {
      const codeRequest = await this.attempts.recordIfUnder(SIGN_IN_CODES, email, cmd.address);
      if (codeRequest === null) throw tooManyCodeRequests();
      return this.startPending(user, 'email', cmd.remember, generateResetCode(randomInt));
    }
    await this.audit.record(signedIn(user, 'password'));
    return { status: 'signed_in', user };
  }

  private async startPending(user: User, method: SecondProofMethod, remember: boolean, code: string | null): Promise<LoginOutcome> {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    const codeHash = code ? await this.hasher.hash(code) : null;
    await this.tx.run(async () => {
      await this.pending.create(tokenHash(token), {
        userId: user.id,
        method,
        remember,
        codeHash,
        failures: 0,
        expiresAt: new Date(now + (method === 'email' ? EMAIL_SIGN_IN_CODE_MS : PENDING_SIGN_IN_MS)),
      });
      if (code) {
        await this.outbox.enqueue(
          signInCodeEmail({
            to: user.email,
            username: user.username,
            code,
            validMinutes: EMAIL_SIGN_IN_CODE_MS / 60000,
            appUrl: this.config.appUrl,
          }),
        );
      }
    });
    return { status: 'second_proof', user, method, token };
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= this.hasher.hash('not-a-real-password-' + Math.random());
    return this.dummyHash;
  }
}
