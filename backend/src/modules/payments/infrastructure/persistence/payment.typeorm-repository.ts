import { Injectable } from '@nestjs/common';
import { Money } from '../../../../shared/domain/money';
import { WebhookEvents } from '../../../../shared/integrations/webhook-events';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { PaymentRepository } from '../../application/ports/payment.repository';
import type { Payment, PaymentStatus } from '../../domain/payment';
import type { RefundablePayment } from '../../domain/refund';
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

  private async refundable(where: string, param: unknown, lock: boolean): Promise<RefundablePayment | null> {
    const rows: Array<{
      id: number;
      project_id: number | null;
      bundle_id: number | null;
      client_id: number | null;
      amount_cents: string;
      refunded_cents: string;
      status: PaymentStatus;
      stripe_payment_id: string | null;
    }> = await this.tx.manager.query(
      `SELECT pay.id, pay.project_id, pay.bundle_id, coalesce(pay.client_id, pr.client_id) AS client_id, pay.amount_cents,
              pay.refunded_cents, pay.status, pay.stripe_payment_id
         FROM payments pay LEFT JOIN projects pr ON pr.id = pay.project_id
        WHERE ${where}${lock ? ' FOR UPDATE OF pay' : ''}`,
      [param],
    );
    const r = rows[0];
    return r
      ? {
          id: r.id,
          projectId: r.project_id,
          bundleId: r.bundle_id,
          clientId: r.client_id,
          amount: Money.ofCents(Number(r.amount_cents)),
          refunded: Money.ofCents(Number(r.refunded_cents)),
          status: r.status,
          providerPaymentId: r.stripe_payment_id,
        }
      : null;
  }

  findForRefund(paymentId: number): Promise<RefundablePayment | null> {
    return this.refundable('pay.id = $1', paymentId, true);
  }

  findByProviderId(providerPaymentId: string): Promise<RefundablePayment | null> {
    return this.refundable('pay.stripe_payment_id = $1', providerPaymentId, false);
  }

  /** Every refund is added here: the integrators' payment.refunded (CONTRACT §9), in its transaction, with the payment as it is now. */
  async addRefunded(paymentId: number, amount: Money): Promise<void> {
    // The CHECK (refunded_cents <= amount_cents) is the last guard against refunding more than was paid.
    await this.tx.manager.query(`UPDATE payments SET refunded_cents = refunded_cents + $2 WHERE id = $1`, [paymentId, amount.cents]);
    await this.webhooks.emit('payment.refunded', () => this.queries.one(paymentId));
  }
}
