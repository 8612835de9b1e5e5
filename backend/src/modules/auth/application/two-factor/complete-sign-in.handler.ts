import { Injectable } from '@nestjs/common';
import { User, UserRepository } from '../../../clients';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { PasswordHasher } from '../../../../shared/security/password-hasher';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { invalidCode, signInExpired } from '../../domain/auth.errors';
import { isPendingUsable, isWellFormedCode, normalizeRecoveryCode } from '../../domain/two-factor';
import { signedIn, signInFailed } from '../auth-audit';
import { tokenHash } from '../../../../shared/security/token-hash';
import { SignInTries } from '../sign-in-tries';
import { SecondProofCap } from './second-proof-cap';
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

/** The hash under which a recovery code is kept: that of its normal form (any case, with or without the dash). */
export const recoveryCodeHash = (code: string) => tokenHash(normalizeRecoveryCode(code));

/**
 * POST /api/login/2fa: the second proof of a pending sign-in (CONTRACT §8). A TOTP code counts once
 * (its time step is claimed atomically), a recovery code once; an e-mailed code is checked against its
 * hash. Every wrong code counts toward the account's sign-in limits from that address, 5 wrong codes
 * drop the pending sign-in, and 20 wrong codes on the account in 15 minutes, from any address and
 * pending sign-in, refuse its second steps for the rest of the window (SecondProofCap, CONTRACT §12).
 * Unknown, expired or dropped pending sign-ins are 401: sign in again.
 */
@Injectable()
export class CompleteSignInHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly pending: PendingSignIns,
    private readonly twoFactor: TwoFactorRepository,
    private readonly totp: Totp,
    private readonly hasher: PasswordHasher,
    private readonly tries: SignInTries,
    private readonly cap: SecondProofCap,
    private readonly tx: TransactionHost,
    private readonly audit: AuditTrail,
  ) {}

  async execute(cmd: CompleteSignInCommand): Promise<{ user: User; remember: boolean }> {
    if (!cmd.token || cmd.token.length > 100) throw signInExpired();
    const key = tokenHash(cmd.token);
    const now = new Date();
    const found = await this.pending.findForUpdate(key); // outside a transaction: a plain read
    const account = found && isPendingUsable(found, now) ? await this.users.findById(found.userId) : null;
    if (!account || account.isDeleted) throw signInExpired();
    // Both counts before the code is judged, outside the transaction (each commits on its own): the
    // account's second proofs, then the address's sign-in tries. A refused try is not left counted.
    const proofTry = await this.cap.begin(account, cmd.address);
    const tryId = await this.tries.begin(account.email, cmd.address).catch(async (refused: unknown) => {
      await this.cap.forget(proofTry);
      throw refused;
    });

    const outcome = await this.tx.run(async () => {
      const pending = await this.pending.findForUpdate(key);
      if (!pending || !isPendingUsable(pending, now)) return { kind: 'expired' as const };
      const recovery = pending.method === 'totp' && cmd.code === undefined;
      if (!(await this.proves(account, pending.method, pending.codeHash, cmd, now))) {
        await this.pending.recordFailure(key);
        await this.audit.record(signInFailed(account, recovery ? 'recovery' : pending.method));
        return { kind: 'wrong' as const };
      }
      await this.pending.remove(key);
      await this.audit.record(signedIn(account, recovery ? 'recovery' : pending.method));
      return { kind: 'ok' as const, remember: pending.remember };
    });
    if (outcome.kind === 'wrong') {
      await this.cap.failed(account);
      throw invalidCode(cmd.recoveryCode !== undefined && cmd.code === undefined ? 'recoveryCode' : 'code');
    }
    await Promise.all([this.cap.forget(proofTry), this.tries.succeeded(tryId)]);
    if (outcome.kind === 'expired') throw signInExpired();
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
