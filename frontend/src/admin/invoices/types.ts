import type { components } from '../../shared/api/schema';

// CONTRACT §14's invoice shapes, from openapi.yaml's generated types.
type Schemas = components['schemas'];

export type InvoiceStatus = Schemas['InvoiceSummaryResponse']['status'];
/** A row of GET /api/invoices (admin, simple-rest paging) and GET /api/my/invoices. Money in dollars. */
export type InvoiceSummary = Schemas['InvoiceSummaryResponse'];
export type InvoiceLine = Schemas['InvoiceLineResponse'];
export type Installment = Schemas['InstallmentResponse'];
export type InvoicePosting = Schemas['InvoicePostingResponse'];
/** −3 = 3 days before, 0 = the due day, 7 = 7 days overdue */
export type InvoiceReminder = Schemas['InvoiceReminderResponse'];
/** GET /api/invoices/{id} */
export type InvoiceDetail = Omit<Schemas['InvoiceDetailResponse'], 'discountKind'> & { discountKind: 'amount' | 'percent' | null };

/** PATCH /api/invoices/{id} */
export interface InvoicePatch {
  customLines?: { description: string; quantity: number; unitPrice: number }[];
  discount?: { kind: 'amount' | 'percent'; value: number } | null;
}

/** One part of PUT /api/invoices/{id}/schedule: an amount (dollars) or a percent of the total. */
export interface SchedulePart {
  label: string;
  amount?: number;
  percent?: number;
  /** 'YYYY-MM-DD' */
  dueDate: string;
}

/** The list's filter (simple-rest `filter=`). */
export interface InvoicesFilter {
  q?: string;
  status?: InvoiceStatus;
  clientId?: number;
  overdue?: boolean;
}
