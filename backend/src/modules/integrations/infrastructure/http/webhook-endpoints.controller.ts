import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiCallbacks,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../../../../shared/auth/guards';
import { Access } from '../../../../shared/auth/access';
import type { SignedInAccount } from '../../../../shared/auth/request-user';
import { ApiListQuery } from '../../../../shared/http/api-list-query';
import { IdPipe } from '../../../../shared/http/id.pipe';
import { parseListQuery, sendList } from '../../../../shared/http/list-query';
import type { DeliveryView } from '../../application/ports/webhook-delivery.repository';
import { WebhookDeliveries } from '../../application/webhook-deliveries';
import { WebhookEndpoints } from '../../application/webhook-endpoints';
import type { WebhookEndpoint } from '../../domain/webhook-endpoint';
import {
  ClientCreatedEvent,
  CreatedWebhookEndpointResponse,
  CreditsEvent,
  InvoiceEvent,
  PaymentEvent,
  PingEvent,
  ProjectEvent,
  CreateWebhookEndpointRequest,
  UpdateWebhookEndpointRequest,
  WebhookDeliveryResponse,
  WebhookEndpointResponse,
} from './dto/webhook-endpoint.dto';

export const toDeliveryResponse = (d: DeliveryView): WebhookDeliveryResponse => ({
  id: d.id,
  eventId: d.eventId,
  type: d.type,
  status: d.status,
  attempts: d.attempts,
  lastStatusCode: d.lastStatusCode,
  lastError: d.lastError,
  nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
  createdAt: d.createdAt.toISOString(),
});

const toResponse = (e: WebhookEndpoint): WebhookEndpointResponse => ({
  id: e.id,
  url: e.url,
  events: e.events,
  description: e.description,
  enabled: e.enabled,
  createdAt: e.createdAt.toISOString(),
});

/** Webhook endpoints (CONTRACT §9): the admin's, from the back office's session only. */
@ApiTags('integrations')
@ApiCookieAuth()
@Access.adminSession()
@Controller('webhook-endpoints')
export class WebhookEndpointsController {
  constructor(
    private readonly endpoints: WebhookEndpoints,
    private readonly deliveries: WebhookDeliveries,
  ) {}

  @Post()
  @ApiExtraModels(ClientCreatedEvent, ProjectEvent, PaymentEvent, CreditsEvent, InvoiceEvent, PingEvent)
  @ApiCallbacks(
    ...(
      [
        ['client.created', ClientCreatedEvent],
        ['project.created', ProjectEvent],
        ['project.paid', ProjectEvent],
        ['payment.succeeded', PaymentEvent],
        ['payment.refunded', PaymentEvent],
        ['credits.purchased', CreditsEvent],
        ['credits.redeemed', CreditsEvent],
        ['invoice.sent', InvoiceEvent],
        ['invoice.paid', InvoiceEvent],
        ['invoice.overdue', InvoiceEvent],
        ['ping', PingEvent],
      ] as const
    ).map(([name, type]) => ({
      name,
      callbackUrl: '{$request.body#/url}',
      method: 'post',
      requestBody: { type },
      expectedResponse: { status: 200, description: 'Any 2xx within 10 s: delivered' },
    })),
  )
  @ApiOperation({ summary: 'Create a webhook endpoint', description: 'Add a webhook endpoint; its signing secret is in this answer only' })
  @ApiCreatedResponse({ type: CreatedWebhookEndpointResponse })
  async create(@Body() body: CreateWebhookEndpointRequest, @CurrentUser() admin: SignedInAccount): Promise<CreatedWebhookEndpointResponse> {
    const made = await this.endpoints.create(body, admin.id);
    return { ...toResponse(made), secret: made.secret };
  }

  @Get()
  @ApiOperation({ summary: 'List webhook endpoints', description: 'The webhook endpoints, newest first, without their secrets' })
  @ApiOkResponse({ type: [WebhookEndpointResponse] })
  async list(): Promise<WebhookEndpointResponse[]> {
    return (await this.endpoints.list()).map(toResponse);
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Update a webhook endpoint',
    description: "Change a webhook endpoint's URL, events, description, or turn it on or off",
  })
  @ApiOkResponse({ type: WebhookEndpointResponse })
  async update(@Param('id', IdPipe) id: number, @Body() body: UpdateWebhookEndpointRequest): Promise<WebhookEndpointResponse> {
    return toResponse(await this.endpoints.update(id, body));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a webhook endpoint', description: 'Remove a webhook endpoint' })
  @ApiNoContentResponse()
  async remove(@Param('id', IdPipe) id: number): Promise<void> {
    await this.endpoints.remove(id);
  }

  @Post(':id/test')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'sendWebhookTestEvent',
    summary: 'Send a test event',
    description: 'Sends a `ping` event to the endpoint now; answers its delivery (pending).',
  })
  @ApiConflictResponse({ description: 'The endpoint is turned off (`WEBHOOK.DISABLED`)' })
  @ApiAcceptedResponse({ type: WebhookDeliveryResponse })
  async sendTest(@Param('id', IdPipe) id: number): Promise<WebhookDeliveryResponse> {
    return toDeliveryResponse(await this.deliveries.sendTest(id));
  }

  @Get(':id/deliveries')
  @ApiOperation({
    operationId: 'listWebhookDeliveries',
    summary: 'List webhook deliveries',
    description: "The endpoint's delivery log, newest first; always answered as a page (25 rows unless `range` says) with Content-Range.",
  })
  @ApiListQuery()
  @ApiOkResponse({ type: [WebhookDeliveryResponse] })
  async listDeliveries(
    @Param('id', IdPipe) id: number,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<WebhookDeliveryResponse[]> {
    const q = parseListQuery(query, ['id'] as const, { field: 'id', order: 'DESC' });
    const page = { ...q, paged: true, limit: q.paged ? q.limit : 25 };
    const { rows, total } = await this.deliveries.ofEndpoint(id, page.offset, page.limit);
    return sendList(res, 'webhook-deliveries', page, rows.map(toDeliveryResponse), total);
  }
}
