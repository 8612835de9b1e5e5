import type { Project } from '../../../shared/api/schema';
import { formatCurrency } from '../../../shared/ui/formatters';
import type { CardPaymentPart, NextInstallment } from '../invoices/types';

type Billed = Pick<Project, 'depositDue' | 'depositAmount' | 'amountPaid' | 'unpaidAmount'> & {
  /** CONTRACT §14: the next installment still owed (null when nothing is; absent from older answers) */
  nextInstallment?: NextInstallment | null;
};

/** A schedule of more than one installment with something owed: §14's button rules apply. */
function scheduled(project: Billed): NextInstallment | null {
  const next = project.nextInstallment;
  return next && next.count > 1 ? next : null;
}

const isDeposit = (next: NextInstallment) => next.number === 1 && next.label === 'Deposit';

/**
 * The part the card button pays. On a schedule of several installments (CONTRACT §14): the deposit
 * when the next one is a deposit, the balance when it is the last one, else the next installment. Else
 * (§11, decision 0033): on a project with a deposit, the deposit while the server says it is due, else
 * the balance; none on a project without a deposit (the server then charges what is owed).
 */
export function paymentPartOf(project: Billed): CardPaymentPart | undefined {
  const next = scheduled(project);
  if (next) {
    if (isDeposit(next)) return 'deposit';
    return next.number === next.count ? 'balance' : 'next';
  }
  if (project.depositAmount == null) return undefined;
  return project.depositDue != null ? 'deposit' : 'balance';
}

/**
 * The card button's text. On a schedule of several installments (CONTRACT §14): 'Pay Deposit $X.XX',
 * 'Pay Installment 2 of 3 — $Y.YY', or 'Pay Balance $Z.ZZ' on the last one. Else (one payment, §11):
 * 'Pay Deposit $X.XX' while the deposit is due; 'Pay Balance $Y.YY' once something is paid on a project
 * with a deposit, or after any earlier payment in money; otherwise CONTRACT §7's 'Pay with Card'.
 */
export function cardButtonLabel(project: Billed): string {
  const next = scheduled(project);
  if (next) {
    if (isDeposit(next)) return `Pay Deposit ${formatCurrency(next.amount)}`;
    if (next.number === next.count) return `Pay Balance ${formatCurrency(project.unpaidAmount)}`;
    return `Pay Installment ${next.number} of ${next.count} — ${formatCurrency(next.amount)}`;
  }
  if (project.depositDue != null) return `Pay Deposit ${formatCurrency(project.depositDue)}`;
  if (project.depositAmount != null || (project.amountPaid ?? 0) > 0) return `Pay Balance ${formatCurrency(project.unpaidAmount)}`;
  return 'Pay with Card';
}

/**
 * The secondary action 'Pay everything owed ($Z.ZZ)' (CONTRACT §14): on a schedule of several
 * installments whose next one is less than what is owed; null otherwise. It pays the part 'balance'.
 */
export function payEverythingLabel(project: Billed): string | null {
  const next = scheduled(project);
  if (!next || !(next.amount < project.unpaidAmount)) return null;
  return `Pay everything owed (${formatCurrency(project.unpaidAmount)})`;
}

/**
 * The project card's line about the next installment: 'Next: Installment 2 of 3 — $Y.YY due Mar 3',
 * 'Next: Deposit $X.XX due Mar 3', or '$X.XX due Mar 3' for a single payment; null when nothing is owed.
 */
export function nextInstallmentText(next: NextInstallment | null | undefined, dueDate: string): string | null {
  if (!next) return null;
  const amount = formatCurrency(next.amount);
  const due = dueDate ? ` due ${dueDate}` : '';
  if (next.count <= 1) return `${amount}${due}`;
  if (isDeposit(next)) return `Next: Deposit ${amount}${due}`;
  return `Next: Installment ${next.number} of ${next.count} — ${amount}${due}`;
}
