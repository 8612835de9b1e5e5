import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { User, UserRepository } from '../../../clients';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { PasswordHasher } from '../../../../shared/security/password-hasher';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { invalidCode, signInExpired, signInLocked } from '../../domain/auth.errors';
import { isSignInRefused, LOGIN_FAILURE_WINDOW_MS } from '../../domain/sign-in-limits';
import { isPendingUsable, isWellFormedCode, normalizeRecoveryCode } from '../../domain/two-factor';
import { signedIn, signInFailed } from '../auth-audit';
import { pendingTokenHash } from '../login/login.handler';
import { AuthAttemptLog } from '../ports/auth-attempt-log';
import { PendingSignIns } from '../ports/pending-sign-ins';
import { Totp } from '../ports/totp';
import { TwoFactorRepository } from '../ports/two-factor.repository';

export interface CompleteSignInCommand {
  /** The token of the pending sign-in's cookie; absent when this browser has none. */
  token: string | undefined;
  code?: string;
  recoveryCode?: string;
  address: string | null;
}

/** The SHA-256 under which recovery codes are kept. */
export const recoveryCodeHash = (code: string) => createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');

/**
 * POST /api/login/2fa: the second proof of a pending sign-in (CONTRACT §8). A TOTP code counts once
 * (its time step is claimed atomically), a recovery code once; an e-mailed code is checked against its
 * hash. Every wrong code counts toward the account's sign-in limits from that address, and 5 wrong
 * codes drop the pending sign-in. Unknown, expired or dropped pending sign-ins are 401: sign in again.
 */
@Injectable()
export class CompleteSignInHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly pending: PendingSignIns,
    private readonly twoFactor: TwoFactorRepository,
    private readonly totp: Totp,
    private readonly hasher: PasswordHasher,
    private readonly attempts: AuthAttemptLog,
    private readonly tx: TransactionHost,
    private readonly audit: AuditTrail,
  ) {}

  async execute(cmd: CompleteSignInCommand): Promise<{ user: User; remember: boolean }> {
    if (!cmd.token || cmd.token.length > 100) throw signInExpired();
    const tokenHash = pendingTokenHash(cmd.token);
    const now = new Date();
    const found = await this.pending.findForUpdate(tokenHash); // outside a transaction: a plain read
    const account = found && isPendingUsable(found, now) ? await this.users.findById(found.userId) : null;
    if (!account || account.isDeleted) throw signInExpired();
    // Recorded before it is judged, like a password try, so parallel guesses cannot slip past the limit.
    const tryId = await this.attempts.record('login_failure', account.email, cmd.address);
    const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
    if (isSignInRefused(await this.attempts.countSince('login_failure', account.email, since, cmd.address))) throw signInLocked();

    const outcome = await this.tx.run(async () => {
      const pending = await this.pending.findForUpdate(tokenHash);
      if (!pending || !isPendingUsable(pending, now)) return { kind: 'expired' as const };
      const recovery = pending.method === 'totp' && cmd.code === undefined;
      if (!(await this.proves(account, pending.method, pending.codeHash, cmd, now))) {
        await this.pending.recordFailure(tokenHash);
        await this.audit.record(signInFailed(account, recovery ? 'recovery' : pending.method));
        return { kind: 'wrong' as const };
      }
      await this.pending.remove(tokenHash);
      await this.audit.record(signedIn(account, recovery ? 'recovery' : pending.method));
      return { kind: 'ok' as const, remember: pending.remember };
    });
    if (outcome.kind === 'expired') throw signInExpired();
    if (outcome.kind === 'wrong') throw invalidCode(cmd.recoveryCode !== undefined && cmd.code === undefined ? 'recoveryCode' : 'code');
    await this.attempts.forget(tryId);
    return { user: account, remember: outcome.remember };
  }

  private async proves(
    user: User,
    method: 'totp' | 'email',
    codeHash: string | null,
    cmd: CompleteSignInCommand,
    now: Date,
  ): Promise<boolean> {
    if (method === 'email') {
      return !!cmd.code && isWellFormedCode(cmd.code) && !!codeHash && (await this.hasher.verify(codeHash, cmd.code));
    }
    const secret = await this.twoFactor.find(user.id);
    if (!secret) return false;
    if (cmd.code !== undefined) {
      if (!isWellFormedCode(cmd.code)) return false;
      const step = await this.totp.verify(secret.secret, cmd.code, secret.lastUsedStep);
      return step !== null && (await this.twoFactor.claimStep(user.id, step));
    }
    if (cmd.recoveryCode !== undefined) return this.twoFactor.useRecoveryCode(user.id, recoveryCodeHash(cmd.recoveryCode), now);
    return false;
  }
}
