import { operationIdFor, summaryFromOperationId } from './operation-ids';

describe('operation ids', () => {
  it.each([
    ['ProjectsController', 'list', 'listProjects'],
    ['ProjectsController', 'one', 'getProject'],
    ['ServicesController', 'create', 'createService'],
    ['WebhookDeliveriesController', 'remove', 'deleteWebhookDelivery'],
    ['ApiTokensController', 'revoke', 'revokeApiToken'],
    ['WebhookDeliveriesController', 'retry', 'retryWebhookDelivery'],
    ['AuthController', 'completeSignIn', 'completeSignIn'],
  ])('%s.%s → %s', (controller, method, id) => {
    expect(operationIdFor(controller, method)).toBe(id);
  });

  it('reads an id as a summary', () => {
    expect(summaryFromOperationId('listWebhookDeliveries')).toBe('List webhook deliveries');
    expect(summaryFromOperationId('exportPaymentsCsv')).toBe('Export payments csv');
  });
});
