import type { Invoice } from '../domain/invoice';
import { invoiceNumber, rateText } from '../domain/invoice-text';

const dollars = (cents: number): number => cents / 100;

/** An invoice as the lists and the integrators see it (CONTRACT §14's row), amounts in dollars. */
export interface InvoiceSummaryView {
  id: number;
  number: string | null;
  projectId: number;
  projectName: string | null;
  clientId: number;
  clientName: string | null;
  issuedAt: string | null;
  status: Invoice['status'];
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

export function invoiceSummary(invoice: Invoice, today: string, clientName: string | null, projectName: string | null): InvoiceSummaryView {
  const t = invoice.totals;
  const p = invoice.snapshot;
  const next = invoice.nextInstallment(today);
  const overdue = invoice.overdueCents(today);
  return {
    id: invoice.id,
    number: invoiceNumber(p.number),
    projectId: p.projectId,
    projectName,
    clientId: p.clientId,
    clientName,
    issuedAt: p.issuedAt?.toISOString() ?? null,
    status: invoice.status,
    currency: p.currency,
    subtotal: dollars(t.subtotal),
    discount: dollars(t.discount),
    tax: dollars(t.tax),
    total: dollars(t.total),
    paid: dollars(t.paid),
    refunded: dollars(t.refunded),
    due: dollars(t.due),
    nextDueDate: next?.dueDate ?? null,
    overdue: overdue > 0,
    overdueAmount: dollars(overdue),
  };
}

export interface InvoiceDetailView extends InvoiceSummaryView {
  lines: Array<{
    description: string;
    quantity: number;
    unitPrice: number;
    amount: number;
    serviceId: number | null;
    paidWithCredits: boolean;
    source: string;
  }>;
  discountKind: 'amount' | 'percent' | null;
  discountValue: number | null;
  taxName: string;
  taxRate: string;
  taxInclusive: boolean;
  creditsApplied: number;
  sentAt: string | null;
  schedule: Array<{
    id: number;
    number: number;
    label: string;
    amount: number;
    dueDate: string;
    paid: number;
    remaining: number;
    status: string;
  }>;
  payments: Array<{ kind: 'payment' | 'refund'; paymentId: number; refundId: number | null; amount: number; method: string; date: string }>;
  reminders: Array<{ installmentId: number; days: number; sentAt: string }>;
}

export function invoiceDetail(
  invoice: Invoice,
  today: string,
  names: { clientName: string | null; projectName: string | null },
  reminders: InvoiceDetailView['reminders'],
): InvoiceDetailView {
  const p = invoice.snapshot;
  const t = invoice.totals;
  return {
    ...invoiceSummary(invoice, today, names.clientName, names.projectName),
    lines: p.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unitPrice: dollars(l.unitPriceCents),
      amount: dollars(l.unitPriceCents * l.quantity),
      serviceId: l.serviceId,
      paidWithCredits: l.paidWithCredits,
      source: l.source,
    })),
    discountKind: p.discount?.kind ?? null,
    discountValue: p.discount ? (p.discount.kind === 'amount' ? dollars(p.discount.value) : p.discount.value / 1000) : null,
    taxName: p.tax.name,
    taxRate: rateText(p.tax.rateMilli).replace(/\.?0+$/, ''),
    taxInclusive: p.tax.inclusive,
    creditsApplied: dollars(t.credits),
    sentAt: p.sentAt?.toISOString() ?? null,
    schedule: invoice.installments(today).map((i) => ({
      id: i.id ?? 0,
      number: i.number,
      label: i.label,
      amount: dollars(i.amountCents),
      dueDate: i.dueDate,
      paid: dollars(i.paidCents),
      remaining: dollars(i.remainingCents),
      status: i.status,
    })),
    payments: p.postings.map((x) => ({
      kind: x.kind,
      paymentId: x.paymentId,
      refundId: x.refundId,
      amount: dollars(x.amountCents),
      method: x.method,
      date: x.postedAt.toISOString(),
    })),
    reminders,
  };
}
