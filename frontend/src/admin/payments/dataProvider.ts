import type { SortPayload } from 'react-admin';
import { httpClient } from '../providers/httpClient';
import { DEFAULT_PAYMENT_SORT, listQuery } from './paymentFilters';
import type { PaymentsFilter, PaymentsSummary } from './types';

/** Name used when the server gives none. */
export const DEFAULT_EXPORT_FILENAME = 'payments.csv';

/** The Payment History page's own calls (its chunk, not the back office's dataProvider). */
export const paymentsMethods = {
  /** GET /api/payments/summary?filter=...: total and count of every payment matching the filter. */
  async getPaymentsSummary(filter: PaymentsFilter): Promise<{ data: PaymentsSummary }> {
    const { json } = await httpClient(`/api/payments/summary?${listQuery(filter)}`);
    const body = json as Partial<PaymentsSummary>;
    return { data: { total: Number(body.total ?? 0), count: Number(body.count ?? 0) } };
  },

  /** GET /api/payments/export.csv?filter=...&sort=...: downloads the CSV of the filtered payments. */
  async exportPaymentsCsv(
    filter: PaymentsFilter,
    sort: SortPayload = DEFAULT_PAYMENT_SORT,
  ): Promise<{ data: { filename: string; size: number } }> {
    // the download helper loads with the first export: /admin/payments' first load is at its budget (decision 0026)
    const data = await (
      await import('./download')
    ).downloadFile(`/api/payments/export.csv?${listQuery(filter, sort)}`, DEFAULT_EXPORT_FILENAME);
    return { data };
  },
};

export type PaymentsMethods = typeof paymentsMethods;

/** The page's calls (tests replace them with `fakeApi`). */
export function usePaymentsApi(): PaymentsMethods {
  return paymentsMethods;
}
