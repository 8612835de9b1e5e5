import { Global, Module } from '@nestjs/common';
import { ClientsModule } from '../clients';
import { BearerTokens } from '../../shared/auth/bearer-token';
import { ApiTokens } from './application/api-tokens';
import { ApiTokenRepository } from './application/ports/api-token.repository';
import { ApiTokensController } from './infrastructure/http/api-tokens.controller';
import { ApiTokenTypeormRepository } from './infrastructure/persistence/api-token.typeorm-repository';

/**
 * Integrations (CONTRACT §9): API tokens, and the BearerTokens port the first global guard uses to
 * authenticate `Authorization: Bearer` requests (global, so the shared guard finds it).
 */
@Global()
@Module({
  imports: [ClientsModule],
  controllers: [ApiTokensController],
  providers: [
    ApiTokens,
    { provide: BearerTokens, useExisting: ApiTokens },
    { provide: ApiTokenRepository, useClass: ApiTokenTypeormRepository },
  ],
  exports: [BearerTokens],
})
export class IntegrationsModule {}
