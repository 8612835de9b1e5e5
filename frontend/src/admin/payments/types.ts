/** A payment as GET /api/payments returns it (docs/api/back-office.md, Payments). */
export interface Payment {
  id: number;
  projectId: number | null;
  projectName: string;
  clientId: number | null;
  clientName: string;
  amount: number;
  paymentDate: string;
  stripePaymentId: string | null;
  status: 'pending' | 'completed' | 'failed' | string;
  note?: string | null;
  method: 'Stripe' | 'Manual' | string;
}

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
export interface PaymentsSummary {
  total: number;
  count: number;
}
