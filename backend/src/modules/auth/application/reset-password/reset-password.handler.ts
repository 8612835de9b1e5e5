import { Injectable } from '@nestjs/common';
import { normalizeEmail, UserRepository } from '../../../clients';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { RuleViolatedError } from '../../../../shared/errors/domain-error';
import { SessionRegistry } from '../../../../shared/session/session-registry';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { invalidResetCode, tooManyResetAttempts } from '../../domain/auth.errors';
import { RESET_TRIES } from '../../domain/sign-in-limits';
import { passwordReset } from '../auth-audit';
import { AuthAttemptLog } from '../ports/auth-attempt-log';
import { strongPasswordProblem } from '../../domain/password-policy';
import { isWellFormedResetCode } from '../../domain/reset-code';
import { PasswordHasher } from '../../../../shared/security/password-hasher';
import { ResetCodeRepository } from '../ports/reset-code.repository';

export interface ResetPasswordCommand {
  email: string;
  code: string;
  newPassword: string;
}

/**
 * Sets a new password with a valid code; the code is then spent and every session of the account ends.
 * Failed attempts are counted per e-mail address (known or not): 10 in an hour answer 429 for the rest of it.
 */
@Injectable()
export class ResetPasswordHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly codes: ResetCodeRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionRegistry,
    private readonly tx: TransactionHost,
    private readonly attempts: AuthAttemptLog,
    private readonly audit: AuditTrail,
  ) {}

  async execute(cmd: ResetPasswordCommand): Promise<void> {
    const problem = strongPasswordProblem(cmd.newPassword);
    if (problem) throw new RuleViolatedError('AUTH.WEAK_PASSWORD', problem, { newPassword: problem });
    const email = normalizeEmail(cmd.email);
    const now = new Date();
    // Recorded before it is judged, in one atomic step with the check (parallel guesses cannot pass the
    // limit); a right code takes its try back.
    const tryId = await this.attempts.recordIfUnder(RESET_TRIES, email, null);
    if (tryId === null) throw tooManyResetAttempts();
    if (!isWellFormedResetCode(cmd.code)) throw invalidResetCode();
    const passwordHash = await this.hasher.hash(cmd.newPassword);
    // The account row stays locked while the guess is checked, so parallel guesses cannot share one try.
    const outcome = await this.tx.run(async () => {
      const user = await this.users.findByEmail(email);
      const code = user ? await this.codes.findForUpdate(user.id) : null;
      if (!user || !code || !code.isUsable(now)) {
        await this.hasher.verify(passwordHash, cmd.code); // the same work as a real check: no timing hint
        return 'invalid' as const;
      }
      if (!(await this.hasher.verify(code.hash, cmd.code))) {
        await this.codes.save(user.id, code.afterWrongGuess());
        return 'invalid' as const;
      }
      user.changePasswordHash(passwordHash);
      await this.users.save(user);
      await this.codes.save(user.id, null);
      await this.sessions.endSessionsOf(user.id);
      await this.audit.record(passwordReset(user));
      return 'reset' as const;
    });
    if (outcome === 'invalid') throw invalidResetCode();
    await this.attempts.forget(tryId);
  }
}
