import { Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG, currentPasswordError, User, UserRepository } from '../../../clients';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { RequestContext } from '../../../../shared/audit/request-context';
import { NotFoundError } from '../../../../shared/errors/domain-error';
import { CurrentPasswordCheck } from '../../../../shared/security/current-password-check';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { StudioSettings } from '../../../studio';
import { invalidCode, signInLocked, twoFactorAlreadyOn, twoFactorNotSetUp, twoFactorOff } from '../../domain/auth.errors';
import { DISABLE_CODE_TRIES } from '../../domain/sign-in-limits';
import { generateRecoveryCode, isWellFormedCode, RECOVERY_CODE_COUNT, totpIssuer } from '../../domain/two-factor';
import { twoFactorDisabled, twoFactorEnabled } from '../auth-audit';
import { AuthAttemptLog } from '../ports/auth-attempt-log';
import { Totp } from '../ports/totp';
import { TwoFactorRepository } from '../ports/two-factor.repository';
import { recoveryCodeHash } from './complete-sign-in.handler';

/**
 * Account Settings' two-factor sign-in (CONTRACT §8): set up a secret (current password needed), turn
 * it on with a first code from the app (which answers 10 recovery codes, shown once), turn it off with
 * the current password and a code (from the app, or a recovery code when the phone is lost); wrong
 * codes to turn it off are limited like sign-in tries (5 in 15 minutes per account).
 */
@Injectable()
export class TwoFactorSettings {
  constructor(
    private readonly users: UserRepository,
    private readonly twoFactor: TwoFactorRepository,
    private readonly totp: Totp,
    private readonly currentPassword: CurrentPasswordCheck,
    private readonly tx: TransactionHost,
    private readonly audit: AuditTrail,
    private readonly attempts: AuthAttemptLog,
    private readonly studio: StudioSettings,
  ) {}

  async setup(userId: number, currentPassword: string | undefined): Promise<{ secret: string; otpauthUrl: string }> {
    const user = await this.account(userId);
    if (user.twoFactorEnabled) throw twoFactorAlreadyOn();
    await this.checkPassword(user, currentPassword);
    const secret = this.totp.generateSecret();
    await this.twoFactor.saveSecret(user.id, secret);
    // The authenticator app lists the account under the studio's name as it is now.
    const issuer = totpIssuer((await this.studio.current()).name);
    return { secret, otpauthUrl: this.totp.uri(user.email, secret, issuer) };
  }

  async enable(userId: number, code: string): Promise<{ recoveryCodes: string[] }> {
    return this.tx.run(async () => {
      const user = await this.account(userId);
      if (user.twoFactorEnabled) throw twoFactorAlreadyOn();
      const secret = await this.twoFactor.find(user.id);
      if (!secret) throw twoFactorNotSetUp();
      // The code that confirms the app does not count as used: it may sign in too (CONTRACT §8).
      if (!isWellFormedCode(code) || (await this.totp.verify(secret.secret, code, null)) === null) throw invalidCode();
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => generateRecoveryCode(randomInt));
      if (!(await this.twoFactor.enable(user.id, recoveryCodes.map(recoveryCodeHash), new Date()))) throw twoFactorAlreadyOn();
      await this.audit.record(twoFactorEnabled(user));
      return { recoveryCodes };
    });
  }

  async disable(userId: number, currentPassword: string | undefined, code: string): Promise<void> {
    const user = await this.account(userId);
    if (!user.twoFactorEnabled) throw twoFactorOff();
    await this.checkPassword(user, currentPassword);
    // Wrong codes count like a sign-in (CONTRACT §12): recorded before the code is judged, in one atomic
    // step with the check, taken back when right; the 6th wrong one in 15 minutes is 429, and so is the
    // right one until the window has passed.
    const tryId = await this.attempts.recordIfUnder(DISABLE_CODE_TRIES, user.email, RequestContext.current()?.ip ?? null);
    if (tryId === null) throw signInLocked();
    const proven = await this.tx
      .run(async () => {
        const secret = await this.twoFactor.find(user.id);
        if (!secret) throw twoFactorOff();
        const byApp = isWellFormedCode(code);
        const ok = byApp
          ? await this.totp
              .verify(secret.secret, code, secret.lastUsedStep)
              .then((step) => step !== null && this.twoFactor.claimStep(user.id, step))
          : await this.twoFactor.useRecoveryCode(user.id, recoveryCodeHash(code), new Date());
        if (!ok) return false;
        await this.twoFactor.disable(user.id);
        await this.audit.record(twoFactorDisabled(user, !byApp));
        return true;
      })
      .catch(async (err: unknown) => {
        await this.attempts.forget(tryId); // not judged (two-factor was turned off meanwhile)
        throw err;
      });
    if (!proven) throw invalidCode();
    await this.attempts.forget(tryId);
  }

  private async account(userId: number): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user || user.isDeleted) throw new NotFoundError('USERS.NOT_FOUND', 'Account not found');
    return user;
  }

  private async checkPassword(user: User, currentPassword: string | undefined): Promise<void> {
    if (!currentPassword) throw currentPasswordError(CURRENT_PASSWORD_REQUIRED);
    if (!(await this.currentPassword.verify(user, currentPassword))) throw currentPasswordError(CURRENT_PASSWORD_WRONG);
  }
}
