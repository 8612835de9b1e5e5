import { Injectable } from '@nestjs/common';
import { AuditTrail } from '../../../shared/audit/audit-trail';
import { amountText, quoted } from '../../../shared/audit/summary';
import type { Money } from '../../../shared/domain/money';
import { Payment } from '../domain/payment';
import { PaymentRepository } from './ports/payment.repository';
import { ReceiptIssuer } from './ports/receipt-issuer';

/** What other modules use to read and add to the ledger (in their own transaction). */
@Injectable()
export class PaymentLedger {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly audit: AuditTrail,
    private readonly receipts: ReceiptIssuer,
  ) {}

  paidTowards(projectId: number): Promise<Money> {
    return this.payments.completedTotal(projectId);
  }

  /**
   * Records a completed manual payment (no card-provider id), its line in the activity log and its
   * receipt e-mail (in the caller's transaction); nothing is recorded for a zero amount. `projectName` names it in that line.
   */
  async recordManual(projectId: number, clientId: number, amount: Money, note?: string | null, projectName?: string): Promise<void> {
    if (amount.isZero()) return;
    const payment = Payment.manual(projectId, clientId, amount, note);
    const paymentId = await this.payments.add(payment);
    await this.audit.record({
      action: 'payment.recorded',
      targetType: 'project',
      targetId: projectId,
      summary: `Recorded a manual payment of ${amountText(amount)} for project ${projectName ? quoted(projectName) : `#${projectId}`} (${payment.note})`,
    });
    await this.receipts.issue(paymentId);
  }
}
