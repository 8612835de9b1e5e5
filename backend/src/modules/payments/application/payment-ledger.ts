import { Injectable } from '@nestjs/common';
import { AuditTrail } from '../../../shared/audit/audit-trail';
import { amountText, quoted } from '../../../shared/audit/summary';
import type { Money } from '../../../shared/domain/money';
import { Billing } from '../../billing';
import { StudioSettings } from '../../studio';
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
    private readonly studio: StudioSettings,
    private readonly billing: Billing,
  ) {}

  /**
   * Records a completed manual payment (no card-provider id), its line in the activity log and its
   * receipt e-mail (in the caller's transaction); nothing is recorded for a zero amount. `projectName` names it in that line.
   */
  async recordManual(projectId: number, clientId: number, amount: Money, note?: string | null, projectName?: string): Promise<void> {
    if (amount.isZero()) return;
    const payment = Payment.manual(projectId, clientId, amount, note);
    const paymentId = await this.payments.add(payment);
    // Posted to the invoice (decision 0045): never more than is owed, so one installment is never paid twice.
    await this.billing.postPayment({ projectId, paymentId, amountCents: amount.cents, method: 'manual', exact: true });
    await this.audit.record({
      action: 'payment.recorded',
      targetType: 'project',
      targetId: projectId,
      summary: `Recorded a manual payment of ${amountText(amount, (await this.studio.current()).money)} for project ${projectName ? quoted(projectName) : `#${projectId}`} (${payment.note})`,
    });
    await this.receipts.issue(paymentId);
  }

  /**
   * Records a credit bundle bought by card as a completed payment (CONTRACT §11: no project, the bundle's
   * id), in the caller's transaction (the one that credits it), once per provider payment id; the
   * receipt trigger numbers it and the client is e-mailed its receipt. Answers the payment's id, or null
   * when that provider id was recorded before.
   */
  async recordBundlePurchase(purchase: {
    bundleId: number;
    clientId: number;
    amount: Money;
    providerPaymentId: string;
  }): Promise<number | null> {
    const paymentId = await this.payments.addOnce(
      Payment.bundle(purchase.bundleId, purchase.clientId, purchase.amount, purchase.providerPaymentId),
    );
    if (paymentId !== null) await this.receipts.issue(paymentId);
    return paymentId;
  }
}
