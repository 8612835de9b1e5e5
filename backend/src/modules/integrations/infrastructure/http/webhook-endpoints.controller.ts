import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SessionOnly } from '../../../../shared/auth/bearer-token';
import { AdminGuard, CurrentUser } from '../../../../shared/auth/guards';
import type { SignedInAccount } from '../../../../shared/auth/request-user';
import { IdPipe } from '../../../../shared/http/id.pipe';
import { WebhookEndpoints } from '../../application/webhook-endpoints';
import type { WebhookEndpoint } from '../../domain/webhook-endpoint';
import {
  CreatedWebhookEndpointResponse,
  CreateWebhookEndpointRequest,
  UpdateWebhookEndpointRequest,
  WebhookEndpointResponse,
} from './dto/webhook-endpoint.dto';

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
@SessionOnly()
@UseGuards(AdminGuard)
@Controller('webhook-endpoints')
export class WebhookEndpointsController {
  constructor(private readonly endpoints: WebhookEndpoints) {}

  @Post()
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
}
