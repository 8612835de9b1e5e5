/** The payments module's public surface. */
export { PaymentsModule, PaymentEmulatorModule } from './payments.module';
export { PaymentLedger } from './application/payment-ledger';
export { CardPayments } from './application/card-payments/card-payments';
export { DEFAULT_MANUAL_NOTE } from './domain/payment';
export { BundlePaymentSucceeded } from './domain/bundle-payment-succeeded.event';
export { PAYMENT_PARTS, PAYMENT_REQUESTS, type PaymentPart, type PaymentRequest } from '../billing';
export { BundlePaymentRefunded } from './domain/bundle-payment-refunded.event';
