import { DynamicModule, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from './modules/audit';
import { AuthModule } from './modules/auth';
import { BillingModule } from './modules/billing';
import { ClientsModule } from './modules/clients';
import { CreditsModule } from './modules/credits';
import { EmailModule } from './modules/email';
import { IntegrationsModule } from './modules/integrations';
import { GalleriesModule } from './modules/galleries';
import { PaymentEmulatorModule, PaymentsModule } from './modules/payments';
import { ProjectsModule } from './modules/projects';
import { ServicesModule } from './modules/services';
import { SetupModule } from './modules/setup';
import { StudioModule } from './modules/studio';
import { AppConfig } from './shared/config/app-config';
import { openDataSource } from './shared/database/migrate';
import { typeormModuleOptions } from './shared/database/typeorm-options';
import { HealthController } from './shared/health/health.controller';
import { SharedModule } from './shared/shared.module';

@Module({})
export class AppModule {
  /** `databaseUrl` is DATABASE_URL or the embedded server's address. */
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        SharedModule.forRoot(config),
        // the schema is brought up to date before anything uses it, one instance at a time (migrate.ts)
        TypeOrmModule.forRootAsync({
          useFactory: () => typeormModuleOptions(databaseUrl),
          dataSourceFactory: (options) => openDataSource(options!),
        }),
        TerminusModule,
        AuditModule,
        StudioModule,
        BillingModule,
        ClientsModule,
        EmailModule,
        AuthModule,
        ProjectsModule,
        ServicesModule,
        PaymentsModule,
        ...(config.paymentMode === 'emulator' ? [PaymentEmulatorModule] : []),
        CreditsModule,
        IntegrationsModule,
        GalleriesModule,
        SetupModule,
      ],
      controllers: [HealthController],
    };
  }
}
