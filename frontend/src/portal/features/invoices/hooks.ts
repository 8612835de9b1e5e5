import { useQuery } from '@tanstack/react-query';
import { invoicesApi } from './api';
import { invoiceKey, MY_INVOICES_KEY } from './keys';
import type { InvoiceDetail, InvoiceSummary } from './types';

/** The signed-in client's invoices, newest first as the server sends them. */
export function useMyInvoices() {
  return useQuery<InvoiceSummary[]>({ queryKey: MY_INVOICES_KEY, queryFn: invoicesApi.listMine, retry: false });
}

/** One invoice with its lines, schedule and payments; `id` null asks for nothing. */
export function useInvoice(id: number | null) {
  return useQuery<InvoiceDetail>({
    queryKey: invoiceKey(id ?? 0),
    queryFn: () => invoicesApi.get(id as number),
    enabled: id !== null,
    retry: false,
  });
}
