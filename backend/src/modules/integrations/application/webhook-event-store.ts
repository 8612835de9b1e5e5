import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { WebhookEvents, type WebhookEventType } from '../../../shared/integrations/webhook-events';
import { TransactionHost } from '../../../shared/transaction/transaction-host';
import type { WebhookEventBody } from '../domain/webhook-delivery';
import { WebhookDeliveryRepository } from './ports/webhook-delivery.repository';
import { WebhookDispatcher } from './webhook-dispatcher';

/** `evt_` and 16 random bytes, base64url: an event's id, the same on every try (receivers de-duplicate by it). */
const newEventId = () => 'evt_' + randomBytes(16).toString('base64url');

/**
 * The WebhookEvents port: an event is stored in the caller's transaction with a delivery per subscribed
 * endpoint, and the dispatcher is woken once that transaction commits.
 */
@Injectable()
export class WebhookEventStore extends WebhookEvents {
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly dispatcher: WebhookDispatcher,
    private readonly tx: TransactionHost,
  ) {
    super();
  }

  async emit(type: Exclude<WebhookEventType, 'ping'>, data: () => Promise<object | null>): Promise<void> {
    const endpoints = await this.deliveries.subscribers(type);
    if (endpoints.length === 0) return;
    const payload = await data();
    if (!payload) return;
    await this.store(type, payload, endpoints);
  }

  /** A `ping` to one endpoint ('Send test event'); answers its delivery's id. */
  async ping(endpointId: number, data: object): Promise<number> {
    const [id] = await this.store('ping', data, [endpointId]);
    return id;
  }

  private async store(type: WebhookEventType, data: object, endpointIds: number[]): Promise<number[]> {
    const body: WebhookEventBody = { id: newEventId(), type, createdAt: new Date().toISOString(), data };
    const ids = await this.deliveries.addEvent({ id: body.id, type, text: JSON.stringify(body) }, endpointIds);
    this.tx.afterCommit(() => this.dispatcher.kick());
    return ids;
  }
}
