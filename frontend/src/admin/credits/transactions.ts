import type { CreditTransaction } from './types';

/** Spec §2: purchase 'Purchase', redemption 'Redemption', adjustment-add 'Admin Added', adjustment-remove 'Admin Removed'. */
export const TRANSACTION_LABELS: Record<string, string> = {
  purchase: 'Purchase',
  redemption: 'Redemption',
  'adjustment-add': 'Admin Added',
  'adjustment-remove': 'Admin Removed',
  // CONTRACT §11: a refunded bundle purchase takes its credits back.
  refund: 'Refunded',
};

export const transactionLabel = (type: string) => TRANSACTION_LABELS[type] ?? type;

/** Purchases and admin additions add credits; every other type subtracts. */
export const isCredit = (type: string) => type === 'purchase' || type === 'adjustment-add';

/** '+5' or '-2'. */
export function signedAmount(t: Pick<CreditTransaction, 'amount' | 'type'>): string {
  return `${isCredit(t.type) ? '+' : '-'}${Math.abs(t.amount)}`;
}
