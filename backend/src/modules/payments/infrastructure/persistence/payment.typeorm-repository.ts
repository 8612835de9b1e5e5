import { Injectable } from '@nestjs/common';
import { Money } from '../../../../shared/domain/money';
import { WebhookEvents } from '../../../../shared/integrations/webhook-events';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { PaymentRepository } from '../../application/ports/payment.repository';
import type { Payment } from '../../domain/payment';
import { PaymentQueries } from './payment.queries';

@Injectable()
export class PaymentTypeormRepository extends PaymentRepository {
  constructor(
    private readonly tx: TransactionHost,
    private readonly webhooks: WebhookEvents,
    private readonly queries: PaymentQueries,
  ) {
    super();
  }

  /** Every payment is added here: a completed one is the integrators' payment.succeeded (CONTRACT §9), in its transaction. */
  private async added(id: number, p: Payment): Promise<void> {
    if (p.status === 'completed') await this.webhooks.emit('payment.succeeded', () => this.queries.one(id));
  }

  /** A completed payment takes the next receipt number as it is inserted (a trigger; decision 0031). */
  async add(p: Payment): Promise<number> {
    const rows: Array<{ id: number }> = await this.tx.manager.query(
      `INSERT INTO payments (project_id, client_id, amount_cents, stripe_payment_id, status, note, bundle_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [p.projectId, p.clientId, p.amount.cents, p.stripePaymentId, p.status, p.note, p.bundleId],
    );
    await this.added(rows[0].id, p);
    return rows[0].id;
  }

  async addOnce(p: Payment): Promise<number | null> {
    const rows: Array<{ id: number }> = await this.tx.manager.query(
      `INSERT INTO payments (project_id, client_id, amount_cents, stripe_payment_id, status, note, bundle_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (stripe_payment_id) DO NOTHING RETURNING id`,
      [p.projectId, p.clientId, p.amount.cents, p.stripePaymentId, p.status, p.note, p.bundleId],
    );
    if (rows.length === 0) return null;
    await this.added(rows[0].id, p);
    return rows[0].id;
  }

  async completedTotal(projectId: number): Promise<Money> {
    const rows: Array<{ cents: string }> = await this.tx.manager.query(
      `SELECT coalesce(sum(amount_cents), 0) AS cents FROM payments WHERE project_id = $1 AND status = 'completed'`,
      [projectId],
    );
    return Money.ofCents(Number(rows[0].cents));
  }
}
