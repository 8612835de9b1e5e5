import { Global, Module } from '@nestjs/common';
import { ClientsModule } from '../clients';
import { BearerTokens } from '../../shared/auth/bearer-token';
import { ApiTokens } from './application/api-tokens';
import { ApiTokenRepository } from './application/ports/api-token.repository';
import { ApiTokensController } from './infrastructure/http/api-tokens.controller';
import { ApiTokenTypeormRepository } from './infrastructure/persistence/api-token.typeorm-repository';
import { WebhookEndpoints } from './application/webhook-endpoints';
import { HostResolver } from './application/ports/host-resolver';
import { WebhookEndpointRepository } from './application/ports/webhook-endpoint.repository';
import { DnsHostResolver } from './infrastructure/network/dns-host-resolver';
import { WebhookEndpointsController } from './infrastructure/http/webhook-endpoints.controller';
import { WebhookEndpointTypeormRepository } from './infrastructure/persistence/webhook-endpoint.typeorm-repository';

/**
 * Integrations (CONTRACT §9): API tokens, and the BearerTokens port the first global guard uses to
 * authenticate `Authorization: Bearer` requests (global, so the shared guard finds it).
 */
@Global()
@Module({
  imports: [ClientsModule],
  controllers: [ApiTokensController, WebhookEndpointsController],
  providers: [
    ApiTokens,
    { provide: BearerTokens, useExisting: ApiTokens },
    { provide: ApiTokenRepository, useClass: ApiTokenTypeormRepository },
    WebhookEndpoints,
    { provide: WebhookEndpointRepository, useClass: WebhookEndpointTypeormRepository },
    { provide: HostResolver, useClass: DnsHostResolver },
  ],
  exports: [BearerTokens],
})
export class IntegrationsModule {}
