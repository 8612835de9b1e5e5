import type { ListQuery } from '../../../../shared/http/list-query';
import type { InvoiceDetailView, InvoiceSummaryView } from '../invoice-views';

export const INVOICE_SORTS = ['number', 'issuedAt', 'total', 'due', 'nextDueDate', 'status', 'clientName'] as const;
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

/** Port: what the lists, the dashboard and the panel read of invoices (billing's stored figures). */
export abstract class InvoiceReads {
  abstract names(projectId: number): Promise<{ clientName: string | null; projectName: string | null }>;
  abstract reminders(invoiceId: number): Promise<InvoiceDetailView['reminders']>;
  /** The back office's list: a page, its total. `today`: the studio's date (what 'overdue' means). */
  abstract list(q: ListQuery<InvoiceSort>, today: string): Promise<{ rows: InvoiceSummaryView[]; total: number }>;
  /** A client's invoices, newest first, never drafts. */
  abstract ofClient(clientId: number, today: string): Promise<InvoiceSummaryView[]>;
  /** Open invoices with an installment past due: how many, and what is overdue. */
  abstract overdue(today: string): Promise<{ count: number; amountCents: number }>;
}
