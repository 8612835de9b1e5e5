import { Module, OnApplicationBootstrap } from '@nestjs/common';
import { AuthModule } from '../auth';
import { ClientsModule } from '../clients';
import { StudioModule } from '../studio';
import { AppConfig } from '../../shared/config/app-config';
import { CompleteSetupHandler } from './application/complete-setup/complete-setup.handler';
import { FirstRun } from './application/first-run';
import { SetupCodePrinter } from './application/ports/setup-code-printer';
import { SetupCodes } from './application/ports/setup-codes';
import { ConsoleSetupCodePrinter } from './infrastructure/console/console-setup-code-printer';
import { SetupController } from './infrastructure/http/setup.controller';
import { SetupNeededGuard } from './infrastructure/http/setup-needed.guard';
import { SetupCodesTypeormRepository } from './infrastructure/persistence/setup-codes.typeorm-repository';

/** The first run in the browser (CONTRACT §13, decision 0041). */
@Module({
  imports: [AuthModule, ClientsModule, StudioModule],
  controllers: [SetupController],
  providers: [
    FirstRun,
    CompleteSetupHandler,
    SetupNeededGuard,
    { provide: SetupCodes, useClass: SetupCodesTypeormRepository },
    { provide: SetupCodePrinter, useClass: ConsoleSetupCodePrinter },
  ],
  exports: [FirstRun],
})
export class SetupModule implements OnApplicationBootstrap {
  constructor(
    private readonly firstRun: FirstRun,
    private readonly config: AppConfig,
  ) {}

  /** The web process prints a setup code at start while setup is needed (the photo worker serves no pages). */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.processRole === 'photo-worker') return;
    await this.firstRun.issueCodeIfNeeded();
  }
}
