import { Money } from '../../../shared/domain/money';
import { DEFAULT_MONEY_STYLE, formatMoney, type MoneyStyle } from '../../../shared/domain/money-format';
import { RuleViolatedError } from '../../../shared/errors/domain-error';

/** Which part of a project a card payment pays (CONTRACT §11). */
export const PAYMENT_PARTS = ['deposit', 'balance'] as const;
export type PaymentPart = (typeof PAYMENT_PARTS)[number];

/** What deciding a part needs to know of a project. */
export interface DepositTerms {
  priceCents: number;
  /** The deposit asked, null when none. */
  depositCents: number | null;
}

/**
 * The deposit the client is asked for now (decision 0033), or null: while nothing is paid (the unpaid
 * remainder is still the whole price: no card or manual payment, no service paid with credits) a
 * project with a deposit asks for it, at most what is owed; once anything is paid the rest is the balance.
 */
export function depositDue(terms: DepositTerms, unpaid: Money): Money | null {
  if (terms.depositCents === null || unpaid.isZero() || unpaid.cents < terms.priceCents) return null;
  return Money.ofCents(Math.min(terms.depositCents, unpaid.cents));
}

/**
 * The amount a card payment of `part` charges. No part: the part the card button offers (the deposit
 * while it is due, else the balance). 'balance' is everything still owed (paying in full is always
 * allowed); 'deposit' is refused when the project has none or something is already paid.
 */
export function amountOfPart(
  terms: DepositTerms,
  unpaid: Money,
  part?: PaymentPart,
  /** How the studio writes money, for the refusal's message. */
  style: MoneyStyle = DEFAULT_MONEY_STYLE,
): { part: PaymentPart; amount: Money } {
  const deposit = depositDue(terms, unpaid);
  if (part === 'deposit') {
    if (terms.depositCents === null) throw noDeposit();
    if (deposit === null) throw depositAlreadyPaid(unpaid, style);
    return { part, amount: deposit };
  }
  if (part === undefined && deposit !== null) return { part: 'deposit', amount: deposit };
  return { part: 'balance', amount: unpaid };
}

export const noDeposit = () =>
  new RuleViolatedError('PAYMENTS.NO_DEPOSIT', 'This project has no deposit to pay', { part: 'This project has no deposit to pay' });

export const depositAlreadyPaid = (unpaid: Money, style: MoneyStyle = DEFAULT_MONEY_STYLE) => {
  const message = `A payment has already been made on this project: pay the balance of ${formatMoney(unpaid.cents, style)}`;
  return new RuleViolatedError('PAYMENTS.DEPOSIT_ALREADY_PAID', message, { part: message });
};
