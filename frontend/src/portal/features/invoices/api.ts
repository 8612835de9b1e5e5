import { getJson } from '../../../shared/api/client';
import type { InvoiceDetail, InvoiceSummary } from './types';

// Untyped GETs until openapi.yaml lists the invoice routes (then: http.GET with the generated types).
export const invoicesApi = {
  /** GET /api/my/invoices: the signed-in client's invoices (never drafts). */
  listMine: () => getJson<InvoiceSummary[]>('/api/my/invoices'),
  /** GET /api/invoices/{id}: one of the client's invoices with lines, schedule and payments (another's: 404). */
  get: (id: number) => getJson<InvoiceDetail>(`/api/invoices/${id}`),
};
