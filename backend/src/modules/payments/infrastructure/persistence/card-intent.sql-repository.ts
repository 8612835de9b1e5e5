import { Injectable } from '@nestjs/common';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { CardIntentRepository } from '../../application/ports/card-intent.repository';
import type { IntentRecord } from '../../domain/card-payment';

@Injectable()
export class CardIntentSqlRepository extends CardIntentRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  async record(i: IntentRecord): Promise<void> {
    await this.tx.manager.query(
      `INSERT INTO card_payment_intents (id, purpose, project_id, user_id, amount_cents, currency)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
      [i.id, i.purpose, i.projectId, i.userId, i.amountCents, i.currency],
    );
  }

  async find(id: string): Promise<IntentRecord | null> {
    const rows: Array<{ id: string; purpose: 'project' | 'credits'; project_id: number | null; user_id: number; amount_cents: string; currency: string }> =
      await this.tx.manager.query(`SELECT id, purpose, project_id, user_id, amount_cents, currency FROM card_payment_intents WHERE id = $1`, [id]);
    const r = rows[0];
    return r ? { id: r.id, purpose: r.purpose, projectId: r.project_id, userId: r.user_id, amountCents: Number(r.amount_cents), currency: r.currency } : null;
  }
}
