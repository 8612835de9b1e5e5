import type { Money } from '../../../../shared/domain/money';
import type { RefundStatus } from '../../domain/refund';

export interface NewRefund {
  paymentId: number;
  amount: Money;
  reason: string;
  status: RefundStatus;
  /** The gateway's refund id (`re_…`); null for a manual payment's refund. Unique: a refund is recorded once. */
  providerRefundId: string | null;
  /** The admin who asked for it; null when the provider reported it. */
  createdBy: number | null;
}

export interface RefundRecord {
  id: number;
  paymentId: number;
  amount: Money;
  reason: string;
  status: RefundStatus;
  providerRefundId: string | null;
  createdAt: Date;
}

/** Port: the refunds of payments. Rows are only ever added. */
export abstract class RefundRepository {
  /** Adds the refund unless one with its provider refund id exists; answers it, or null when it was recorded before. */
  abstract addOnce(refund: NewRefund): Promise<RefundRecord | null>;
  /** The provider refund ids already recorded for the payment. */
  abstract providerIdsOf(paymentId: number): Promise<Set<string>>;
  /** The payment's refunds, oldest first. */
  abstract ofPayment(paymentId: number): Promise<RefundRecord[]>;
}
