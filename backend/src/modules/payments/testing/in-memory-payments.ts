/**
 * In-memory fakes of the payments ports, one per port, for handler specs (this module's and those of
 * the modules that use PaymentLedger or CardPayments). They keep state, so specs assert outcomes.
 */
import { Money } from '../../../shared/domain/money';
import { DomainError } from '../../../shared/errors/domain-error';
import { immediateTx, InMemoryAuditTrail } from '../../../testing/in-memory';
import { RecordingEvents } from '../../../testing/in-memory-events';
import { CardPayments } from '../application/card-payments/card-payments';
import { PaymentLedger } from '../application/payment-ledger';
import { CardIntentRepository } from '../application/ports/card-intent.repository';
import { CreateIntentInput, CreateRefundInput, GatewayRefund, PaymentGateway } from '../application/ports/payment-gateway';
import { NewRefund, RefundRecord, RefundRepository } from '../application/ports/refund.repository';
import { Refunds } from '../application/refunds/refunds';
import { PaymentRepository } from '../application/ports/payment.repository';
import { ReceiptIssuer } from '../application/ports/receipt-issuer';
import { BillableProject, ProjectsForBilling } from '../application/ports/projects-for-billing';
import type { GatewayIntent, IntentRecord } from '../domain/card-payment';
import type { Payment } from '../domain/payment';
import type { Billing, ProjectBilling } from '../../billing';
import { billingWithFakes } from '../../billing/testing/in-memory-billing';
import type { RefundablePayment } from '../domain/refund';
import { FixedStudioSettings } from '../../studio/testing/fixed-studio-settings';

type BillingFakes = ReturnType<typeof billingWithFakes>;

/** The ledger; like the table, one card payment per provider id. */
export class InMemoryPayments extends PaymentRepository {
  readonly rows: Payment[] = [];

  async add(payment: Payment): Promise<number> {
    if (payment.stripePaymentId && this.rows.some((p) => p.stripePaymentId === payment.stripePaymentId)) {
      throw new Error(`duplicate provider payment id ${payment.stripePaymentId}`);
    }
    this.rows.push(payment);
    return this.rows.length;
  }

  async addOnce(payment: Payment): Promise<number | null> {
    if (payment.stripePaymentId && this.rows.some((p) => p.stripePaymentId === payment.stripePaymentId)) return null;
    this.rows.push(payment);
    return this.rows.length;
  }

  /** Refunded cents by payment id (the row's position + 1). */
  readonly refunded = new Map<number, number>();

  /** What a project's completed payments paid, net of their refunds, as the ledger keeps it. */
  async completedTotal(projectId: number): Promise<Money> {
    let cents = 0;
    this.rows.forEach((p, i) => {
      if (p.projectId === projectId && p.status === 'completed') cents += p.amount.cents - (this.refunded.get(i + 1) ?? 0);
    });
    return Money.ofCents(cents);
  }

  private refundable(id: number): RefundablePayment | null {
    const p = this.rows[id - 1];
    if (!p) return null;
    return {
      id,
      projectId: p.projectId,
      bundleId: p.bundleId,
      clientId: p.clientId,
      amount: p.amount,
      refunded: Money.ofCents(this.refunded.get(id) ?? 0),
      status: p.status,
      providerPaymentId: p.stripePaymentId,
    };
  }

  async findForRefund(paymentId: number): Promise<RefundablePayment | null> {
    return this.refundable(paymentId);
  }

  async findByProviderId(providerPaymentId: string): Promise<RefundablePayment | null> {
    const i = this.rows.findIndex((p) => p.stripePaymentId === providerPaymentId);
    return i < 0 ? null : this.refundable(i + 1);
  }

  async addRefunded(paymentId: number, amount: Money): Promise<void> {
    const next = (this.refunded.get(paymentId) ?? 0) + amount.cents;
    if (next > this.rows[paymentId - 1].amount.cents) throw new Error('violates check constraint "payments_refunds_within_amount"');
    this.refunded.set(paymentId, next);
  }
}

/** The refunds, like the table: once per provider refund id. */
export class InMemoryRefunds extends RefundRepository {
  readonly rows: RefundRecord[] = [];

  async addOnce(r: NewRefund): Promise<RefundRecord | null> {
    if (r.providerRefundId && this.rows.some((x) => x.providerRefundId === r.providerRefundId)) return null;
    const record: RefundRecord = { ...r, id: this.rows.length + 1, createdAt: new Date() };
    this.rows.push(record);
    return record;
  }

