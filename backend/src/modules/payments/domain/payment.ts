import { Money } from '../../../shared/domain/money';

export type PaymentStatus = 'pending' | 'completed' | 'failed';
export const DEFAULT_MANUAL_NOTE = 'Marked as paid by admin';

/**
 * A payment towards a project, or the purchase of a credit bundle (CONTRACT §11): exactly one of
 * `projectId` and `bundleId` is set. Manual payments (the admin's mark-paid) have no card-provider id and
 * are completed at once; card payments carry the provider's id, unique across payments.
 */
export class Payment {
  private constructor(
    readonly projectId: number | null,
    readonly clientId: number,
    readonly amount: Money,
    readonly status: PaymentStatus,
    readonly note: string | null,
    readonly stripePaymentId: string | null,
    readonly bundleId: number | null = null,
  ) {}

  static manual(projectId: number, clientId: number, amount: Money, note?: string | null): Payment {
    const text = note?.trim();
    return new Payment(projectId, clientId, amount, 'completed', text ? text : DEFAULT_MANUAL_NOTE, null);
  }

  /** A completed card payment, identified by the provider's payment id (unique across payments). */
  static card(projectId: number, clientId: number, amount: Money, stripePaymentId: string): Payment {
    return new Payment(projectId, clientId, amount, 'completed', null, stripePaymentId);
  }

  /** A credit bundle bought by card: a completed payment with no project. */
  static bundle(bundleId: number, clientId: number, amount: Money, stripePaymentId: string): Payment {
    return new Payment(null, clientId, amount, 'completed', null, stripePaymentId, bundleId);
  }

  /** 'Stripe' when a card-provider id exists, otherwise 'Manual' (spec §2, CONTRACT §7). */
  static methodOf(stripePaymentId: string | null): 'Stripe' | 'Manual' {
    return stripePaymentId ? 'Stripe' : 'Manual';
  }
}
