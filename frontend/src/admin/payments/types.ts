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

/** GET /api/payments/summary */
export type PaymentsSummary = Api.PaymentSummary;
