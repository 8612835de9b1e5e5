import { Injectable } from '@nestjs/common';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { TwoFactorRepository, type TwoFactorSecret } from '../../application/ports/two-factor.repository';

/**
 * `two_factor_secrets`, `recovery_codes` and `users.two_factor_enabled_at` (the mark the clients module
 * reads and never writes). Spending a code is one conditional statement, so two parallel requests
 * cannot both spend the same one. (An `UPDATE … RETURNING` is read through a WITH: TypeORM's query()
 * answers [rows, count] for a bare UPDATE.)
 */
@Injectable()
export class TwoFactorTypeormRepository extends TwoFactorRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  async find(userId: number): Promise<TwoFactorSecret | null> {
    const rows: Array<{ secret: string; last_used_step: string | null }> = await this.tx.manager.query(
      `SELECT secret, last_used_step FROM two_factor_secrets WHERE user_id = $1`,
      [userId],
    );
    const r = rows[0];
    return r ? { secret: r.secret, lastUsedStep: r.last_used_step === null ? null : Number(r.last_used_step) } : null;
  }

  async saveSecret(userId: number, secret: string): Promise<void> {
    await this.tx.manager.query(
      `INSERT INTO two_factor_secrets (user_id, secret) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, last_used_step = NULL, created_at = now()`,
      [userId, secret],
    );
  }

  async enable(userId: number, recoveryCodeHashes: string[], now: Date): Promise<boolean> {
    const turnedOn: Array<{ id: number }> = await this.tx.manager.query(
      `WITH u AS (UPDATE users SET two_factor_enabled_at = $2 WHERE id = $1 AND two_factor_enabled_at IS NULL RETURNING id)
       SELECT id FROM u`,
      [userId, now],
    );
    if (turnedOn.length === 0) return false;
    await this.tx.manager.query(`DELETE FROM recovery_codes WHERE user_id = $1`, [userId]);
    await this.tx.manager.query(`INSERT INTO recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])`, [
      userId,
      recoveryCodeHashes,
    ]);
    return true;
  }

  async disable(userId: number): Promise<void> {
    await this.tx.manager.query(`UPDATE users SET two_factor_enabled_at = NULL WHERE id = $1`, [userId]);
    await this.tx.manager.query(`DELETE FROM recovery_codes WHERE user_id = $1`, [userId]);
    await this.tx.manager.query(`DELETE FROM two_factor_secrets WHERE user_id = $1`, [userId]);
  }

  async claimStep(userId: number, step: number): Promise<boolean> {
    const rows: Array<{ user_id: number }> = await this.tx.manager.query(
      `WITH u AS (UPDATE two_factor_secrets SET last_used_step = $2
                   WHERE user_id = $1 AND (last_used_step IS NULL OR last_used_step < $2) RETURNING user_id)
       SELECT user_id FROM u`,
      [userId, step],
    );
    return rows.length === 1;
  }

  async useRecoveryCode(userId: number, codeHash: string, now: Date): Promise<boolean> {
    const rows: Array<{ user_id: number }> = await this.tx.manager.query(
      `WITH u AS (UPDATE recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING user_id)
       SELECT user_id FROM u`,
      [userId, codeHash, now],
    );
    return rows.length === 1;
  }

  async unusedRecoveryCodes(userId: number): Promise<number> {
    const rows: Array<{ n: number }> = await this.tx.manager.query(
      `SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL`,
      [userId],
    );
    return rows[0]?.n ?? 0;
  }
}
