import type { PaymentPart, Project } from '../../../shared/api/schema';
import { formatCurrency } from '../../../shared/ui/formatters';

type Billed = Pick<Project, 'depositDue' | 'depositAmount' | 'amountPaid' | 'unpaidAmount'>;

/**
 * The part the card button pays (CONTRACT §11, decision 0033): on a project with a deposit, the deposit
 * while the server says it is due, else the balance (everything still owed); none on a project without
 * a deposit (the server then charges what is owed, as before deposits).
 */
export function paymentPartOf(project: Billed): PaymentPart | undefined {
  if (project.depositAmount == null) return undefined;
  return project.depositDue != null ? 'deposit' : 'balance';
}

/**
 * The card button's text: 'Pay Deposit $X.XX' while the deposit is due; 'Pay Balance $Y.YY' once
 * something is paid on a project with a deposit, or after any earlier payment in money; otherwise
 * CONTRACT §7's 'Pay with Card'.
 */
export function cardButtonLabel(project: Billed): string {
  if (project.depositDue != null) return `Pay Deposit ${formatCurrency(project.depositDue)}`;
  if (project.depositAmount != null || (project.amountPaid ?? 0) > 0) return `Pay Balance ${formatCurrency(project.unpaidAmount)}`;
  return 'Pay with Card';
}
