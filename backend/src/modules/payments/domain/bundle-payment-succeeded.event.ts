import type { IntentRecord } from './card-payment';

/**
 * A card payment for a credit bundle succeeded: the provider says so, for the amount, currency, user
 * and bundle of the intent this portal created (verifyIntent). The provider may report one payment
 * more than once (webhook retries), so a subscriber acts once per `paymentIntentId`.
 */
export class BundlePaymentSucceeded {
  /** The provider's payment id. */
  readonly paymentIntentId: string;
  /** The client who paid, and whose credits they are. */
  readonly userId: number;
  readonly bundleId: number;
  /** The credits the bundle's price bought when the intent was created. */
  readonly creditAmount: number;
  readonly amountCents: number;

  constructor(props: { paymentIntentId: string; userId: number; bundleId: number; creditAmount: number; amountCents: number }) {
    this.paymentIntentId = props.paymentIntentId;
    this.userId = props.userId;
    this.bundleId = props.bundleId;
    this.creditAmount = props.creditAmount;
    this.amountCents = props.amountCents;
  }

  /** From a verified intent to buy a bundle (createCreditsIntent records its bundle and credits). */
  static of(record: IntentRecord): BundlePaymentSucceeded {
    if (record.purpose !== 'credits') throw new Error(`intent ${record.id} does not buy credits`);
    return new BundlePaymentSucceeded({
      paymentIntentId: record.id,
      userId: record.userId,
      bundleId: record.bundleId!,
      // A missing amount credits nothing: the credit account refuses an amount below 1.
      creditAmount: record.creditAmount ?? 0,
      amountCents: record.amountCents,
    });
  }
}
