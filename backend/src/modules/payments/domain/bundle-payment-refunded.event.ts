/**
 * A credit bundle's purchase is being refunded in full, in the transaction that records the refund:
 * the credits it gave go back (a `refund` entry in the ledger). `strict` when the studio asks for the
 * refund: the credits module then refuses it (and so the refund) when the client's balance is below
 * those credits. A refund made at the provider (Stripe's dashboard, reported by `charge.refunded`) has
 * already given the money back: then as many of the credits as the balance holds are taken.
 */
export class BundlePaymentRefunded {
  readonly paymentId: number;
  readonly userId: number;
  readonly bundleId: number;
  /** The provider's payment id of the purchase (its ledger entry carries it). */
  readonly providerPaymentId: string;
  readonly strict: boolean;

  constructor(props: { paymentId: number; userId: number; bundleId: number; providerPaymentId: string; strict: boolean }) {
    this.paymentId = props.paymentId;
    this.userId = props.userId;
    this.bundleId = props.bundleId;
    this.providerPaymentId = props.providerPaymentId;
    this.strict = props.strict;
  }
}
