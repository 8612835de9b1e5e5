import { Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { EmailOutbox, resetCodeEmail } from '../../../email';
import { normalizeEmail, UserRepository } from '../../../clients';
import { AppConfig } from '../../../../shared/config/app-config';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { tooManyCodeRequests } from '../../domain/auth.errors';
import { generateResetCode, RESET_CODE_TTL_MS, ResetCode } from '../../domain/reset-code';
import { RESET_REQUESTS } from '../../domain/sign-in-limits';
import { AuthAttemptLog } from '../ports/auth-attempt-log';
import { PasswordHasher } from '../../../../shared/security/password-hasher';
import { ResetCodeRepository } from '../ports/reset-code.repository';

export const RESET_REQUEST_ANSWER =
  "If an account exists with the email you provided, we've sent a 6-digit verification code to reset your password.";

/**
 * Issues a reset code and e-mails it. The answer is the same whether or not the account exists,
 * and the 5-an-hour limit counts requests per address, so neither tells who has an account.
 */
@Injectable()
export class RequestResetCodeHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly codes: ResetCodeRepository,
    private readonly hasher: PasswordHasher,
    private readonly attempts: AuthAttemptLog,
    private readonly outbox: EmailOutbox,
    private readonly tx: TransactionHost,
    private readonly config: AppConfig,
  ) {}

  async execute(cmd: { email: string }): Promise<void> {
    const email = normalizeEmail(cmd.email);
    // Checked and recorded in one atomic step: 30 parallel requests queue 5 codes, not 28.
    if ((await this.attempts.recordIfUnder(RESET_REQUESTS, email, null)) === null) {
      throw tooManyCodeRequests();
    }
    const code = generateResetCode(randomInt);
    const hash = await this.hasher.hash(code);
    await this.tx.run(async () => {
      const user = await this.users.findByEmail(email);
      if (!user) return;
      await this.codes.save(user.id, ResetCode.issue(hash, new Date()));
      await this.outbox.enqueue(
        resetCodeEmail({
          to: user.email,
          username: user.username,
          code,
          validMinutes: RESET_CODE_TTL_MS / 60000,
          appUrl: this.config.appUrl,
        }),
      );
    });
  }
}
