import userEvent from '@testing-library/user-event';
import { fakeDataProvider, renderInAdmin } from '../clients/testing';
import type { Reply } from '../email/testing';
import { IntegrationsPage } from './IntegrationsPage';
import type { ApiToken, WebhookDelivery, WebhookEndpoint } from './types';

export { fakeServer, findToast, dismissToast } from '../email/testing';

export function tokenRow(overrides: Partial<ApiToken> = {}): ApiToken {
  return {
    id: 1,
    name: 'Accounting sync',
    scope: 'read',
    hint: 'sp_Xk3f9QaB',
    createdAt: '2025-03-04T10:00:00.000Z',
    expiresAt: '2025-06-02T10:00:00.000Z',
    lastUsedAt: null,
    ...overrides,
  };
}

export function endpointRow(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: 5,
    url: 'https://hooks.example.com/studio',
    events: ['project.paid', 'payment.succeeded'],
    description: 'Accounting',
    enabled: true,
    createdAt: '2025-03-04T10:00:00.000Z',
    ...overrides,
  };
}

export function deliveryRow(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 11,
    eventId: 'evt_1',
    type: 'project.paid',
    status: 'succeeded',
    attempts: 1,
    lastStatusCode: 200,
    lastError: null,
    nextAttemptAt: null,
    createdAt: '2025-03-05T09:00:00.000Z',
    ...overrides,
  };
}

/** A deliveries page as the server sends it: the rows and a Content-Range header. */
export function deliveriesReply(rows: WebhookDelivery[], total = rows.length): Reply {
  const end = rows.length ? rows.length - 1 : 0;
  return { body: rows, headers: { 'Content-Range': `webhook-deliveries 0-${end}/${total}` } };
}

/** Renders the Integrations page inside react-admin's contexts, with toasts (its calls reach `fakeServer`). */
export function renderIntegrationsPage() {
  const user = userEvent.setup();
  const result = renderInAdmin(<IntegrationsPage />, { dataProvider: fakeDataProvider() });
  return { ...result, user };
}
