import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiConflictResponse, ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access } from '../../../../shared/auth/access';
import { IdPipe } from '../../../../shared/http/id.pipe';
import { WebhookDeliveries } from '../../application/webhook-deliveries';
import { WebhookDeliveryResponse } from './dto/webhook-endpoint.dto';
import { toDeliveryResponse } from './webhook-endpoints.controller';

/** 'Retry' in an endpoint's delivery log (CONTRACT §9): the admin's, from the back office's session only. */
@ApiTags('integrations')
@ApiCookieAuth()
@Access.adminSession()
@Controller('webhook-deliveries')
export class WebhookDeliveriesController {
  constructor(private readonly deliveries: WebhookDeliveries) {}

  @Post(':id/retry')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'retryWebhookDelivery',
    summary: 'Retry a webhook delivery',
    description: 'Sends the delivery again now, with a fresh set of 8 tries.',
  })
  @ApiConflictResponse({ description: 'A try is under way (`WEBHOOK.DELIVERY_IN_FLIGHT`)' })
  @ApiAcceptedResponse({ type: WebhookDeliveryResponse })
  async retry(@Param('id', IdPipe) id: number): Promise<WebhookDeliveryResponse> {
    return toDeliveryResponse(await this.deliveries.retry(id));
  }
}
