import type * as Api from '../../shared/api/schema';

/** A payment as GET /api/payments returns it (docs/api/back-office.md, Payments). */
export type Payment = Api.Payment;

/** The filter the page sends to the list, the summary and the export (same keys everywhere). */
export interface PaymentsFilter {
  q?: string;
  /** one day, 'YYYY-MM-DD', read in `tz` */
  day?: string;
  /** the browser's IANA time zone, e.g. 'Europe/Paris' */
  tz?: string;
  status?: string;
}

/** A refund of a payment (POST/GET /api/payments/{id}/refunds). */
export type Refund = Api.Refund;

/** What the refund dialog sends: the amount in dollars (all that is refundable when absent) and the reason. */
export interface NewRefund {
  amount?: number;
  reason: string;
}

/** What is still refundable of a payment, in dollars (cents kept exact). */
export const refundableOf = (p: Pick<Payment, 'amount' | 'refundedAmount'>): number =>
  Math.max(0, Math.round(p.amount * 100) - Math.round((p.refundedAmount ?? 0) * 100)) / 100;

/** Completed payments with something left to refund take a 'Refund' (pending and failed ones do not). */
export const isRefundable = (p: Payment): boolean => (p.status === 'completed' || p.status === 'partially_refunded') && refundableOf(p) > 0;

/** GET /api/payments/summary */
export type PaymentsSummary = Api.PaymentSummary;
