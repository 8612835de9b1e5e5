import type { Project } from '../../../shared/api/schema';

// CONTRACT §14's invoice shapes, written here until openapi.yaml has them and `npm run openapi:types`
// puts them into shared/api/schema.ts; then these become aliases of the generated types.

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void';
export type InstallmentStatus = 'due' | 'paid' | 'overdue';

/** A row of GET /api/my/invoices (money in dollars, dueDate 'YYYY-MM-DD'). */
export interface InvoiceSummary {
  id: number;
  /** 'INV-000123'; null for a draft (a client never sees drafts) */
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
  nextDueDate: string | null;
  overdue: boolean;
  overdueAmount: number;
}

export interface InvoiceLine {
  id?: number;
  description: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  serviceId: number | null;
  paidWithCredits: boolean;
  /** the project's service, the project's own price, or the studio's custom line */
  source?: string;
}

export interface Installment {
  id: number;
  /** 1-based */
  number: number;
  label: string;
  amount: number;
  dueDate: string;
  paid: number;
  remaining: number;
  status: InstallmentStatus | string;
}

export interface InvoicePayment {
  kind: 'payment' | 'refund';
  paymentId: number;
  refundId?: number | null;
  amount: number;
  method: string;
  date: string;
}

/** GET /api/invoices/{id}. */
export interface InvoiceDetail extends InvoiceSummary {
  lines: InvoiceLine[];
  customLines?: InvoiceLine[];
  discountKind: 'amount' | 'percent' | null;
  discountValue: number | null;
  taxName: string | null;
  /** '8.875' */
  taxRate: string | null;
  taxInclusive: boolean;
  creditsApplied: number;
  sentAt: string | null;
  schedule: Installment[];
  payments: InvoicePayment[];
  reminders: { installmentId: number; days: number; sentAt: string }[];
}

/** ProjectResponse.nextInstallment: null when nothing is owed. */
export interface NextInstallment {
  number: number;
  count: number;
  label: string;
  amount: number;
  dueDate: string;
  overdue: boolean;
}

/** A project as CONTRACT §14 extends it (the fields are optional until the generated type has them). */
export type BilledProject = Project & {
  invoiceId?: number | null;
  invoiceNumber?: string | null;
  nextInstallment?: NextInstallment | null;
};

/** What a card payment of a project asks for: the next installment, the deposit, or everything owed. */
export type CardPaymentPart = 'next' | 'deposit' | 'balance';

/** What the server says the payment intent pays (its answer's `part`): the deposit, one installment, or everything owed. */
export type PaidPart = 'deposit' | 'installment' | 'balance';
