import { DynamicModule, Global, Module } from '@nestjs/common';
import { AppConfig } from './config/app-config';
import { ClientErrorAnswers } from './http/client-errors';
import { Argon2PasswordHasher } from './security/argon2-password-hasher';
import { PasswordHasher } from './security/password-hasher';
import { PgSessionRegistry } from './session/pg-session-registry';
import { SessionRegistry } from './session/session-registry';
import { TransactionHost } from './transaction/transaction-host';

/**
 * What every module may inject: the configuration, the transaction host, hashing and the session registry;
 * also the JSON answers to requests Node's HTTP parser refuses.
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
        ClientErrorAnswers,
      ],
      exports: [AppConfig, TransactionHost, PasswordHasher, SessionRegistry],
    };
  }
}
