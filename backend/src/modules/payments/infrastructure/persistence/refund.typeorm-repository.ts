import { Injectable } from '@nestjs/common';
import { Money } from '../../../../shared/domain/money';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { NewRefund, RefundRecord, RefundRepository } from '../../application/ports/refund.repository';
import type { RefundStatus } from '../../domain/refund';

interface Row {
  id: number;
  payment_id: number;
  amount_cents: string;
  reason: string;
  status: RefundStatus;
  provider_refund_id: string | null;
  created_at: Date;
}

const COLUMNS = 'id, payment_id, amount_cents, reason, status, provider_refund_id, created_at';

const toRecord = (r: Row): RefundRecord => ({
  id: r.id,
  paymentId: r.payment_id,
  amount: Money.ofCents(Number(r.amount_cents)),
  reason: r.reason,
  status: r.status,
  providerRefundId: r.provider_refund_id,
  createdAt: r.created_at,
});

@Injectable()
export class RefundTypeormRepository extends RefundRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  async addOnce(r: NewRefund): Promise<RefundRecord | null> {
    const rows: Row[] = await this.tx.manager.query(
      `INSERT INTO payment_refunds (payment_id, amount_cents, reason, status, provider_refund_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (provider_refund_id) DO NOTHING RETURNING ${COLUMNS}`,
      [r.paymentId, r.amount.cents, r.reason, r.status, r.providerRefundId, r.createdBy],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async providerIdsOf(paymentId: number): Promise<Set<string>> {
    const rows: Array<{ id: string }> = await this.tx.manager.query(
      `SELECT provider_refund_id AS id FROM payment_refunds WHERE payment_id = $1 AND provider_refund_id IS NOT NULL`,
      [paymentId],
    );
    return new Set(rows.map((r) => r.id));
  }

  async ofPayment(paymentId: number): Promise<RefundRecord[]> {
    const rows: Row[] = await this.tx.manager.query(`SELECT ${COLUMNS} FROM payment_refunds WHERE payment_id = $1 ORDER BY id`, [
      paymentId,
    ]);
    return rows.map(toRecord);
  }
}
