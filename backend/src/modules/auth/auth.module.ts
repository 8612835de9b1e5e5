import { Global, Module, OnApplicationBootstrap } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { DataSource } from 'typeorm';
import { ClientsModule } from '../clients';
import { EmailModule } from '../email';
import { AppConfig } from '../../shared/config/app-config';
import { PgThrottlerStorage } from '../../shared/rate-limit/pg-throttler-storage';
import { BootstrapAdminHandler } from './application/bootstrap-admin/bootstrap-admin.handler';
import { LoginHandler } from './application/login/login.handler';
import { AuthAttemptLog } from './application/ports/auth-attempt-log';
import { ResetCodeRepository } from './application/ports/reset-code.repository';
import { RegisterHandler } from './application/register/register.handler';
import { RequestResetCodeHandler } from './application/request-reset-code/request-reset-code.handler';
import { ResetPasswordHandler } from './application/reset-password/reset-password.handler';
import { SignInTries } from './application/sign-in-tries';
import { CountedCurrentPasswordCheck } from './application/current-password/counted-current-password-check';
import { CurrentPasswordCheck } from '../../shared/security/current-password-check';
import { AuthController } from './infrastructure/http/auth.controller';
import { PasswordGuard, PasswordStrategy } from './infrastructure/http/password.strategy';
import { SessionStrategy } from './infrastructure/http/session.strategy';
import { TwoFactorController } from './infrastructure/http/two-factor.controller';
import { CompleteSignInHandler } from './application/two-factor/complete-sign-in.handler';
import { TwoFactorSettings } from './application/two-factor/two-factor-settings';
import { SecondProofCap } from './application/two-factor/second-proof-cap';
import { PendingSignIns } from './application/ports/pending-sign-ins';
import { TwoFactorRepository } from './application/ports/two-factor.repository';
import { Totp } from './application/ports/totp';
import { PendingSignInTypeormRepository } from './infrastructure/persistence/pending-sign-in.typeorm-repository';
import { TwoFactorTypeormRepository } from './infrastructure/persistence/two-factor.typeorm-repository';
import { OtplibTotp } from './infrastructure/security/otplib-totp';
import { AuthAttemptLogTypeormRepository } from './infrastructure/persistence/auth-attempt-log.typeorm-repository';
import { ResetCodeTypeormRepository } from './infrastructure/persistence/reset-code.typeorm-repository';

/**
 * The sign-in limits' current-password check, for every module (clients' Account Settings asks for the
 * current password too): global, so that ClientsModule needs no import of this module, which imports it.
 */
@Global()
@Module({
  providers: [
    { provide: AuthAttemptLog, useClass: AuthAttemptLogTypeormRepository },
    SignInTries,
    { provide: CurrentPasswordCheck, useClass: CountedCurrentPasswordCheck },
  ],
  exports: [AuthAttemptLog, SignInTries, CurrentPasswordCheck],
})
export class SignInLimitsModule {}

@Module({
  imports: [
    SignInLimitsModule,
    ClientsModule,
    EmailModule,
    ThrottlerModule.forRootAsync({
      inject: [AppConfig, DataSource],
      // The counts live in PostgreSQL, so every app instance draws on one budget per address.
      useFactory: (config: AppConfig, dataSource: DataSource) => ({
        throttlers: [{ name: 'auth', ttl: 60_000, limit: config.authIpLimitPerMin }],
        storage: new PgThrottlerStorage(dataSource),
        errorMessage: 'Too many attempts from your address. Please wait a minute and try again.',
      }),
    }),
  ],
  controllers: [AuthController, TwoFactorController],
  providers: [
    RegisterHandler,
    LoginHandler,
    RequestResetCodeHandler,
    ResetPasswordHandler,
    BootstrapAdminHandler,
    CompleteSignInHandler,
    SecondProofCap,
    // How credentials are read (passport): the password at sign-in, the session on every request.
    PasswordStrategy,
    PasswordGuard,
    SessionStrategy,
    TwoFactorSettings,
    { provide: PendingSignIns, useClass: PendingSignInTypeormRepository },
    { provide: TwoFactorRepository, useClass: TwoFactorTypeormRepository },
    { provide: Totp, useClass: OtplibTotp },
    { provide: ResetCodeRepository, useClass: ResetCodeTypeormRepository },
  ],
  // The sign-in budget per address (AuthRateLimitGuard) also counts the first run's tries (setup module).
  exports: [ThrottlerModule],
})
export class AuthModule implements OnApplicationBootstrap {
  constructor(private readonly bootstrapAdmin: BootstrapAdminHandler) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bootstrapAdmin.execute();
  }
}
