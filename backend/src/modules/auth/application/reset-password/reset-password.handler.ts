import { Injectable } from '@nestjs/common';
import { normalizeEmail, UserRepository } from '../../../clients';
import { RuleViolatedError } from '../../../../shared/errors/domain-error';
import { SessionRegistry } from '../../../../shared/session/session-registry';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { invalidResetCode } from '../../domain/auth.errors';
import { strongPasswordProblem } from '../../domain/password-policy';
import { isWellFormedResetCode } from '../../domain/reset-code';
import { PasswordHasher } from '../../../../shared/security/password-hasher';
import { ResetCodeRepository } from '../ports/reset-code.repository';

export interface ResetPasswordCommand {
  email: string;
  code: string;
  newPassword: string;
}

/** Sets a new password with a valid code; the code is then spent and every session of the account ends. */
@Injectable()
export class ResetPasswordHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly codes: ResetCodeRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionRegistry,
    private readonly tx: TransactionHost,
  ) {}

  async execute(cmd: ResetPasswordCommand): Promise<void> {
    const problem = strongPasswordProblem(cmd.newPassword);
    if (problem) throw new RuleViolatedError('AUTH.WEAK_PASSWORD', problem, { newPassword: problem });
    if (!isWellFormedResetCode(cmd.code)) throw invalidResetCode();
    const now = new Date();
    const passwordHash = await this.hasher.hash(cmd.newPassword);
    // The account row stays locked while the guess is checked, so parallel guesses cannot share one try.
    const outcome = await this.tx.run(async () => {
      const user = await this.users.findByEmail(normalizeEmail(cmd.email));
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
      return 'reset' as const;
    });
    if (outcome === 'invalid') throw invalidResetCode();
  }
}
