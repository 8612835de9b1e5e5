import type { WebhookEndpoint, WebhookEventType } from '../../domain/webhook-endpoint';

export interface EndpointChanges {
  url?: string;
  events?: WebhookEventType[];
  description?: string | null;
  enabled?: boolean;
}

/** Port: webhook endpoints. The secret is written once and read only to sign deliveries. */
export abstract class WebhookEndpointRepository {
  abstract create(input: {
    url: string;
    events: WebhookEventType[];
    description: string | null;
    secret: string;
    createdBy: number;
  }): Promise<WebhookEndpoint>;
  abstract list(): Promise<WebhookEndpoint[]>;
  abstract find(id: number): Promise<WebhookEndpoint | null>;
  abstract update(id: number, changes: EndpointChanges): Promise<WebhookEndpoint | null>;
  abstract remove(id: number): Promise<WebhookEndpoint | null>;
}
