import { Injectable } from '@nestjs/common';
import { UserRepository, type User } from '../../../clients';
import { BundlePaymentSucceeded, CardPayments, PaymentLedger } from '../../../payments';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { amountText, creditsText, quoted } from '../../../../shared/audit/summary';
import { Money } from '../../../../shared/domain/money';
import { RuleViolatedError } from '../../../../shared/errors/domain-error';
import { DomainEventHandler, HandlesDomainEvent } from '../../../../shared/events/domain-events';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { StudioSettings } from '../../../studio';
import { bundleNotFound } from '../bundles/bundle-catalogue';
import { BundleRepository } from '../ports/bundle.repository';
import { CreditAccountRepository } from '../ports/credit-account.repository';

const notAvailable = () => new RuleViolatedError('CREDITS.BUNDLE_INACTIVE', 'This bundle is not available for purchase');
const wrongAmount = () => new RuleViolatedError('CREDITS.AMOUNT_MISMATCH', 'The amount does not match the bundle price');
const noPayment = () => new RuleViolatedError('CREDITS.NO_PAYMENT', 'No completed payment was found for this bundle');

export interface PurchaseResult {
  success: true;
  creditsAdded: number;
  creditBalance: number;
}

/**
 * CONTRACT §4: buying a bundle by card. The intent is for the bundle's own price; credits are added
 * only for this user's succeeded intent for that bundle, once per provider payment id, whether the
 * browser's purchase call or the webhook (payments' BundlePaymentSucceeded) comes first.
 */
@Injectable()
@HandlesDomainEvent(BundlePaymentSucceeded)
export class PurchaseCreditsHandler implements DomainEventHandler<BundlePaymentSucceeded> {
  constructor(
    private readonly bundles: BundleRepository,
    private readonly accounts: CreditAccountRepository,
    private readonly cards: CardPayments,
    private readonly tx: TransactionHost,
    private readonly audit: AuditTrail,
    private readonly users: UserRepository,
    private readonly ledger: PaymentLedger,
    private readonly studio: StudioSettings,
  ) {}

  /** The webhook's news of a paid bundle, published by payments. */
  async handle(payment: BundlePaymentSucceeded): Promise<void> {
    await this.credit(payment);
  }

  async startPurchase(
    user: User,
    bundleId: number,
    amount?: Money,
  ): Promise<{ clientSecret: string; amount: Money; paymentIntentId: string }> {
    const bundle = await this.bundles.find(bundleId);
    if (!bundle) throw bundleNotFound();
    if (!bundle.props.isActive) throw notAvailable();
    if (amount && !amount.equals(bundle.props.price)) throw wrongAmount();
    return this.cards.createCreditsIntent(
      user,
      { id: bundle.id, creditAmount: bundle.props.creditAmount, priceCents: bundle.props.price.cents },
      await this.accounts.purchasesOf(user.id, bundle.id),
    );
  }

  /** Without `stripePaymentId`, this user's latest succeeded intent for the bundle that was not credited yet. */
  async purchase(user: User, bundleId: number, stripePaymentId?: string): Promise<PurchaseResult> {
    const succeeded = await this.cards.succeededBundlePayments(user, bundleId, stripePaymentId);
    let chosen: BundlePaymentSucceeded | undefined = succeeded[0];
    if (!stripePaymentId) {
      const credited = await this.accounts.creditedAmong(succeeded.map((p) => p.paymentIntentId));
      chosen = succeeded.find((p) => !credited.has(p.paymentIntentId));
      if (!chosen && succeeded.length) return { success: true, creditsAdded: 0, creditBalance: await this.accounts.balanceOf(user.id) };
    }
    if (!chosen) throw noPayment();
    return this.credit(chosen);
  }

  private credit(payment: BundlePaymentSucceeded): Promise<PurchaseResult> {
    return this.tx.run(async () => {
      const account = await this.accounts.loadForUpdate(payment.userId);
      // The balance row is locked: checking and crediting cannot interleave for this user.
      if (await this.accounts.isCredited(payment.paymentIntentId))
        return { success: true as const, creditsAdded: 0, creditBalance: account.balance };
      const credits = payment.creditAmount;
      account.purchase(credits, payment.bundleId, payment.paymentIntentId, 'Credit bundle purchase');
      await this.accounts.save(account);
      // The purchase is a payment too (CONTRACT §11): Payment History, revenue, a receipt, refunds.
      await this.ledger.recordBundlePurchase({
        bundleId: payment.bundleId,
        clientId: payment.userId,
        amount: Money.ofCents(payment.amountCents),
        providerPaymentId: payment.paymentIntentId,
      });
      // Whether the buyer's browser or the card provider's webhook (no signed-in actor) reports it first.
      const buyer = await this.users.findById(payment.userId);
      const bundle = await this.bundles.find(payment.bundleId);
      await this.audit.record({
        action: 'credits.purchased',
        targetType: 'client',
        targetId: payment.userId,
        summary:
          `${buyer ? quoted(buyer.username) : `Client #${payment.userId}`} bought ${creditsText(credits)}` +
          `${bundle ? ` (bundle ${quoted(bundle.props.name)})` : ''} for ${amountText(Money.ofCents(payment.amountCents), (await this.studio.current()).money)}` +
          ` by card (${payment.paymentIntentId}); balance ${account.balance}`,
      });
      return { success: true as const, creditsAdded: credits, creditBalance: account.balance };
    });
  }
}
