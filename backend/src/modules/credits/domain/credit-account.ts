import { RuleViolatedError } from '../../../shared/errors/domain-error';

export type CreditTransactionType = 'purchase' | 'redemption' | 'adjustment-add' | 'adjustment-remove' | 'refund';

export interface CreditEntry {
  type: CreditTransactionType;
  /** Always a positive whole number; the type gives the sign. */
  amount: number;
  description?: string | null;
  bundleId?: number | null;
  projectId?: number | null;
  stripePaymentId?: string | null;
}

/** +amount for purchases and admin additions, −amount for redemptions, admin removals and refunded bundles (spec §2). */
export function signedAmount(entry: Pick<CreditEntry, 'type' | 'amount'>): number {
  return entry.type === 'purchase' || entry.type === 'adjustment-add' ? entry.amount : -entry.amount;
}

export const insufficientCredits = () => new RuleViolatedError('CREDITS.INSUFFICIENT_BALANCE', 'Insufficient credits');

/**
 * A client's credits. The balance changes only by appending ledger entries, and never goes below
 * zero; the entries appended since loading are what the repository writes, with the new balance.
 */
export class CreditAccount {
  private readonly appended: CreditEntry[] = [];

  private constructor(
    readonly userId: number,
    private balanceValue: number,
  ) {}

  static open(userId: number, balance: number): CreditAccount {
    if (!Number.isSafeInteger(balance) || balance < 0) throw new Error(`corrupt balance ${balance} for user ${userId}`);
    return new CreditAccount(userId, balance);
  }

  get balance(): number {
    return this.balanceValue;
  }

  /** Entries appended since the account was opened, oldest first. */
  get newEntries(): readonly CreditEntry[] {
    return this.appended;
  }

  purchase(amount: number, bundleId: number, stripePaymentId: string, description?: string): CreditEntry {
    return this.append({ type: 'purchase', amount, bundleId, stripePaymentId, description });
  }

  redeem(amount: number, projectId: number, description?: string): CreditEntry {
    if (this.balanceValue < amount) throw insufficientCredits();
    return this.append({ type: 'redemption', amount, projectId, description });
  }

  /** A refunded bundle purchase takes back its credits; never below zero (the caller decides how many). */
  refund(amount: number, bundleId: number, description?: string): CreditEntry {
    if (this.balanceValue < amount) throw insufficientCredits();
    return this.append({ type: 'refund', amount, bundleId, description });
  }

  adjust(type: 'add' | 'remove', amount: number, description?: string): CreditEntry {
    if (type === 'remove' && amount > this.balanceValue) {
      throw new RuleViolatedError(
        'CREDITS.REMOVAL_ABOVE_BALANCE',
        `Cannot remove more credits than the client has (balance: ${this.balanceValue})`,
        { amount: `Cannot remove more credits than the client has (balance: ${this.balanceValue})` },
      );
    }
    return this.append({ type: type === 'add' ? 'adjustment-add' : 'adjustment-remove', amount, description });
  }

  private append(entry: CreditEntry): CreditEntry {
    if (!Number.isSafeInteger(entry.amount) || entry.amount < 1) {
      throw new RuleViolatedError('CREDITS.BAD_AMOUNT', 'Amount must be at least 1', { amount: 'Amount must be at least 1' });
    }
    const next = this.balanceValue + signedAmount(entry);
    if (next < 0) throw insufficientCredits();
    this.balanceValue = next;
    this.appended.push(entry);
    return entry;
  }
}
