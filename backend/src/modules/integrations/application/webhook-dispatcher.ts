import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../shared/config/app-config';
import { OutboxWorker } from '../../../shared/outbox/outbox-worker';
import { DELIVERY_TIMEOUT_MS, type WebhookDelivery } from '../domain/webhook-delivery';
import { signatureHeader } from '../domain/webhook-signature';
import { WebhookDeliveryRepository } from './ports/webhook-delivery.repository';
import { WebhookSender } from './ports/webhook-sender';

/** Deliveries in flight at once in one instance (each to a different endpoint). */
const LANES = 8;
/** Longer than a try can take (10 s), so a live try's delivery is never taken by another instance. */
const LEASE_MS = 60_000;

/**
 * Delivers webhook events (CONTRACT §9) with the e-mail outbox's worker: at once after the commit that
 * stored them, and on a timer for retries and for deliveries a stopped instance left. Each try is signed
 * afresh (`Studio-Signature` with the time of the try) over the same stored body.
 */
@Injectable()
export class WebhookDispatcher extends OutboxWorker<WebhookDelivery> {
  private readonly retryMs: number;

  constructor(
    repository: WebhookDeliveryRepository,
    private readonly sender: WebhookSender,
    config: AppConfig,
  ) {
    super(repository, {
      name: 'Webhooks',
      pollMs: config.outboxPollMs,
      lanes: LANES,
      batch: 1,
      leaseMs: LEASE_MS,
      enabled: config.processRole !== 'photo-worker',
    });
    this.retryMs = config.webhookRetryMs;
  }

  protected async handle(delivery: WebhookDelivery): Promise<void> {
    const now = new Date();
    const result = await this.sender.send(
      {
        url: delivery.endpoint.url,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'StudioPortal-Webhooks/1',
          'Studio-Event-Id': delivery.event.id,
          'Studio-Event-Type': delivery.event.type,
          'Studio-Signature': signatureHeader(delivery.endpoint.secret, delivery.body, Math.floor(now.getTime() / 1000)),
        },
        body: delivery.body,
      },
      DELIVERY_TIMEOUT_MS,
    );
    delivery.attempted(result, new Date(), this.retryMs);
    if (delivery.status !== 'succeeded') {
      this.logger.warn(
        `webhook delivery #${delivery.id} (${delivery.event.type} to endpoint #${delivery.endpoint.id}) try ${delivery.attempts} failed: ${delivery.lastError}`,
      );
    }
  }
}
