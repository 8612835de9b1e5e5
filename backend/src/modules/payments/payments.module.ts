import { Module } from '@nestjs/common';
import { PaymentLedger } from './application/payment-ledger';
import { PaymentRepository } from './application/ports/payment.repository';
import { PaymentsController } from './infrastructure/http/payments.controller';
import { DashboardQueries } from './infrastructure/persistence/dashboard.queries';
import { PaymentQueries } from './infrastructure/persistence/payment.queries';
import { PaymentSqlRepository } from './infrastructure/persistence/payment.sql-repository';

@Module({
  controllers: [PaymentsController],
  providers: [PaymentLedger, PaymentQueries, DashboardQueries, { provide: PaymentRepository, useClass: PaymentSqlRepository }],
  exports: [PaymentLedger],
})
export class PaymentsModule {}
