import { Injectable } from '@nestjs/common';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { CardIntentRepository } from '../../application/ports/card-intent.repository';
import type { IntentRecord } from '../../domain/card-payment';
import type { PaymentPart } from '../../../billing';

interface Row {
  id: string;
  purpose: 'project' | 'credits';
  project_id: number | null;
  bundle_id: number | null;
  credit_amount: number | null;
  user_id: number;
  amount_cents: string;
  currency: string;
  part: PaymentPart | null;
}

const COLUMNS = 'id, purpose, project_id, bundle_id, credit_amount, user_id, amount_cents, currency, part';

const toRecord = (r: Row): IntentRecord => ({
  id: r.id,
  purpose: r.purpose,
  projectId: r.project_id,
  bundleId: r.bundle_id,
  creditAmount: r.credit_amount,
  userId: r.user_id,
  amountCents: Number(r.amount_cents),
  currency: r.currency,
  part: r.part,
});

@Injectable()
export class CardIntentTypeormRepository extends CardIntentRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  async record(i: IntentRecord): Promise<void> {
    await this.tx.manager.query(
      `INSERT INTO card_payment_intents (id, purpose, project_id, bundle_id, credit_amount, user_id, amount_cents, currency, part)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
      [i.id, i.purpose, i.projectId, i.bundleId ?? null, i.creditAmount ?? null, i.userId, i.amountCents, i.currency, i.part ?? null],
    );
  }

  async find(id: string): Promise<IntentRecord | null> {
    const rows: Row[] = await this.tx.manager.query(`SELECT ${COLUMNS} FROM card_payment_intents WHERE id = $1`, [id]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async creditIntentsOf(userId: number, bundleId: number): Promise<IntentRecord[]> {
    const rows: Row[] = await this.tx.manager.query(
      `SELECT ${COLUMNS} FROM card_payment_intents WHERE purpose = 'credits' AND user_id = $1 AND bundle_id = $2
        ORDER BY created_at DESC LIMIT 20`,
      [userId, bundleId],
    );
    return rows.map(toRecord);
  }
}
