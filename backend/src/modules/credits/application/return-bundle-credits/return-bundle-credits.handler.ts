import { Injectable } from '@nestjs/common';
import { BundlePaymentRefunded } from '../../../payments';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { creditsText } from '../../../../shared/audit/summary';
import { RuleViolatedError } from '../../../../shared/errors/domain-error';
import { DomainEventHandler, HandlesDomainEvent } from '../../../../shared/events/domain-events';
import { CreditAccountRepository } from '../ports/credit-account.repository';

export const balanceBelowRefund = (balance: number, credits: number) =>
  new RuleViolatedError(
    'CREDITS.BALANCE_BELOW_REFUND',
    `The client has ${creditsText(balance)} left, fewer than the ${creditsText(credits)} this purchase gave: it cannot be refunded`,
  );

/**
 * CONTRACT §11: a refunded bundle purchase takes its credits back, as a `refund` entry of the ledger, in
 * the transaction of the refund (payments publishes BundlePaymentRefunded with the payment's row locked;
 * this locks the balance row next, the order every refund takes). The studio's refund is refused when
 * the balance is below the credits the purchase gave; a refund the provider reports (already made)
 * takes what the balance holds.
 */
@Injectable()
@HandlesDomainEvent(BundlePaymentRefunded)
export class ReturnBundleCreditsHandler implements DomainEventHandler<BundlePaymentRefunded> {
  constructor(
    private readonly accounts: CreditAccountRepository,
    private readonly audit: AuditTrail,
  ) {}

  async handle(refund: BundlePaymentRefunded): Promise<void> {
    const account = await this.accounts.loadForUpdate(refund.userId);
    const credits = await this.accounts.purchasedWith(refund.providerPaymentId);
    if (credits === 0) return;
    if (refund.strict && account.balance < credits) throw balanceBelowRefund(account.balance, credits);
    const taken = Math.min(credits, account.balance);
    if (taken === 0) return;
    account.refund(taken, refund.bundleId, 'Credit bundle refunded');
    await this.accounts.save(account);
    await this.audit.record({
      action: 'credits.adjusted',
      targetType: 'client',
      targetId: refund.userId,
      summary:
        `Took back ${creditsText(taken)} of a refunded bundle purchase (payment #${refund.paymentId})` +
        `${taken < credits ? `, of the ${creditsText(credits)} it gave (the balance held no more)` : ''}; balance ${account.balance}`,
    });
  }
}
