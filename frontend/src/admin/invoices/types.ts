// Declared from the billing module's DTOs (backend/src/modules/billing/infrastructure/http/dto/invoice.dto.ts)
// until shared/api/schema.ts carries the generated invoice types: then these become aliases of them.

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void';

/** A row of GET /api/invoices (admin, simple-rest paging) and GET /api/my/invoices. Money in dollars. */
export interface InvoiceSummary {
  id: number;
  /** 'INV-000123'; null for a draft (drafts have no number) */
  number: string | null;
  projectId: number;
  projectName: string | null;
  clientId: number;
  clientName: string | null;
  issuedAt: string | null;
  status: InvoiceStatus;
  currency: string;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  paid: number;
  refunded: number;
  due: number;
  /** 'YYYY-MM-DD' */
  nextDueDate: string | null;
  overdue: boolean;
  overdueAmount: number;
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  /** the project's service the line comes from; null for a custom line */
  serviceId: number | null;
  paidWithCredits: boolean;
  /** the project's service, the project's own price, or the studio's custom line (the only editable kind) */
  source: 'service' | 'project' | 'custom' | string;
}

export interface Installment {
  id: number;
  /** 1-based */
  number: number;
  label: string;
  amount: number;
  /** 'YYYY-MM-DD' */
  dueDate: string;
  paid: number;
  remaining: number;
  status: 'due' | 'paid' | 'overdue' | string;
}

export interface InvoicePosting {
  kind: 'payment' | 'refund';
  paymentId: number;
  refundId: number | null;
  amount: number;
  method: 'card' | 'manual' | string;
  date: string;
}

export interface InvoiceReminder {
  installmentId: number;
  /** −3 = 3 days before, 0 = the due day, 7 = 7 days overdue */
  days: number;
  sentAt: string;
}

/** GET /api/invoices/{id} */
export interface InvoiceDetail extends InvoiceSummary {
  lines: InvoiceLine[];
  discountKind: 'amount' | 'percent' | null;
  discountValue: number | null;
  taxName: string;
  /** a percent with up to 3 decimals, '8.875' */
  taxRate: string;
  taxInclusive: boolean;
  creditsApplied: number;
  sentAt: string | null;
  schedule: Installment[];
  payments: InvoicePosting[];
  reminders: InvoiceReminder[];
}

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
