import type { InvoiceDetail, InvoiceSummary } from './types';

/** Invoices for the component tests. */
export function invoiceSummary(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id: 12,
    number: 'INV-000012',
    projectId: 3,
    projectName: 'Smith wedding',
    clientId: 7,
    clientName: 'Jane Client',
    issuedAt: '2026-03-02T10:00:00.000Z',
    status: 'open',
    currency: 'USD',
    subtotal: 1000,
    discount: 100,
    tax: 79.88,
    total: 979.88,
    paid: 300,
    refunded: 0,
    due: 679.88,
    nextDueDate: '2026-04-01',
    overdue: true,
    overdueAmount: 339.94,
    ...overrides,
  };
}

export function invoiceDetail(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    ...invoiceSummary(),
    lines: [
      { description: 'Wedding package', quantity: 1, unitPrice: 900, amount: 900, serviceId: 4, paidWithCredits: false, source: 'service' },
      { description: 'Session fee', quantity: 1, unitPrice: 50, amount: 50, serviceId: null, paidWithCredits: false, source: 'project' },
      { description: 'Extra prints', quantity: 4, unitPrice: 25, amount: 100, serviceId: null, paidWithCredits: false, source: 'custom' },
    ],
    discountKind: 'percent',
    discountValue: 10,
    taxName: 'Sales tax',
    taxRate: '8.875',
    taxInclusive: false,
    creditsApplied: 0,
    sentAt: null,
    schedule: [
      { id: 31, number: 1, label: 'Deposit', amount: 300, dueDate: '2026-03-05', paid: 300, remaining: 0, status: 'paid' },
      { id: 32, number: 2, label: 'Balance', amount: 679.88, dueDate: '2026-04-01', paid: 0, remaining: 679.88, status: 'overdue' },
    ],
    payments: [
      { kind: 'payment', paymentId: 41, refundId: null, amount: 300, method: 'card', date: '2026-03-04T12:00:00.000Z' },
      { kind: 'refund', paymentId: 41, refundId: 3, amount: 20, method: 'card', date: '2026-03-06T12:00:00.000Z' },
    ],
    reminders: [
      { installmentId: 32, days: -3, sentAt: '2026-03-29T09:00:00.000Z' },
      { installmentId: 32, days: 7, sentAt: '2026-04-08T09:00:00.000Z' },
    ],
    ...overrides,
  };
}
