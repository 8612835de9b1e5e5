import { Injectable } from '@nestjs/common';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { ResetCodeRepository } from '../../application/ports/reset-code.repository';
import { ResetCode } from '../../domain/reset-code';

/** The code lives on the account row (users.reset_code_*), hashed. */
@Injectable()
export class ResetCodeTypeormRepository extends ResetCodeRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  async findForUpdate(userId: number): Promise<ResetCode | null> {
    const rows: Array<{ reset_code_hash: string | null; reset_code_expires_at: Date | null; reset_code_attempts: number }> =
      await this.tx.manager.query(
        `SELECT reset_code_hash, reset_code_expires_at, reset_code_attempts FROM users WHERE id = $1 FOR UPDATE`,
        [userId],
      );
    const r = rows[0];
    if (!r?.reset_code_hash || !r.reset_code_expires_at) return null;
    return ResetCode.restore(r.reset_code_hash, r.reset_code_expires_at, r.reset_code_attempts);
  }

  async save(userId: number, code: ResetCode | null): Promise<void> {
    await this.tx.manager.query(
      `UPDATE users SET reset_code_hash = $2, reset_code_expires_at = $3, reset_code_attempts = $4 WHERE id = $1`,
      [userId, code?.hash ?? null, code?.expiresAt ?? null, code?.failedAttempts ?? 0],
    );
  }
}
