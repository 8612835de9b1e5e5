import type { Money } from '../../../../shared/domain/money';
import type { Payment } from '../../domain/payment';
import type { RefundablePayment } from '../../domain/refund';

/** Port: the payments ledger. Rows are only ever added; nothing deletes them (CONTRACT §6). */
export abstract class PaymentRepository {
  abstract add(payment: Payment): Promise<number>;
  /** Adds a card payment unless one with its provider id exists; answers its id, or null when it was not added. */
  abstract addOnce(payment: Payment): Promise<number | null>;
  /** The payment with its row locked until the open transaction ends; null when there is none. */
  abstract findForRefund(paymentId: number): Promise<RefundablePayment | null>;
  /** The payment with this card-provider id, unlocked; null when there is none. */
  abstract findByProviderId(providerPaymentId: string): Promise<RefundablePayment | null>;
  /** Adds a refund to the payment's refunded total (in the transaction that recorded the refund). */
  abstract addRefunded(paymentId: number, amount: Money): Promise<void>;
}
