import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { User } from '../../../clients';
import { assertMayAccess } from '../../../../shared/auth/guards';
import { Money } from '../../../../shared/domain/money';
import { NotFoundError, RuleViolatedError } from '../../../../shared/errors/domain-error';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { CURRENCY, verifyIntent } from '../../domain/card-payment';
import { Payment } from '../../domain/payment';
import { CardIntentRepository } from '../ports/card-intent.repository';
import { PaymentGateway } from '../ports/payment-gateway';
import { PaymentRepository } from '../ports/payment.repository';
import { BillableProject, ProjectsForBilling } from '../ports/projects-for-billing';

const projectNotFound = () => new NotFoundError('PROJECTS.NOT_FOUND', 'Project not found');
export const nothingDue = () => new RuleViolatedError('PAYMENTS.NOTHING_DUE', 'No payment is due for this project');

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
  ) {}

  private async owned(user: User, projectId: number): Promise<BillableProject> {
    const project = await this.projects.find(projectId);
    if (!project) throw projectNotFound();
    assertMayAccess(user, project.clientId, 'Project');
    return project;
  }

  private async unpaid(project: BillableProject): Promise<Money> {
    if (project.isPaid) return Money.ZERO;
    return Money.ofCents(project.priceCents)
      .minusFloored(Money.ofCents(project.creditCoveredCents))
      .minusFloored(await this.payments.completedTotal(project.id));
  }

  async remainingBalance(user: User, projectId: number): Promise<Money> {
    return this.unpaid(await this.owned(user, projectId));
  }

  async createIntent(user: User, projectId: number): Promise<{ clientSecret: string; amount: Money; paymentIntentId: string }> {
    const project = await this.owned(user, projectId);
    if (project.clientId !== user.id) throw projectNotFound(); // only the client pays their project
    const amount = await this.unpaid(project);
    if (amount.isZero()) throw nothingDue();
    const paidCents = amount.cents;
    // One intent per project, user, amount and state of payments: a retried request gets the same intent back.
    const idempotencyKey = createHash('sha256')
      .update(`project:${project.id}:user:${user.id}:amount:${paidCents}:price:${project.priceCents}:credits:${project.creditCoveredCents}`)
      .digest('hex');
    const intent = await this.gateway.createIntent({
      amountCents: amount.cents,
      currency: CURRENCY,
      metadata: { purpose: 'project', projectId: String(project.id), userId: String(user.id) },
      idempotencyKey,
    });
    await this.intents.record({ id: intent.id, purpose: 'project', projectId: project.id, userId: user.id, amountCents: amount.cents, currency: CURRENCY });
    return { clientSecret: intent.clientSecret, amount, paymentIntentId: intent.id };
  }

  /** The browser's confirmation: checked against the caller and the project. */
  async confirm(user: User, projectId: number, intentId: string): Promise<number> {
    await this.owned(user, projectId);
    return this.fulfil(intentId, { projectId, userId: user.id });
  }

  /** The webhook's `payment_intent.succeeded`; intents this portal did not create are ignored. */
  async fulfilFromWebhook(intentId: string): Promise<'recorded' | 'ignored'> {
    const record = await this.intents.find(intentId);
    if (!record || record.purpose !== 'project') return 'ignored';
    await this.fulfil(intentId, {});
    return 'recorded';
  }

  private async fulfil(intentId: string, expected: { projectId?: number; userId?: number }): Promise<number> {
    const intent = await this.gateway.retrieveIntent(intentId);
    if (!intent) throw new RuleViolatedError('PAYMENTS.UNKNOWN_INTENT', 'This payment was not started here');
    const record = verifyIntent(intent, await this.intents.find(intentId), expected);
    const projectId = record.projectId!;
    await this.tx.run(async () => {
      const project = await this.projects.findForUpdate(projectId);
      if (!project) throw projectNotFound();
      const added = await this.payments.addOnce(Payment.card(projectId, record.userId, Money.ofCents(record.amountCents), intent.id));
      if (added && !project.isPaid && (await this.unpaid(project)).isZero()) await this.projects.markPaid(projectId);
      if (added) this.logger.log(`card payment ${intent.id} recorded for project ${projectId}`);
    });
    return projectId;
  }
}
