import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { User } from '../../../clients';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { amountText, quoted } from '../../../../shared/audit/summary';
import { assertMayAccess } from '../../../../shared/auth/guards';
import { Money } from '../../../../shared/domain/money';
import { DomainError, NotFoundError, RuleViolatedError } from '../../../../shared/errors/domain-error';
import { DomainEventPublisher } from '../../../../shared/events/domain-events';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { Billing, type PaymentPart, type PaymentRequest } from '../../../billing';
import { StudioSettings } from '../../../studio';
import { BundlePaymentSucceeded } from '../../domain/bundle-payment-succeeded.event';
import { IntentRecord, verifyIntent } from '../../domain/card-payment';
import { Payment } from '../../domain/payment';
import { CardIntentRepository } from '../ports/card-intent.repository';
import { PaymentGateway } from '../ports/payment-gateway';
import { PaymentRepository } from '../ports/payment.repository';
import { ReceiptIssuer } from '../ports/receipt-issuer';
import { BillableProject, ProjectsForBilling } from '../ports/projects-for-billing';

const projectNotFound = () => new NotFoundError('PROJECTS.NOT_FOUND', 'Project not found');
export { nothingDue } from '../../../billing';

/**
 * Paying a project by card (CONTRACT §3): the amount is always the server's unpaid remainder; a payment
 * is recorded only after the gateway confirms the intent succeeded, once per provider id, whether the
 * browser's confirmation or the webhook arrives first.
 */
@Injectable()
export class CardPayments {
  private readonly logger = new Logger('CardPayments');

  constructor(
    private readonly gateway: PaymentGateway,
    private readonly intents: CardIntentRepository,
    private readonly payments: PaymentRepository,
    private readonly projects: ProjectsForBilling,
    private readonly tx: TransactionHost,
    private readonly events: DomainEventPublisher,
    private readonly audit: AuditTrail,
    private readonly receipts: ReceiptIssuer,
    private readonly studio: StudioSettings,
    private readonly billing: Billing,
  ) {}

  /** Card payments are in the studio's currency (CONTRACT §13), as the provider writes it ('eur'). */
  private async currency(): Promise<string> {
    return (await this.studio.current()).currency.toLowerCase();
  }

  private async owned(user: User, projectId: number): Promise<BillableProject> {
    const project = await this.projects.find(projectId);
    if (!project) throw projectNotFound();
    assertMayAccess(user, project.clientId, 'Project');
    return project;
  }

  /** What is still owed and, while it is due, the deposit the card button asks for: billing's answer (CONTRACT §14). */
  async remainingBalance(user: User, projectId: number): Promise<{ unpaid: Money; depositDue: Money | null }> {
    await this.owned(user, projectId);
    const billing = await this.billing.ofProject(projectId);
    return {
      unpaid: Money.ofCents(billing?.dueCents ?? 0),
      depositDue: billing?.depositDueCents ? Money.ofCents(billing.depositDueCents) : null,
    };
  }

  /**
   * Starts paying `request` of the project (CONTRACT §14: the next installment by default, the deposit, or
   * everything owed); the amount is billing's, never the browser's.
   */
  async createIntent(
    user: User,
    projectId: number,
    request?: PaymentRequest,
  ): Promise<{ clientSecret: string; amount: Money; paymentIntentId: string; part: PaymentPart }> {
    const project = await this.owned(user, projectId);
    if (project.clientId !== user.id) throw projectNotFound(); // only the client pays their project
    const { part: paying, amountCents, billing } = await this.billing.amountToPay(project.id, request);
    const amount = Money.ofCents(amountCents);
    const currency = (await this.studio.current()).currency.toLowerCase();
    // One intent per project, user, amount and state of the invoice: a retried request gets the same intent
    // back (two tabs paying one installment are charged once); a deposit and then a balance of the same
    // amount are two states (what is paid differs), and so is the same amount owed again after a refund.
    const idempotencyKey = createHash('sha256')
      .update(
        `project:${project.id}:user:${user.id}:amount:${amount.cents}:invoice:${billing.invoiceId}:total:${billing.totalCents}:paid:${billing.paymentsCents}:credits:${billing.creditsCents}:refunded:${billing.refundedCents}:part:${paying}`,
      )
      .digest('hex');
    const intent = await this.gateway.createIntent({
      amountCents: amount.cents,
      currency,
      metadata: { purpose: 'project', projectId: String(project.id), userId: String(user.id) },
      idempotencyKey,
    });
    await this.intents.record({
      id: intent.id,
      purpose: 'project',
      projectId: project.id,
      userId: user.id,
      amountCents: amount.cents,
      currency,
      part: paying,
    });
    return { clientSecret: intent.clientSecret, amount, paymentIntentId: intent.id, part: paying };
  }

  /** The browser's confirmation: checked against the caller and the project. */
  async confirm(user: User, projectId: number, intentId: string): Promise<number> {
    await this.owned(user, projectId);
    return this.fulfil(intentId, { projectId, userId: user.id });
  }

