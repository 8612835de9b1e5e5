import { formatMoney, type MoneyStyle } from '../../../shared/domain/money-format';
import { RuleViolatedError } from '../../../shared/errors/domain-error';
import type { InstallmentState } from './invoice';

/** What a client asks to pay (CONTRACT §14): the next installment (the default), the deposit, or everything owed. */
export const PAYMENT_REQUESTS = ['next', 'deposit', 'balance'] as const;
export type PaymentRequest = (typeof PAYMENT_REQUESTS)[number];
/** What a card payment was started for: the deposit, one installment, or everything owed. */
export const PAYMENT_PARTS = ['deposit', 'installment', 'balance'] as const;
export type PaymentPart = (typeof PAYMENT_PARTS)[number];

export const nothingDue = () => new RuleViolatedError('PAYMENTS.NOTHING_DUE', 'No payment is due for this project');
export const noDeposit = () =>
  new RuleViolatedError('PAYMENTS.NO_DEPOSIT', 'This project has no deposit to pay', { part: 'This project has no deposit to pay' });
export const depositAlreadyPaid = (dueCents: number, style: MoneyStyle) => {
  const message = `A payment has already been made on this project: pay the balance of ${formatMoney(dueCents, style)}`;
  return new RuleViolatedError('PAYMENTS.DEPOSIT_ALREADY_PAID', message, { part: message });
};

/**
 * The amount a card payment of `request` charges, from the invoice's state: the next installment's
 * remainder, the deposit's (the first installment, labelled 'Deposit'), or everything owed.
 */
export function amountToPay(
  state: { dueCents: number; depositCents: number | null; installments: readonly InstallmentState[] },
  request: PaymentRequest | undefined,
  style: MoneyStyle,
): { part: PaymentPart; amountCents: number } {
  if (state.dueCents === 0) throw nothingDue();
  const next = state.installments.find((i) => i.remainingCents > 0);
  const first = state.installments[0];
  if (request === 'balance' || !next) return { part: 'balance', amountCents: state.dueCents };
  if (request === 'deposit') {
    if (state.depositCents === null) throw noDeposit();
    if (!first || first.remainingCents === 0) throw depositAlreadyPaid(state.dueCents, style);
    return { part: 'deposit', amountCents: Math.min(first.remainingCents, state.dueCents) };
  }
  const amountCents = Math.min(next.remainingCents, state.dueCents);
  if (amountCents === state.dueCents) return { part: 'balance', amountCents };
  return { part: next.number === 1 && state.depositCents !== null ? 'deposit' : 'installment', amountCents };
}
