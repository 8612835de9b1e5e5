import { Injectable } from '@nestjs/common';
import { ConflictError, NotFoundError } from '../../../shared/errors/domain-error';
import { TransactionHost } from '../../../shared/transaction/transaction-host';
import { DeliveryView, WebhookDeliveryRepository } from './ports/webhook-delivery.repository';
import { WebhookEndpointRepository } from './ports/webhook-endpoint.repository';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookEventStore } from './webhook-event-store';

const endpointNotFound = () => new NotFoundError('WEBHOOK.NOT_FOUND', 'Webhook endpoint not found');
const deliveryNotFound = () => new NotFoundError('WEBHOOK.DELIVERY_NOT_FOUND', 'Webhook delivery not found');

/** The delivery log of an endpoint, 'Send test event' and 'Retry' (CONTRACT §9). */
@Injectable()
export class WebhookDeliveries {
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly events: WebhookEventStore,
    private readonly dispatcher: WebhookDispatcher,
    private readonly tx: TransactionHost,
  ) {}

  /** Sends a `ping` to the endpoint now; answers its delivery (pending). */
  sendTest(endpointId: number): Promise<DeliveryView> {
    return this.tx.run(async () => {
      const endpoint = await this.endpoints.find(endpointId);
      if (!endpoint) throw endpointNotFound();
      if (!endpoint.enabled) throw new ConflictError('WEBHOOK.DISABLED', 'Turn this endpoint on to send it a test event');
      const id = await this.events.ping(endpoint.id, {
        message: 'A test event from the studio portal',
        endpoint: { id: endpoint.id, url: endpoint.url, description: endpoint.description },
      });
      return (await this.deliveries.find(id))!;
    });
  }

  async ofEndpoint(endpointId: number, offset: number, limit: number): Promise<{ rows: DeliveryView[]; total: number }> {
    if (!(await this.endpoints.find(endpointId))) throw endpointNotFound();
    return this.deliveries.ofEndpoint(endpointId, offset, limit);
  }

  /** Queues a delivery again, due now, with a fresh set of tries. */
  async retry(id: number): Promise<DeliveryView> {
    const result = await this.deliveries.requeue(id);
    if (result === null) throw deliveryNotFound();
    if (result === 'in-flight') throw new ConflictError('WEBHOOK.DELIVERY_IN_FLIGHT', 'This delivery is being sent right now');
    this.dispatcher.kick();
    return result;
  }
}
