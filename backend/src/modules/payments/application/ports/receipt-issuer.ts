/**
 * Port: what happens to a payment's receipt once the payment has completed (its number is already
 * taken by then, in the same transaction): the client is e-mailed it. Called inside the transaction
 * that recorded the completed payment, once per payment.
 */
export abstract class ReceiptIssuer {
  abstract issue(paymentId: number): Promise<void>;
}
