export { BillingModule } from './billing.module';
export { Billing, type ProjectBilling, type ProjectLineForBilling, type DepositErrors } from './application/billing';
export { InvoiceReads } from './application/ports/invoice-reads';
export { InvoicePaidChanged } from './domain/invoice-paid-changed.event';
export { PAYMENT_PARTS, PAYMENT_REQUESTS, type PaymentPart, type PaymentRequest, nothingDue } from './domain/payment-part';
export { invoiceNumber, todayIn } from './domain/invoice-text';
export { projectBillingJoins, projectBillingFields, projectPaidSql } from './infrastructure/persistence/project-billing.queries';
