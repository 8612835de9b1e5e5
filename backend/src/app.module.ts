import { DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import { AuthModule } from './modules/auth';
import { ClientsModule } from './modules/clients';
import { CreditsModule } from './modules/credits';
import { EmailModule } from './modules/email';
import { PaymentEmulatorModule, PaymentsModule } from './modules/payments';
import { ProjectsModule } from './modules/projects';
import { ServicesModule } from './modules/services';
import { AppConfig } from './shared/config/app-config';
import { typeormModuleOptions } from './shared/database/typeorm-options';
import { HealthController } from './shared/health/health.controller';
import { PublicConfigController } from './shared/http/public-config.controller';
import { requestId } from './shared/http/request-id';
import { SharedModule } from './shared/shared.module';

@Module({})
export class AppModule {
  /** `databaseUrl` is DATABASE_URL or the embedded server's address. */
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        SharedModule.forRoot(config),
        LoggerModule.forRoot({
          // Written asynchronously: under load, lines are gathered into few writes instead of one each.
          pinoHttp: [
            {
              level: config.logLevel,
              genReqId: requestId,
              // One short line a request: no headers (so no cookie can reach the log) and little to copy.
              serializers: {
                req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
                res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
              },
              customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
              autoLogging: { ignore: (req) => req.url === '/api/health' },
            },
            pino.destination({ dest: 1, sync: false }),
          ],
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
        }),
        TypeOrmModule.forRoot(typeormModuleOptions(databaseUrl)),
        TerminusModule,
        ClientsModule,
        EmailModule,
        AuthModule,
        ProjectsModule,
        ServicesModule,
        PaymentsModule,
        ...(config.paymentMode === 'emulator' ? [PaymentEmulatorModule] : []),
        CreditsModule,
      ],
      controllers: [HealthController, PublicConfigController],
    };
  }
}
