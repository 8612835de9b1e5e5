import type { WebhookEventType } from '../../../shared/integrations/webhook-events';

export { WEBHOOK_EVENTS, type WebhookEventType } from '../../../shared/integrations/webhook-events';

export interface WebhookEndpoint {
  id: number;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  enabled: boolean;
  createdAt: Date;
}
