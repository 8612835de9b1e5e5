import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { amountText, quoted } from '../../../../shared/audit/summary';
import { Money } from '../../../../shared/domain/money';
import { RuleViolatedError } from '../../../../shared/errors/domain-error';
import { DomainEventPublisher } from '../../../../shared/events/domain-events';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { Billing } from '../../../billing';
import { StudioSettings } from '../../../studio';
import { BundlePaymentRefunded } from '../../domain/bundle-payment-refunded.event';
import { paymentNotFound, RefundablePayment, refundableRest, refundAmount, RefundStatus } from '../../domain/refund';
import { GatewayRefund, PaymentGateway } from '../ports/payment-gateway';
import { PaymentRepository } from '../ports/payment.repository';
import { ProjectsForBilling } from '../ports/projects-for-billing';
import { RefundRecord, RefundRepository } from '../ports/refund.repository';

export const refundFailed = (why?: string | null) =>
  new RuleViolatedError(
    'PAYMENTS.REFUND_FAILED',
    `The card provider could not refund this payment${why ? ` (${why.replace(/_/g, ' ')})` : ''}. Nothing was refunded.`,
  );

/** The reason recorded for a refund the provider reported that was not asked for here (made in Stripe's dashboard). */
export const PROVIDER_REFUND_REASON = 'Refunded at the card provider';

const counts = (status: GatewayRefund['status']): boolean => status === 'succeeded' || status === 'pending';

/**
 * Refunds (CONTRACT §11, decision 0032). One refund is one transaction with the payment's row locked
 * (`FOR UPDATE`): parallel refunds of a payment decide one after another, each seeing the ones before,
 * so together they never refund more than it. A card payment is refunded through the gateway inside
 * that transaction, with an idempotency key made of the payment and its refunded total, and recorded
 * once per gateway refund id, so Stripe's `charge.refunded` webhook, which records what the provider
 * has and this portal does not, waits for the lock and then finds it recorded.
 */
@Injectable()
export class Refunds {
  private readonly logger = new Logger('Refunds');

  constructor(
    private readonly gateway: PaymentGateway,
    private readonly payments: PaymentRepository,
    private readonly refunds: RefundRepository,
    private readonly projects: ProjectsForBilling,
    private readonly tx: TransactionHost,
    private readonly events: DomainEventPublisher,
    private readonly audit: AuditTrail,
    private readonly studio: StudioSettings,
    private readonly billing: Billing,
  ) {}

  /** The studio refunds `amount` (default: all still refundable) of a payment, for `reason`. */
  refund(paymentId: number, input: { amount?: Money; reason: string; adminId: number | null }): Promise<RefundRecord> {
    return this.tx.run(async () => {
      const payment = await this.payments.findForRefund(paymentId);
      if (!payment) throw paymentNotFound();
      // Amounts are in the studio's one currency (it cannot change once money has moved, decision 0040).
      const studio = await this.studio.current();
      const amount = refundAmount(payment, input.amount, studio.money);
      // A bundle's credits go back first: a client who has spent them cannot be refunded (nothing has moved yet).
      if (payment.bundleId !== null) await this.events.publish(this.bundleRefunded(payment, true));
      let status: RefundStatus = 'succeeded';
      let providerRefundId: string | null = null;
      if (payment.providerPaymentId) {
        const refund = await this.gateway.createRefund({
          paymentIntentId: payment.providerPaymentId,
          amountCents: amount.cents,
          currency: studio.currency.toLowerCase(),
          metadata: { paymentId: String(payment.id) },
          // The same payment in the same state asks for the same refund: a retry after a crash is not a second refund.
          idempotencyKey: createHash('sha256').update(`refund:${payment.id}:${payment.refunded.cents}:${amount.cents}`).digest('hex'),
        });
        if (!counts(refund.status)) throw refundFailed(refund.failureReason);
        status = refund.status === 'pending' ? 'pending' : 'succeeded';
        providerRefundId = refund.id;
      }
      const recorded = await this.record(payment, {
        paymentId: payment.id,
        amount,
        reason: input.reason,
        status,
        providerRefundId,
        createdBy: input.adminId,
      });
      // Recorded before under this id (the provider's webhook got the lock first): that refund is this one.
      return recorded ?? (await this.refunds.ofPayment(payment.id)).find((r) => r.providerRefundId === providerRefundId)!;
    });
  }

