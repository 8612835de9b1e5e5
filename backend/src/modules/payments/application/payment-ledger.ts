import { Injectable } from '@nestjs/common';
import type { Money } from '../../../shared/domain/money';
import { Payment } from '../domain/payment';
import { PaymentRepository } from './ports/payment.repository';

/** What other modules use to read and add to the ledger (in their own transaction). */
@Injectable()
export class PaymentLedger {
  constructor(private readonly payments: PaymentRepository) {}

  paidTowards(projectId: number): Promise<Money> {
    return this.payments.completedTotal(projectId);
  }

  /** Records a completed manual payment (no card-provider id); nothing is recorded for a zero amount. */
  async recordManual(projectId: number, clientId: number, amount: Money, note?: string | null): Promise<void> {
    if (amount.isZero()) return;
    await this.payments.add(Payment.manual(projectId, clientId, amount, note));
  }
}
