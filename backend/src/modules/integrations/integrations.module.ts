import { Global, Module } from '@nestjs/common';
import { ClientsModule } from '../clients';
import { ApiTokens } from './application/api-tokens';
import { ApiTokenRepository } from './application/ports/api-token.repository';
import { ApiTokensController } from './infrastructure/http/api-tokens.controller';
import { ApiTokenStrategy } from './infrastructure/http/api-token.strategy';
import { ApiTokenTypeormRepository } from './infrastructure/persistence/api-token.typeorm-repository';
import { WebhookEndpoints } from './application/webhook-endpoints';
import { HostResolver } from './application/ports/host-resolver';
import { WebhookEndpointRepository } from './application/ports/webhook-endpoint.repository';
import { DnsHostResolver } from './infrastructure/network/dns-host-resolver';
import { WebhookEndpointsController } from './infrastructure/http/webhook-endpoints.controller';
import { WebhookEndpointTypeormRepository } from './infrastructure/persistence/webhook-endpoint.typeorm-repository';
import { WebhookEvents } from '../../shared/integrations/webhook-events';
import { WebhookDeliveries } from './application/webhook-deliveries';
import { WebhookDispatcher } from './application/webhook-dispatcher';
import { WebhookEventStore } from './application/webhook-event-store';
import { WebhookDeliveryRepository } from './application/ports/webhook-delivery.repository';
import { WebhookSender } from './application/ports/webhook-sender';
import { WebhookDeliveriesController } from './infrastructure/http/webhook-deliveries.controller';
import { HttpWebhookSender } from './infrastructure/network/http-webhook-sender';
import { WebhookDeliveryTypeormRepository } from './infrastructure/persistence/webhook-delivery.typeorm-repository';

/**
 * Integrations (CONTRACT §9): API tokens, and passport's strategy that authenticates `Authorization:
 * Bearer` requests for the AuthorityGuard; webhook endpoints, and the WebhookEvents port other
 * modules record events through (global, so shared code and every module find them without importing it).
 */
@Global()
@Module({
  imports: [ClientsModule],
  controllers: [ApiTokensController, WebhookEndpointsController, WebhookDeliveriesController],
  providers: [
    ApiTokens,
    // passport's strategy for `Authorization: Bearer` requests, which the AuthorityGuard composes.
    ApiTokenStrategy,
    { provide: ApiTokenRepository, useClass: ApiTokenTypeormRepository },
    WebhookEndpoints,
    { provide: WebhookEndpointRepository, useClass: WebhookEndpointTypeormRepository },
    { provide: HostResolver, useClass: DnsHostResolver },
    WebhookDispatcher,
    WebhookEventStore,
    WebhookDeliveries,
    { provide: WebhookEvents, useExisting: WebhookEventStore },
    { provide: WebhookDeliveryRepository, useClass: WebhookDeliveryTypeormRepository },
    { provide: WebhookSender, useClass: HttpWebhookSender },
  ],
  exports: [WebhookEvents, WebhookDispatcher],
})
export class IntegrationsModule {}
