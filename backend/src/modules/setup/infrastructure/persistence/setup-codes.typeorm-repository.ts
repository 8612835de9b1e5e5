import { Injectable } from '@nestjs/common';
import { returnedRows } from '../../../../shared/database/returned-rows';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { MAX_WRONG_CODES } from '../../domain/setup-code';
import { SetupCodes, type WrongTry } from '../../application/ports/setup-codes';

/** The setup_codes table: one row (id = 1) while a code is kept. */
@Injectable()
export class SetupCodesTypeormRepository extends SetupCodes {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  async replace(hash: string): Promise<void> {
    await this.tx.manager.query(
      `INSERT INTO setup_codes (id, code_hash, failures, created_at) VALUES (1, $1, 0, now())
       ON CONFLICT (id) DO UPDATE SET code_hash = EXCLUDED.code_hash, failures = 0, created_at = now()`,
      [hash],
    );
  }

  async countWrongTry(hash: string, replacementHash: string): Promise<WrongTry | null> {
    // One statement counts the try and, at the limit, swaps the code: two wrong tries at once are both
    // counted, and only one of them replaces the code.
    const result: unknown = await this.tx.manager.query(
      `UPDATE setup_codes
          SET failures = CASE WHEN failures + 1 >= $3 THEN 0 ELSE failures + 1 END,
              code_hash = CASE WHEN failures + 1 >= $3 THEN $2 ELSE code_hash END,
              created_at = CASE WHEN failures + 1 >= $3 THEN now() ELSE created_at END
        WHERE id = 1 AND code_hash <> $1
        RETURNING failures`,
      [hash, replacementHash, MAX_WRONG_CODES],
    );
    const rows = returnedRows<{ failures: number }>(result);
    if (rows.length === 0) return null;
    return rows[0].failures === 0 ? 'replaced' : 'counted';
  }

  async consume(hash: string): Promise<boolean> {
    const result: unknown = await this.tx.manager.query(`DELETE FROM setup_codes WHERE id = 1 AND code_hash = $1 RETURNING id`, [hash]);
    return returnedRows(result).length === 1;
  }
}
