import { Injectable } from '@nestjs/common';
import { AuditTrail } from '../../../shared/audit/audit-trail';
import { AppConfig } from '../../../shared/config/app-config';
import { DomainError, NotFoundError } from '../../../shared/errors/domain-error';
import { TransactionHost } from '../../../shared/transaction/transaction-host';
import type { WebhookEndpoint, WebhookEventType } from '../domain/webhook-endpoint';
import { newWebhookSecret } from '../domain/webhook-signature';
import { WEBHOOK_URL_MESSAGES, webhookUrlProblem } from '../domain/webhook-url';
import { HostResolver } from './ports/host-resolver';
import { WebhookEndpointRepository, type EndpointChanges } from './ports/webhook-endpoint.repository';

const notFound = () => new NotFoundError('WEBHOOK.NOT_FOUND', 'Webhook endpoint not found');

/**
 * Webhook endpoints (CONTRACT §9), the admin's: made with a signing secret shown once; their URL is
 * checked for its form and for where its name points, when made and when changed.
 */
@Injectable()
export class WebhookEndpoints {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly resolver: HostResolver,
    private readonly audit: AuditTrail,
    private readonly tx: TransactionHost,
    private readonly config: AppConfig,
  ) {}

  async create(
    input: { url: string; events: WebhookEventType[]; description?: string | null },
    adminId: number,
  ): Promise<WebhookEndpoint & { secret: string }> {
    await this.checkUrl(input.url);
    const secret = newWebhookSecret();
    return this.tx.run(async () => {
      const saved = await this.endpoints.create({
        url: input.url,
        events: [...new Set(input.events)],
        description: input.description?.trim() || null,
        secret,
        createdBy: adminId,
      });
      await this.audit.record({
        action: 'webhook.created',
        targetType: 'webhook',
        targetId: saved.id,
        summary: `Added webhook endpoint ${saved.url} for ${saved.events.join(', ')}`,
      });
      return { ...saved, secret };
    });
  }

  list(): Promise<WebhookEndpoint[]> {
    return this.endpoints.list();
  }

  async update(id: number, changes: EndpointChanges): Promise<WebhookEndpoint> {
    if (changes.url !== undefined) await this.checkUrl(changes.url);
    return this.tx.run(async () => {
      const before = await this.endpoints.find(id);
      if (!before) throw notFound();
      const after = await this.endpoints.update(id, {
        ...changes,
        ...(changes.events ? { events: [...new Set(changes.events)] } : {}),
        ...(changes.description !== undefined ? { description: changes.description?.trim() || null } : {}),
      });
      if (!after) throw notFound();
      const what: string[] = [];
      if (before.url !== after.url) what.push(`URL ${before.url} → ${after.url}`);
      if (before.events.join() !== after.events.join()) what.push(`events ${after.events.join(', ')}`);
      if (before.enabled !== after.enabled) what.push(after.enabled ? 'enabled' : 'disabled');
      if (before.description !== after.description) what.push('description');
      await this.audit.record({
        action: 'webhook.updated',
        targetType: 'webhook',
        targetId: id,
        summary: `Updated webhook endpoint ${after.url}: ${what.length ? what.join(', ') : 'no change'}`,
      });
      return after;
    });
  }

  async remove(id: number): Promise<void> {
    await this.tx.run(async () => {
      const removed = await this.endpoints.remove(id);
      if (!removed) throw notFound();
      await this.audit.record({
        action: 'webhook.deleted',
        targetType: 'webhook',
        targetId: id,
        summary: `Removed webhook endpoint ${removed.url}`,
      });
    });
  }

  private async checkUrl(url: string): Promise<void> {
    const problem = await webhookUrlProblem(url, this.config.webhookAllowPrivateUrls, (host) => this.resolver.addresses(host));
    if (problem) {
      const message = WEBHOOK_URL_MESSAGES[problem];
      throw new DomainError('validation', 'WEBHOOK.BAD_URL', message, { url: message });
    }
  }
}