  /**
   * Stripe's `charge.refunded` for a payment made through this portal: every refund the provider has for
   * it that is not recorded here (made in Stripe's dashboard, or one whose recording was lost) is recorded,
   * once per refund id. Answers how many were recorded; 'ignored' when the payment is not one of ours.
   */
  async reconcile(providerPaymentId: string): Promise<number | 'ignored'> {
    const found = await this.payments.findByProviderId(providerPaymentId);
    if (!found) return 'ignored';
    const atProvider = (await this.gateway.listRefunds(providerPaymentId)).filter((r) => counts(r.status));
    return this.tx.run(async () => {
      const payment = (await this.payments.findForRefund(found.id))!;
      if (payment.status !== 'completed') return 0;
      const known = await this.refunds.providerIdsOf(payment.id);
      let recorded = 0;
      for (const r of atProvider) {
        if (known.has(r.id)) continue;
        const rest = refundableRest(payment);
        if (rest.isZero()) break;
        const amount = Money.ofCents(Math.min(r.amountCents, rest.cents));
        if (payment.bundleId !== null && amount.equals(rest)) await this.events.publish(this.bundleRefunded(payment, false));
        const added = await this.record(payment, {
          paymentId: payment.id,
          amount,
          reason: PROVIDER_REFUND_REASON,
          status: r.status === 'pending' ? 'pending' : 'succeeded',
          providerRefundId: r.id,
          createdBy: null,
        });
        if (added) {
          payment.refunded = payment.refunded.add(amount);
          recorded++;
        }
      }
      return recorded;
    });
  }

  list(paymentId: number): Promise<RefundRecord[]> {
    return this.refunds.ofPayment(paymentId);
  }

  private bundleRefunded(payment: RefundablePayment, strict: boolean): BundlePaymentRefunded {
    return new BundlePaymentRefunded({
      paymentId: payment.id,
      userId: payment.clientId!,
      bundleId: payment.bundleId!,
      providerPaymentId: payment.providerPaymentId!,
      strict,
    });
  }

  /** Records the refund (once per provider id), raises the payment's refunded total, and makes its project owe again. */
  private async record(payment: RefundablePayment, refund: Parameters<RefundRepository['addOnce']>[0]): Promise<RefundRecord | null> {
    const added = await this.refunds.addOnce(refund);
    if (!added) return null;
    // The project's row locked after the payment's (the order every refund takes), read before the refund counts.
    const project = payment.projectId !== null ? await this.projects.findForUpdate(payment.projectId) : null;
    await this.payments.addRefunded(payment.id, refund.amount);
    let what = 'a credit bundle purchase';
    let unpaidAgain = false;
    if (payment.projectId !== null) {
      what = `project ${project?.name ? quoted(project.name) : `#${payment.projectId}`}`;
      // Posted to the invoice, which decides what is owed again (decision 0045).
      ({ unpaidAgain } = await this.billing.postRefund({
        projectId: payment.projectId,
        paymentId: payment.id,
        refundId: added.id,
        amountCents: refund.amount.cents,
      }));
    }
    const style = (await this.studio.current()).money;
    await this.audit.record({
      action: 'payment.refunded',
      targetType: payment.projectId !== null ? 'project' : 'client',
      targetId: payment.projectId ?? payment.clientId ?? payment.id,
      summary:
        `Refunded ${amountText(refund.amount, style)} of payment #${payment.id} (${amountText(payment.amount, style)}) for ${what}` +
        `${refund.providerRefundId ? ` (${refund.providerRefundId})` : ' (manual)'}: ${quoted(refund.reason)}` +
        `${unpaidAgain ? '; project unpaid again' : ''}`,
    });
    this.logger.log(`refund of ${refund.amount.cents} cents recorded for payment ${payment.id}`);
    return added;
  }
}