  /**
   * The webhook's `payment_intent.succeeded`; intents this portal did not create are ignored. A bundle
   * payment is announced as BundlePaymentSucceeded, outside any transaction as before: the credits
   * module credits it in its own transaction, once per payment id, before this answers, and its
   * failure fails the webhook (so the provider retries).
   */
  async fulfilFromWebhook(intentId: string): Promise<'recorded' | 'ignored'> {
    const record = await this.intents.find(intentId);
    if (!record) return 'ignored';
    if (record.purpose === 'credits') {
      await this.events.publish(BundlePaymentSucceeded.of(await this.verified(intentId, {})));
      return 'recorded';
    }
    await this.fulfil(intentId, {});
    return 'recorded';
  }

  /** Starts buying a bundle: the bundle's own price, never an amount from the browser (CONTRACT §4). */
  async createCreditsIntent(
    user: User,
    bundle: { id: number; creditAmount: number; priceCents: number },
    /** How many purchases of this bundle this user has had credited: a new one gets a new intent. */
    purchasesSoFar: number,
  ): Promise<{ clientSecret: string; amount: Money; paymentIntentId: string }> {
    const amount = Money.ofCents(bundle.priceCents);
    const currency = await this.currency();
    const idempotencyKey = createHash('sha256')
      .update(
        `credits:${bundle.id}:user:${user.id}:price:${bundle.priceCents}:credits:${bundle.creditAmount}:purchase:${purchasesSoFar + 1}`,
      )
      .digest('hex');
    const intent = await this.gateway.createIntent({
      amountCents: amount.cents,
      currency,
      metadata: { purpose: 'credits', bundleId: String(bundle.id), userId: String(user.id) },
      idempotencyKey,
    });
    await this.intents.record({
      id: intent.id,
      purpose: 'credits',
      projectId: null,
      bundleId: bundle.id,
      creditAmount: bundle.creditAmount,
      userId: user.id,
      amountCents: amount.cents,
      currency,
    });
    return { clientSecret: intent.clientSecret, amount, paymentIntentId: intent.id };
  }

  /**
   * This user's succeeded payments for the bundle, checked with the provider, newest first: the given
   * intent only when `intentId` is set. Intents that did not succeed are left out.
   */
  async succeededBundlePayments(user: User, bundleId: number, intentId?: string): Promise<BundlePaymentSucceeded[]> {
    if (intentId) return [BundlePaymentSucceeded.of(await this.verified(intentId, { userId: user.id, bundleId }))];
    const found: BundlePaymentSucceeded[] = [];
    for (const record of await this.intents.creditIntentsOf(user.id, bundleId)) {
      try {
        found.push(BundlePaymentSucceeded.of(await this.verified(record.id, { userId: user.id, bundleId })));
      } catch (err) {
        // Not succeeded (yet): not a payment to credit. The provider not answering is no such answer.
        if (!(err instanceof DomainError) || err.kind === 'unavailable') throw err;
      }
    }
    return found;
  }

  private async verified(intentId: string, expected: { userId?: number; bundleId?: number; projectId?: number }): Promise<IntentRecord> {
    const intent = await this.gateway.retrieveIntent(intentId);
    if (!intent) throw new RuleViolatedError('PAYMENTS.UNKNOWN_INTENT', 'This payment was not started here');
    return verifyIntent(intent, await this.intents.find(intentId), expected);
  }

  private async fulfil(intentId: string, expected: { projectId?: number; userId?: number }): Promise<number> {
    const record = await this.verified(intentId, expected);
    if (record.purpose !== 'project')
      throw new RuleViolatedError('PAYMENTS.INTENT_MISMATCH', 'This payment does not belong to this project');
    const projectId = record.projectId!;
    await this.tx.run(async () => {
      const project = await this.projects.findForUpdate(projectId);
      if (!project) throw projectNotFound();
      const amount = Money.ofCents(record.amountCents);
      const paymentId = await this.payments.addOnce(Payment.card(projectId, record.userId, amount, record.id));
      // Reported before (the confirmation and the webhook both come): recorded, numbered and mailed once.
      if (paymentId === null) return;
      // Posted to the invoice, which decides what is paid (decision 0045): the provider took the money, so it is
      // posted as it is, even above what is owed now (a payment made in another tab meanwhile).
      const { becamePaid: nowPaid } = await this.billing.postPayment({
        projectId,
        paymentId,
        amountCents: amount.cents,
        method: 'card',
        exact: false,
      });
      // The buyer's browser (signed in) or the provider's webhook (no actor), whichever comes first.
      await this.audit.record({
        action: 'payment.recorded',
        targetType: 'project',
        targetId: projectId,
        summary: `Card payment of ${amountText(amount, (await this.studio.current()).money)} for project ${project.name ? quoted(project.name) : `#${projectId}`} (${record.id})${nowPaid ? '; project now paid' : ''}`,
      });
      await this.receipts.issue(paymentId);
      this.logger.log(`card payment ${record.id} recorded for project ${projectId}`);
    });
    return projectId;
  }
}
