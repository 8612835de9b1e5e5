import { amountText } from '../../../shared/audit/summary';
import { Money } from '../../../shared/domain/money';
import { DEFAULT_MONEY_STYLE, type MoneyStyle } from '../../../shared/domain/money-format';
import { NotFoundError, RuleViolatedError } from '../../../shared/errors/domain-error';
import type { PaymentStatus } from './payment';

/** A refund as the gateway leaves it: `failed` ones never count (decision 0032). */
export type RefundStatus = 'succeeded' | 'pending' | 'failed';

/** A payment's status as the API shows it: a completed payment with refunds is partially refunded or refunded. */
export type ShownPaymentStatus = PaymentStatus | 'partially_refunded' | 'refunded';
export const SHOWN_PAYMENT_STATUSES: readonly ShownPaymentStatus[] = ['pending', 'completed', 'partially_refunded', 'refunded', 'failed'];

/** The longest reason a refund keeps. */
export const REFUND_REASON_MAX = 500;

export function shownStatus(status: PaymentStatus, amountCents: number, refundedCents: number): ShownPaymentStatus {
  if (status !== 'completed' || refundedCents <= 0) return status;
  return refundedCents >= amountCents ? 'refunded' : 'partially_refunded';
}

/** What refunding needs to know of a payment (its row locked while a refund is decided). */
export interface RefundablePayment {
  id: number;
  projectId: number | null;
  bundleId: number | null;
  clientId: number | null;
  amount: Money;
  /** The sum of its refunds that did not fail. */
  refunded: Money;
  status: PaymentStatus;
  /** The card provider's payment id; null for a manual payment. */
  providerPaymentId: string | null;
}

export const paymentNotFound = () => new NotFoundError('PAYMENTS.NOT_FOUND', 'Payment not found');

/** What is still refundable: the amount less the refunds that did not fail. */
export function refundableRest(payment: Pick<RefundablePayment, 'amount' | 'refunded'>): Money {
  return payment.amount.minusFloored(payment.refunded);
}

/**
 * The amount of a refund the studio asks for (CONTRACT §11): by default all that is still refundable;
 * above 0 and not above that rest; only of a completed payment; a credit bundle's purchase only whole
 * (its credits go back whole, decision 0032). Throws the refusal the admin reads otherwise.
 */
export function refundAmount(payment: RefundablePayment, requested?: Money, style: MoneyStyle = DEFAULT_MONEY_STYLE): Money {
  if (payment.status !== 'completed') {
    throw new RuleViolatedError('PAYMENTS.NOT_REFUNDABLE', `Only a completed payment can be refunded; this one is ${payment.status}`);
  }
  const rest = refundableRest(payment);
  if (rest.isZero()) throw new RuleViolatedError('PAYMENTS.ALREADY_REFUNDED', 'This payment has already been refunded in full');
  const amount = requested ?? rest;
  if (amount.isZero()) {
    const message = 'Refund amount must be more than 0';
    throw new RuleViolatedError('PAYMENTS.BAD_REFUND_AMOUNT', message, { amount: message });
  }
  if (amount.cents > rest.cents) {
    const message = `The refund cannot be more than the ${amountText(rest, style)} still refundable`;
    throw new RuleViolatedError('PAYMENTS.REFUND_ABOVE_REFUNDABLE', message, { amount: message });
  }
  if (payment.bundleId !== null && !amount.equals(rest)) {
    const message = `A credit bundle purchase is refunded in full (${amountText(rest, style)}), with its credits`;
    throw new RuleViolatedError('PAYMENTS.PARTIAL_BUNDLE_REFUND', message, { amount: message });
  }
  return amount;
}
