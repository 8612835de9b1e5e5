import type { Receipt } from '../../domain/receipt';

/** Port: reads receipts (in the caller's transaction when one is open, so a payment just completed is seen). */
export abstract class ReceiptRepository {
  /** The receipt of a completed payment; null when there is no such payment or it has no receipt (not completed). */
  abstract find(paymentId: number): Promise<Receipt | null>;
}
