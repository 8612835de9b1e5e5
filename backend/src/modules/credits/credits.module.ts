import { Module } from '@nestjs/common';
import { ClientsModule } from '../clients';
import { PaymentsModule } from '../payments';
import { ProjectsModule } from '../projects';
import { ServicesModule } from '../services';
import { StudioModule } from '../studio';
import { PurchaseCreditsHandler } from './application/purchase-credits/purchase-credits.handler';
import { RedeemCreditsHandler } from './application/redeem-credits/redeem-credits.handler';
import { ReturnBundleCreditsHandler } from './application/return-bundle-credits/return-bundle-credits.handler';
import { AdjustCreditsHandler } from './application/adjust-credits/adjust-credits.handler';
import { BundleCatalogue } from './application/bundles/bundle-catalogue';
import { BundleRepository } from './application/ports/bundle.repository';
import { CreditAccountRepository } from './application/ports/credit-account.repository';
import { CreditsController } from './infrastructure/http/credits.controller';
import { BundleTypeormRepository } from './infrastructure/persistence/bundle.typeorm-repository';
import { CreditAccountTypeormRepository } from './infrastructure/persistence/credit-account.typeorm-repository';
import { CreditQueries } from './infrastructure/persistence/credit.queries';

/** Prepaid credits (CONTRACT §4): bundles, balances, redemption, the admin's client credits and adjustments. */
@Module({
  imports: [ClientsModule, ProjectsModule, ServicesModule, PaymentsModule, StudioModule],
  controllers: [CreditsController],
  providers: [
    BundleCatalogue,
    AdjustCreditsHandler,
    RedeemCreditsHandler,
    PurchaseCreditsHandler,
    ReturnBundleCreditsHandler,
    CreditQueries,
    { provide: BundleRepository, useClass: BundleTypeormRepository },
    { provide: CreditAccountRepository, useClass: CreditAccountTypeormRepository },
  ],
  exports: [CreditAccountRepository],
})
export class CreditsModule {}
