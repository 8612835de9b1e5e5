import type { Identifier } from 'react-admin';
import { httpClient } from '../providers/httpClient';
import type { InvoiceDetail, InvoicePatch, SchedulePart } from './types';

const path = (id: Identifier) => `/api/invoices/${encodeURIComponent(String(id))}`;

/** GET /api/invoices/{id}/pdf: the invoice's PDF (client or admin), opened by a plain link with the session cookie. */
export const invoicePdfUrl = (id: Identifier): string => `${path(id)}/pdf`;

/**
 * The Invoices page's own calls (its chunk, not the back office's dataProvider). The list itself goes
 * through the dataProvider (ra-data-simple-rest on /api/invoices: range, sort, filter, Content-Range).
 */
export const invoicesMethods = {
  /** GET /api/invoices/{id}: the invoice with its lines, schedule, payments and reminders. */
  async getInvoice(id: Identifier): Promise<{ data: InvoiceDetail }> {
    const { json } = await httpClient(path(id));
    return { data: json as InvoiceDetail };
  },

  /** PATCH /api/invoices/{id}: custom lines and the discount. */
  async updateInvoice(id: Identifier, patch: InvoicePatch): Promise<{ data: InvoiceDetail }> {
    const { json } = await httpClient(path(id), { method: 'PATCH', body: JSON.stringify(patch) });
    return { data: json as InvoiceDetail };
  },

  /** PUT /api/invoices/{id}/schedule: 1 to 12 parts adding up to the total (amounts) or to 100 % (percents). */
  async saveSchedule(id: Identifier, parts: SchedulePart[]): Promise<{ data: InvoiceDetail }> {
    const { json } = await httpClient(`${path(id)}/schedule`, { method: 'PUT', body: JSON.stringify(parts) });
    return { data: json as InvoiceDetail };
  },

  /** POST /api/invoices/{id}/send: e-mails the client the invoice with its PDF attached. */
  async sendInvoice(id: Identifier): Promise<{ data: { sentAt: string } }> {
    const { json } = await httpClient(`${path(id)}/send`, { method: 'POST', body: '{}' });
    return { data: json as { sentAt: string } };
  },
};

export type InvoicesMethods = typeof invoicesMethods;

/** The page's calls (tests replace them with `fakeApi`). */
export function useInvoicesApi(): InvoicesMethods {
  return invoicesMethods;
}
