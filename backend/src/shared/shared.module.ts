import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { RequestContextInterceptor } from './audit/request-context.interceptor';
import { AccessDeclarations } from './auth/access-declarations';
import { AuthorityGuard } from './auth/authority.guard';
import { StrategyNames } from './auth/strategies';
import { AppConfig } from './config/app-config';
import { SameOriginGuard, UsableInputGuard } from './http/request-guards';
import { Argon2PasswordHasher } from './security/argon2-password-hasher';
import { PasswordHasher } from './security/password-hasher';
import { PgSessionRegistry } from './session/pg-session-registry';
import { SessionRegistry } from './session/session-registry';
import { TransactionHost } from './transaction/transaction-host';

/**
 * What every module may inject: the configuration, the transaction host, hashing and the session registry;
 * also the global guards every request passes.
 */
@Global()
@Module({})
export class SharedModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: SharedModule,
      providers: [
        { provide: AppConfig, useValue: config },
        TransactionHost,
        { provide: PasswordHasher, useClass: Argon2PasswordHasher },
        { provide: SessionRegistry, useClass: PgSessionRegistry },
        // Global guards, in this order, before every route's own: refuse cross-site changes, then unusable
        // input, then who may call the route (its Access declaration, CONTRACT §12).
        { provide: APP_GUARD, useClass: SameOriginGuard },
        { provide: APP_GUARD, useClass: UsableInputGuard },
        { provide: APP_GUARD, useClass: AuthorityGuard },
        StrategyNames,
        AccessDeclarations,
        // Route handlers run with the signed-in account and client address at hand (the activity log's actor).
        { provide: APP_INTERCEPTOR, useClass: RequestContextInterceptor },
      ],
      exports: [AppConfig, TransactionHost, PasswordHasher, SessionRegistry, StrategyNames],
    };
  }
}
