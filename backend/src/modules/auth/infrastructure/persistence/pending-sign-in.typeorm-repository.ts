import { Injectable } from '@nestjs/common';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { PendingSignIns } from '../../application/ports/pending-sign-ins';
import type { PendingSignIn, SecondProofMethod } from '../../domain/two-factor';

interface Row {
  user_id: number;
  method: SecondProofMethod;
  remember: boolean;
  code_hash: string | null;
  failures: number;
  expires_at: Date;
}

/** Rows in `pending_sign_ins`; those expired for a day are cleared now and then as new ones come in. */
@Injectable()
export class PendingSignInTypeormRepository extends PendingSignIns {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  async create(tokenHash: string, p: PendingSignIn): Promise<void> {
    await this.tx.manager.query(
      `INSERT INTO pending_sign_ins (token_hash, user_id, method, remember, code_hash, failures, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [tokenHash, p.userId, p.method, p.remember, p.codeHash, p.failures, p.expiresAt],
    );
    if (Math.random() < 0.05) {
      await this.tx.manager.query(`DELETE FROM pending_sign_ins WHERE expires_at < now() - interval '1 day'`);
    }
  }

  async findForUpdate(tokenHash: string): Promise<PendingSignIn | null> {
    const rows: Row[] = await this.tx.manager.query(
      `SELECT user_id, method, remember, code_hash, failures, expires_at FROM pending_sign_ins WHERE token_hash = $1 FOR UPDATE`,
      [tokenHash],
    );
    const r = rows[0];
    return r
      ? { userId: r.user_id, method: r.method, remember: r.remember, codeHash: r.code_hash, failures: r.failures, expiresAt: r.expires_at }
      : null;
  }

  async recordFailure(tokenHash: string): Promise<void> {
    await this.tx.manager.query(`UPDATE pending_sign_ins SET failures = failures + 1 WHERE token_hash = $1`, [tokenHash]);
  }

  async remove(tokenHash: string): Promise<void> {
    await this.tx.manager.query(`DELETE FROM pending_sign_ins WHERE token_hash = $1`, [tokenHash]);
  }
}
