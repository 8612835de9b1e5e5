import { dataOf, http } from '../../../shared/api/client';
import type { InvoiceDetail, InvoiceSummary } from './types';

/** The client's invoice calls (CONTRACT §14). */
export const invoicesApi = {
  /** GET /api/my/invoices: the signed-in client's invoices (never drafts). */
  listMine: (): Promise<InvoiceSummary[]> => dataOf(http.GET('/api/my/invoices')),
  /** GET /api/invoices/{id}: one of the client's invoices with lines, schedule and payments (another's: 404). */
  get: (id: number): Promise<InvoiceDetail> => dataOf(http.GET('/api/invoices/{id}', { params: { path: { id } } })),
};
