import { Module } from '@nestjs/common';
import { ClientsModule } from '../clients';
import { AdjustCreditsHandler } from './application/adjust-credits/adjust-credits.handler';
import { BundleCatalogue } from './application/bundles/bundle-catalogue';
import { BundleRepository } from './application/ports/bundle.repository';
import { CreditAccountRepository } from './application/ports/credit-account.repository';
import { CreditsController } from './infrastructure/http/credits.controller';
import { BundleSqlRepository } from './infrastructure/persistence/bundle.sql-repository';
import { CreditAccountSqlRepository } from './infrastructure/persistence/credit-account.sql-repository';
import { CreditQueries } from './infrastructure/persistence/credit.queries';

/** Prepaid credits (CONTRACT §4). This part: bundles, balances, the admin's client credits and adjustments. */
@Module({
  imports: [ClientsModule],
  controllers: [CreditsController],
  providers: [
    BundleCatalogue,
    AdjustCreditsHandler,
    CreditQueries,
    { provide: BundleRepository, useClass: BundleSqlRepository },
    { provide: CreditAccountRepository, useClass: CreditAccountSqlRepository },
  ],
  exports: [CreditAccountRepository],
})
export class CreditsModule {}
