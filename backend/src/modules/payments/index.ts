/** The payments module's public surface. */
export { PaymentsModule } from './payments.module';
export { PaymentLedger } from './application/payment-ledger';
export { DEFAULT_MANUAL_NOTE } from './domain/payment';
