import type { CreditAccount } from '../../domain/credit-account';

/** Port: balances and the ledger. */
export abstract class CreditAccountRepository {
  /** The client's account with its balance row locked until the open transaction ends (created at 0 if new). */
  abstract loadForUpdate(userId: number): Promise<CreditAccount>;
  /** Appends the account's new entries and stores the new balance, in the open transaction. */
  abstract save(account: CreditAccount): Promise<void>;
  /** Has a purchase already been credited for this provider payment id? */
  abstract isCredited(stripePaymentId: string): Promise<boolean>;
  /** Which of these provider payment ids have had their purchase credited (one read for them all). */
  abstract creditedAmong(stripePaymentIds: string[]): Promise<Set<string>>;
  /**
   * How many purchases of the bundle the user has had credited, and refunded (a purchase after a refund is a
   * new payment: the count names the next purchase's intent).
   */
  abstract purchasesOf(userId: number, bundleId: number): Promise<number>;
  abstract balanceOf(userId: number): Promise<number>;
  /** The credits the purchase paid with this provider payment id gave; 0 when there is none. */
  abstract purchasedWith(stripePaymentId: string): Promise<number>;
}
