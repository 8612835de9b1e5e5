import type { InvoiceDetail, InvoiceSummary } from './types';

/** Test data shaped like GET /api/my/invoices (CONTRACT §14). */
export function invoiceSummary(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id: 5,
    number: 'INV-000005',
    projectId: 2,
    projectName: '5 Maple Street',
    clientId: 7,
    clientName: 'Jane Client',
    issuedAt: '2026-01-10T10:00:00.000Z',
    status: 'open',
    currency: 'USD',
    subtotal: 300,
    discount: 0,
    tax: 0,
    total: 300,
    paid: 100,
    refunded: 0,
    due: 200,
    nextDueDate: '2026-03-03',
    overdue: false,
    overdueAmount: 0,
    ...overrides,
  };
}

/** Test data shaped like GET /api/invoices/{id}. */
export function invoiceDetail(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  const lines: InvoiceDetail['lines'] = [
    { description: 'Photography', quantity: 2, unitPrice: 150, amount: 300, serviceId: 1, paidWithCredits: false, source: 'service' },
    { description: 'Travel', quantity: 1, unitPrice: 20, amount: 20, serviceId: null, paidWithCredits: false, source: 'custom' },
  ];
  return {
    ...invoiceSummary({ subtotal: 320, discount: 32, tax: 25.56, total: 313.56, paid: 104.52, due: 209.04 }),
    lines,
    discountKind: 'percent',
    discountValue: 10,
    taxName: 'Sales tax',
    taxRate: '8.875',
    taxInclusive: false,
    creditsApplied: 0,
    sentAt: '2026-01-10T10:05:00.000Z',
    schedule: [
      { id: 11, number: 1, label: 'Deposit', amount: 104.52, dueDate: '2026-01-10', paid: 104.52, remaining: 0, status: 'paid' },
      { id: 12, number: 2, label: 'Installment 2', amount: 104.52, dueDate: '2026-02-10', paid: 0, remaining: 104.52, status: 'overdue' },
      { id: 13, number: 3, label: 'Installment 3', amount: 104.52, dueDate: '2026-03-10', paid: 0, remaining: 104.52, status: 'due' },
    ],
    payments: [{ kind: 'payment', paymentId: 9, refundId: null, amount: 104.52, method: 'card', date: '2026-01-11T09:00:00.000Z' }],
    reminders: [],
    ...overrides,
  };
}