  async providerIdsOf(paymentId: number): Promise<Set<string>> {
    return new Set(this.rows.filter((r) => r.paymentId === paymentId && r.providerRefundId).map((r) => r.providerRefundId!));
  }

  async ofPayment(paymentId: number): Promise<RefundRecord[]> {
    return this.rows.filter((r) => r.paymentId === paymentId);
  }
}

/** The receipts issued, by payment id, in order (the e-mails the real issuer queues). */
export class RecordingReceiptIssuer extends ReceiptIssuer {
  readonly issued: number[] = [];

  async issue(paymentId: number): Promise<void> {
    this.issued.push(paymentId);
  }
}

/** The intents this portal created, newest last. */
export class InMemoryCardIntents extends CardIntentRepository {
  readonly rows: IntentRecord[] = [];

  async record(intent: IntentRecord): Promise<void> {
    if (!this.rows.some((r) => r.id === intent.id)) this.rows.push({ ...intent });
  }

  async find(id: string): Promise<IntentRecord | null> {
    const found = this.rows.find((r) => r.id === id);
    return found ? { ...found } : null;
  }

  async creditIntentsOf(userId: number, bundleId: number): Promise<IntentRecord[]> {
    return this.rows
      .filter((r) => r.purpose === 'credits' && r.userId === userId && r.bundleId === bundleId)
      .reverse()
      .slice(0, 20)
      .map((r) => ({ ...r }));
  }
}

/** The card provider: intents start unpaid; a spec pays (`succeed`) or declines them, or takes the provider down. */
export class FakePaymentGateway extends PaymentGateway {
  readonly mode = 'emulator' as const;
  readonly intents = new Map<string, GatewayIntent>();
  private readonly byKey = new Map<string, string>();
  down = false;

  async createIntent(input: CreateIntentInput): Promise<GatewayIntent> {
    this.answer();
    const known = this.byKey.get(input.idempotencyKey);
    if (known) return { ...this.intents.get(known)! };
    const id = `pi_fake_${this.intents.size + 1}`;
    const intent: GatewayIntent = {
      id,
      clientSecret: `${id}_secret`,
      status: 'requires_payment_method',
      amountCents: input.amountCents,
      currency: input.currency,
      metadata: { ...input.metadata },
      lastError: null,
    };
    this.intents.set(id, intent);
    this.byKey.set(input.idempotencyKey, id);
    return { ...intent };
  }

  async retrieveIntent(id: string): Promise<GatewayIntent | null> {
    this.answer();
    const intent = this.intents.get(id);
    return intent ? { ...intent } : null;
  }

  readonly refunds: GatewayRefund[] = [];
  private readonly refundKeys = new Map<string, GatewayRefund>();
  /** Refunds of these intents fail (like the emulator's pm_card_refundFail). */
  readonly refundsFail = new Set<string>();

  async createRefund(input: CreateRefundInput): Promise<GatewayRefund> {
    this.answer();
    const known = this.refundKeys.get(input.idempotencyKey);
    if (known) return { ...known };
    const refund: GatewayRefund = {
      id: `re_fake_${this.refunds.length + 1}`,
      paymentIntentId: input.paymentIntentId,
      amountCents: input.amountCents,
      status: this.refundsFail.has(input.paymentIntentId) ? 'failed' : 'succeeded',
      failureReason: this.refundsFail.has(input.paymentIntentId) ? 'expired_or_canceled_card' : null,
    };
    this.refunds.push(refund);
    this.refundKeys.set(input.idempotencyKey, refund);
    return { ...refund };
  }

  async listRefunds(paymentIntentId: string): Promise<GatewayRefund[]> {
    this.answer();
    return this.refunds.filter((r) => r.paymentIntentId === paymentIntentId).map((r) => ({ ...r }));
  }

  succeed(id: string): void {
    this.intents.get(id)!.status = 'succeeded';
  }

  decline(id: string): void {
    Object.assign(this.intents.get(id)!, {
      status: 'requires_payment_method',
      lastError: { message: 'Your card was declined.', code: 'card_declined' },
    });
  }

  private answer(): void {
    if (this.down) throw new DomainError('unavailable', 'PAYMENTS.PROVIDER_UNAVAILABLE', 'The card payment service is not answering.');
  }
}

