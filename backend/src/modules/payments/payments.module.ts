import { Module } from '@nestjs/common';
import Stripe from 'stripe';
import { AppConfig } from '../../shared/config/app-config';
import { DomainEventsModule } from '../../shared/events/in-process-domain-events';
import { EmailModule } from '../email';
import { StudioModule } from '../studio';
import { CardPayments } from './application/card-payments/card-payments';
import { PaymentLedger } from './application/payment-ledger';
import { CardIntentRepository } from './application/ports/card-intent.repository';
import { PaymentGateway } from './application/ports/payment-gateway';
import { PaymentRepository } from './application/ports/payment.repository';
import { ProjectsForBilling } from './application/ports/projects-for-billing';
import { ReceiptIssuer } from './application/ports/receipt-issuer';
import { ReceiptRenderer } from './application/ports/receipt-renderer';
import { ReceiptRepository } from './application/ports/receipt.repository';
import { Receipts } from './application/receipts/receipts';
import { RefundRepository } from './application/ports/refund.repository';
import { Refunds } from './application/refunds/refunds';
import { RefundsController } from './infrastructure/http/refunds.controller';
import { RefundTypeormRepository } from './infrastructure/persistence/refund.typeorm-repository';
import { PdfkitReceiptRenderer } from './infrastructure/pdf/pdfkit-receipt-renderer';
import { ReceiptsController } from './infrastructure/http/receipts.controller';
import { ReceiptTypeormRepository } from './infrastructure/persistence/receipt.typeorm-repository';
import { EmulatorPaymentGateway } from './infrastructure/gateway/emulator-payment-gateway';
import { createStripeClient, StripePaymentGateway } from './infrastructure/gateway/stripe-payment-gateway';
import { PaymentEmulatorController } from './infrastructure/http/emulator.controller';
import { PaymentsController } from './infrastructure/http/payments.controller';
import { PublicConfigController } from './infrastructure/http/public-config.controller';
import { StripeWebhookController } from './infrastructure/http/stripe-webhook.controller';
import { CardIntentTypeormRepository } from './infrastructure/persistence/card-intent.typeorm-repository';
import { DashboardQueries } from './infrastructure/persistence/dashboard.queries';
import { PaymentQueries } from './infrastructure/persistence/payment.queries';
import { PaymentTypeormRepository } from './infrastructure/persistence/payment.typeorm-repository';
import { ProjectsForBillingTypeormRepository } from './infrastructure/persistence/projects-for-billing.typeorm-repository';

@Module({
  imports: [DomainEventsModule, EmailModule, StudioModule],
  controllers: [PaymentsController, StripeWebhookController, ReceiptsController, RefundsController, PublicConfigController],
  providers: [
    PaymentLedger,
    Refunds,
    { provide: RefundRepository, useClass: RefundTypeormRepository },
    Receipts,
    { provide: ReceiptIssuer, useExisting: Receipts },
    { provide: ReceiptRepository, useClass: ReceiptTypeormRepository },
    { provide: ReceiptRenderer, useClass: PdfkitReceiptRenderer },
    PaymentQueries,
    DashboardQueries,
    CardPayments,
    EmulatorPaymentGateway,
    { provide: PaymentRepository, useClass: PaymentTypeormRepository },
    { provide: CardIntentRepository, useClass: CardIntentTypeormRepository },
    { provide: ProjectsForBilling, useClass: ProjectsForBillingTypeormRepository },
    {
      // The SDK verifies webhook signatures in both modes; it calls Stripe only in stripe mode.
      provide: Stripe,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => createStripeClient(config.stripeSecretKey ?? 'sk_test_emulator', config.stripeApiUrl),
    },
    {
      provide: PaymentGateway,
      inject: [AppConfig, Stripe, EmulatorPaymentGateway],
      useFactory: (config: AppConfig, stripe: Stripe, emulator: EmulatorPaymentGateway) =>
        config.paymentMode === 'stripe' ? new StripePaymentGateway(stripe) : emulator,
    },
  ],
  exports: [PaymentLedger, CardPayments, EmulatorPaymentGateway],
})
export class PaymentsModule {}

/** The emulator's confirm route, imported by the app only when STRIPE_SECRET_KEY is unset (CONTRACT §3). */
@Module({ imports: [PaymentsModule], controllers: [PaymentEmulatorController] })
export class PaymentEmulatorModule {}
