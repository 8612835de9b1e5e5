import { Global, Module } from '@nestjs/common';
import { LogoResizer } from './application/ports/logo-resizer';
import { LogoStore } from './application/ports/logo-store';
import { StudioSettings } from './application/ports/studio-settings';
import { StudioRepository } from './application/ports/studio.repository';
import { StudioSettingsService } from './application/studio-settings.service';
import { StudioController } from './infrastructure/http/studio.controller';
import { SharpLogoResizer } from './infrastructure/imaging/sharp-logo-resizer';
import { StudioTypeormRepository } from './infrastructure/persistence/studio.typeorm-repository';
import { MediaLogoStore } from './infrastructure/storage/media-logo-store';

/**
 * The studio's own settings (CONTRACT §13, decision 0040). Global: e-mails, receipts, the watermark,
 * payments and the pages all ask `StudioSettings`, and it imports no other module (the logo's storage is
 * the galleries', looked up when first used), so any module may use it without an import cycle.
 */
@Global()
@Module({
  controllers: [StudioController],
  providers: [
    StudioSettingsService,
    { provide: StudioSettings, useExisting: StudioSettingsService },
    { provide: StudioRepository, useClass: StudioTypeormRepository },
    { provide: LogoStore, useClass: MediaLogoStore },
    { provide: LogoResizer, useClass: SharpLogoResizer },
  ],
  exports: [StudioSettings],
})
export class StudioModule {}
