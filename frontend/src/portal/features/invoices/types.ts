import type { components, PaymentIntentResponse, PaymentPart, Project } from '../../../shared/api/schema';

// CONTRACT §14's invoice shapes, from openapi.yaml's generated types.
type Schemas = components['schemas'];

/** A row of GET /api/my/invoices (money in dollars, dueDate 'YYYY-MM-DD'). */
export type InvoiceSummary = Schemas['InvoiceSummaryResponse'];
/** GET /api/invoices/{id}: lines, schedule, payments and reminders. */
export type InvoiceDetail = Schemas['InvoiceDetailResponse'];
export type InvoiceLine = Schemas['InvoiceLineResponse'];
export type Installment = Schemas['InstallmentResponse'];
export type InvoicePayment = Schemas['InvoicePostingResponse'];
export type InvoiceStatus = InvoiceSummary['status'];
export type InstallmentStatus = Installment['status'];

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
export type CardPaymentPart = PaymentPart;

/** What the server says the payment intent pays (its answer's `part`): the deposit, one installment, or everything owed. */
export type PaidPart = PaymentIntentResponse['part'];
