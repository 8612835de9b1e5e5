import { Injectable } from '@nestjs/common';
import { Money } from '../../../../shared/domain/money';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { PaymentRepository } from '../../application/ports/payment.repository';
import type { Payment } from '../../domain/payment';

@Injectable()
export class PaymentTypeormRepository extends PaymentRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  async add(p: Payment): Promise<number> {
    const rows: Array<{ id: number }> = await this.tx.manager.query(
      `INSERT INTO payments (project_id, client_id, amount_cents, stripe_payment_id, status, note)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [p.projectId, p.clientId, p.amount.cents, p.stripePaymentId, p.status, p.note],
    );
    return rows[0].id;
  }

  async addOnce(p: Payment): Promise<boolean> {
    const rows: Array<{ id: number }> = await this.tx.manager.query(
      `INSERT INTO payments (project_id, client_id, amount_cents, stripe_payment_id, status, note)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (stripe_payment_id) DO NOTHING RETURNING id`,
      [p.projectId, p.clientId, p.amount.cents, p.stripePaymentId, p.status, p.note],
    );
    return rows.length > 0;
  }

  async completedTotal(projectId: number): Promise<Money> {
    const rows: Array<{ cents: string }> = await this.tx.manager.query(
      `SELECT coalesce(sum(amount_cents), 0) AS cents FROM payments WHERE project_id = $1 AND status = 'completed'`,
      [projectId],
    );
    return Money.ofCents(Number(rows[0].cents));
  }
}