/** The projects rows payments reads: whose a project is and its name (what it owes is billing's). */
export class InMemoryProjectsForBilling extends ProjectsForBilling {
  readonly rows = new Map<number, BillableProject>();

  async find(projectId: number): Promise<BillableProject | null> {
    const p = this.rows.get(projectId);
    return p ? { ...p } : null;
  }

  findForUpdate(projectId: number): Promise<BillableProject | null> {
    return this.find(projectId);
  }
}

/**
 * Keeps a project's invoice in step the way the projects module does (ProjectTypeormRepository `bill`):
 * a project priced `priceCents`, of which services worth `creditCoveredCents` were paid with credits (a
 * service line paid with credits), with an optional deposit (CONTRACT §11: 'Deposit' then 'Balance').
 * Called again with a new price, it is the admin's edit of the project.
 */
export function billProject(
  billing: Billing,
  p: { id: number; clientId: number; name?: string; priceCents: number; creditCoveredCents?: number; depositCents?: number | null },
): Promise<ProjectBilling> {
  const credits = p.creditCoveredCents ?? 0;
  const line = (serviceId: number, description: string, cents: number, paidWithCredits: boolean) => ({
    serviceId,
    description,
    quantity: 1,
    unitPriceCents: cents,
    paidWithCredits,
  });
  const lines = credits
    ? [
        ...(p.priceCents > credits ? [line(1, 'Photo session', p.priceCents - credits, false)] : []),
        line(2, 'Album (paid with credits)', credits, true),
      ]
    : [];
  return billing.syncProject({
    projectId: p.id,
    clientId: p.clientId,
    name: p.name ?? `Project #${p.id}`,
    lines,
    priceWithoutLinesCents: p.priceCents,
    depositCents: p.depositCents ?? null,
    depositErrors: {
      notPositive: () => new Error('deposit not positive'),
      abovePrice: (cents) => new Error(`deposit above the price of ${cents} cents`),
    },
  });
}

/** The real PaymentLedger over an in-memory ledger and the real Billing (`billed`, shared with other fakes), for the modules that record or read payments. */
export function ledgerWithFakes(billed: BillingFakes = billingWithFakes()) {
  const payments = new InMemoryPayments();
  const audit = new InMemoryAuditTrail();
  const receipts = new RecordingReceiptIssuer();
  const studio = billed.studio;
  return { ...billed, ledger: new PaymentLedger(payments, audit, receipts, studio, billed.billing), payments, audit, receipts, studio };
}

/**
 * The real CardPayments, PaymentLedger and Refunds over in-memory ports and the real Billing, with the fakes
 * to arrange and inspect. Billing's events (InvoicePaidChanged) are kept apart from payments' (`events`):
 * `billingEvents`; the integrators' project.paid is in `webhooks`.
 */
export function cardPaymentsWithFakes(studio = new FixedStudioSettings()) {
  const { billing, invoices, webhooks, events: billingEvents } = billingWithFakes(studio);
  const gateway = new FakePaymentGateway();
  const intents = new InMemoryCardIntents();
  const payments = new InMemoryPayments();
  const projects = new InMemoryProjectsForBilling();
  const events = new RecordingEvents();
  const audit = new InMemoryAuditTrail();
  const receipts = new RecordingReceiptIssuer();
  const cards = new CardPayments(gateway, intents, payments, projects, immediateTx(), events, audit, receipts, studio, billing);
  const ledger = new PaymentLedger(payments, audit, receipts, studio, billing);
  const refundRows = new InMemoryRefunds();
  const refunds = new Refunds(gateway, payments, refundRows, projects, immediateTx(), events, audit, studio, billing);
  /** A completed payment already in the ledger and posted to its project's invoice, as CardPayments or PaymentLedger leave it. */
  async function addPosted(payment: Payment): Promise<number> {
    const paymentId = await payments.add(payment);
    if (payment.projectId !== null)
      await billing.postPayment({
        projectId: payment.projectId,
        paymentId,
        amountCents: payment.amount.cents,
        method: payment.stripePaymentId ? 'card' : 'manual',
        exact: false,
      });
    return paymentId;
  }
  return {
    cards,
    ledger,
    refunds,
    refundRows,
    gateway,
    intents,
    payments,
    projects,
    events,
    audit,
    receipts,
    studio,
    billing,
    invoices,
    webhooks,
    billingEvents,
    addPosted,
  };
}
