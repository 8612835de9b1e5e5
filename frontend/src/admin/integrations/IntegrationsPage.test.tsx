import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../shared/ui/formatters';
import { deliveriesReply, deliveryRow, endpointRow, fakeServer, findToast, renderIntegrationsPage, tokenRow } from './testing';

const token = 'sp_' + 'a'.repeat(43);
const tokensList = () => screen.findByRole('list', { name: 'API tokens' });
const endpointsList = () => screen.findByRole('list', { name: 'Webhook endpoints' });

describe('Integrations page', { timeout: 20_000 }, () => {
  it('lists the live tokens with their scope, hint and dates, and says when there is no endpoint', async () => {
    fakeServer({
      'GET /api/api-tokens': {
        body: [
          tokenRow(),
          tokenRow({ id: 2, name: 'Zapier', scope: 'write', hint: 'sp_Zz9', expiresAt: null, lastUsedAt: '2025-03-06T08:00:00.000Z' }),
        ],
      },
      'GET /api/webhook-endpoints': { body: [] },
    });
    renderIntegrationsPage();
    const items = within(await tokensList()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Accounting sync');
    expect(items[0]).toHaveTextContent('Read only');
    expect(items[0]).toHaveTextContent('sp_Xk3f9QaB…');
    expect(items[0]).toHaveTextContent(`Created${formatDateTime('2025-03-04T10:00:00.000Z')}`);
    expect(items[0]).toHaveTextContent(`Expires${formatDateTime('2025-06-02T10:00:00.000Z')}`);
    expect(items[0]).toHaveTextContent('Last usedNever');
    expect(items[1]).toHaveTextContent('Read and write');
    expect(items[1]).toHaveTextContent('ExpiresNever');
    expect(items[1]).toHaveTextContent(`Last used${formatDateTime('2025-03-06T08:00:00.000Z')}`);
    expect(await screen.findByText('No webhook endpoints yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument();
  });

  it('creates a token, shows it once with Copy, and lists it', async () => {
    let created = false;
    const server = fakeServer({
      'GET /api/api-tokens': () => ({ body: created ? [tokenRow({ id: 9, name: 'CI', scope: 'write', expiresAt: null })] : [] }),
      'GET /api/webhook-endpoints': { body: [] },
      'POST /api/api-tokens': () => {
        created = true;
        return { status: 201, body: { ...tokenRow({ id: 9, name: 'CI', scope: 'write', expiresAt: null }), token } };
      },
    });
    const { user } = renderIntegrationsPage();
    await screen.findByText('No API tokens yet.');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API token' });
    // a name is required
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(server.calls('POST /api/api-tokens')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'CI');
    await user.click(within(dialog).getByRole('radio', { name: /Read and write/ }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Expires after' }));
    await user.click(await screen.findByRole('option', { name: 'Never' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API token' });
    expect(server.calls('POST /api/api-tokens')[0]!.body).toEqual({ name: 'CI', scope: 'write' });
    expect(within(shown).getByTestId('secret-value')).toHaveTextContent(token);
    expect(shown).toHaveTextContent('it will not be shown again');
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await within(shown).findByText('Copied to the clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(token);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(await tokensList()).getByText('CI')).toBeInTheDocument();
  });

  it('sends the chosen expiry in days', async () => {
    const server = fakeServer({
      'GET /api/api-tokens': { body: [] },
      'GET /api/webhook-endpoints': { body: [] },
      'POST /api/api-tokens': { status: 201, body: { ...tokenRow(), token } },
    });
    const { user } = renderIntegrationsPage();
    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API token' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Reports');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    await screen.findByRole('dialog', { name: 'Your new API token' });
    expect(server.calls('POST /api/api-tokens')[0]!.body).toEqual({ name: 'Reports', scope: 'read', expiresInDays: 90 });
  });

  it('revokes a token after confirmation', async () => {
    let revoked = false;
    const server = fakeServer({
      'GET /api/api-tokens': () => ({ body: revoked ? [] : [tokenRow()] }),
      'GET /api/webhook-endpoints': { body: [] },
      'DELETE /api/api-tokens/1': () => {
        revoked = true;
        return { status: 204 };
      },
    });
    const { user } = renderIntegrationsPage();
    await user.click(within(await tokensList()).getByRole('button', { name: 'Revoke Accounting sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke token' });
    expect(dialog).toHaveTextContent('"Accounting sync" will stop working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls('DELETE /api/api-tokens/1')).toHaveLength(0);
    await user.click(within(await tokensList()).getByRole('button', { name: 'Revoke Accounting sync' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Revoke token' })).getByRole('button', { name: 'Revoke' }));
    expect(await findToast()).toHaveTextContent('Token revoked');
    expect(server.calls('DELETE /api/api-tokens/1')).toHaveLength(1);
    expect(await screen.findByText('No API tokens yet.')).toBeInTheDocument();
  });

  it('adds an endpoint: checks the form, shows the server refusal, then the secret once', async () => {
    let tries = 0;
    const server = fakeServer({
      'GET /api/api-tokens': { body: [] },
      'GET /api/webhook-endpoints': { body: [] },
      'POST /api/webhook-endpoints': () =>
        ++tries === 1
          ? {
              status: 400,
              body: {
                statusCode: 400,
                message: 'Webhook URLs must use https',
                code: 'VALIDATION',
                errors: { url: 'Webhook URLs must use https' },
              },
            }
          : { status: 201, body: { ...endpointRow({ url: 'https://example.com/hook' }), secret: 'whsec_abc123' } },
    });
    const { user } = renderIntegrationsPage();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('URL is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one event')).toBeInTheDocument();

    const events = within(dialog).getByRole('group', { name: 'Events' });
    expect(
      within(events)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')!.textContent),
    ).toEqual([
      'client.created',
      'project.created',
      'project.paid',
      'payment.succeeded',
      'payment.refunded',
      'credits.purchased',
      'credits.redeemed',
      'invoice.sent',
      'invoice.paid',
      'invoice.overdue',
    ]);
    await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), 'http://example.com/hook');
    await user.click(within(events).getByRole('checkbox', { name: 'project.paid' }));
    await user.click(within(events).getByRole('checkbox', { name: 'payment.refunded' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Webhook URLs must use https');
    expect(within(dialog).getByRole('textbox', { name: 'URL' })).toHaveAccessibleDescription('Webhook URLs must use https');

    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    await user.clear(url);
    await user.type(url, 'https://example.com/hook');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description (optional)' }), 'Books');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    const shown = await screen.findByRole('dialog', { name: "Your endpoint's signing secret" });
    expect(server.calls('POST /api/webhook-endpoints')[1]!.body).toEqual({
      url: 'https://example.com/hook',
      events: ['project.paid', 'payment.refunded'],
      description: 'Books',
    });
    expect(within(shown).getByTestId('secret-value')).toHaveTextContent('whsec_abc123');
    expect(shown).toHaveTextContent('it will not be shown again');
  });

  it('turns an endpoint off, edits it and deletes it after confirmation', async () => {
    let endpoint = endpointRow();
    let deleted = false;
    const server = fakeServer({
      'GET /api/api-tokens': { body: [] },
      'GET /api/webhook-endpoints': () => ({ body: deleted ? [] : [endpoint] }),
      'PATCH /api/webhook-endpoints/5': ({ body }) => {
        endpoint = { ...endpoint, ...(body as object) };
        return { body: endpoint };
      },
      'DELETE /api/webhook-endpoints/5': () => {
        deleted = true;
        return { status: 204 };
      },
    });
    const { user } = renderIntegrationsPage();
    const item = within(await endpointsList()).getAllByRole('listitem')[0]!;
    expect(item).toHaveTextContent('https://hooks.example.com/studio');
    expect(item).toHaveTextContent('Accounting');
    expect(
      within(within(item).getByRole('list', { name: 'Events' }))
        .getAllByRole('listitem')
        .map((e) => e.textContent),
    ).toEqual(['project.paid', 'payment.succeeded']);
    const toggle = within(item).getByRole('switch', { name: 'Enabled' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await findToast()).toHaveTextContent('Endpoint disabled');
    expect(server.calls('PATCH /api/webhook-endpoints/5')[0]!.body).toEqual({ enabled: false });
    await waitFor(() => expect(within(item).getByRole('switch', { name: 'Disabled' })).not.toBeChecked());

    await user.click(within(item).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit endpoint' });
    expect(within(dialog).getByRole('textbox', { name: 'URL' })).toHaveValue('https://hooks.example.com/studio');
    expect(within(dialog).getByRole('checkbox', { name: 'project.paid' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'credits.redeemed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.calls('PATCH /api/webhook-endpoints/5')).toHaveLength(2));
    expect(server.calls('PATCH /api/webhook-endpoints/5')[1]!.body).toEqual({
      url: 'https://hooks.example.com/studio',
      events: ['project.paid', 'payment.succeeded', 'credits.redeemed'],
      description: 'Accounting',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit endpoint' })).not.toBeInTheDocument());

    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete endpoint' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No webhook endpoints yet.')).toBeInTheDocument();
    expect(server.calls('DELETE /api/webhook-endpoints/5')).toHaveLength(1);
  });

  it('shows the delivery log, sends a test event and retries a failed delivery', async () => {
    let tested = false;
    const failed = deliveryRow({
      id: 12,
      type: 'payment.succeeded',
      status: 'failed',
      attempts: 8,
      lastStatusCode: 500,
      lastError: 'Internal Server Error',
    });
    const pending = deliveryRow({
      id: 13,
      type: 'project.paid',
      status: 'pending',
      attempts: 2,
      lastStatusCode: null,
      lastError: 'connect ECONNREFUSED 127.0.0.1:9',
      nextAttemptAt: '2025-03-05T09:02:00.000Z',
    });
    const server = fakeServer({
      'GET /api/api-tokens': { body: [] },
      'GET /api/webhook-endpoints': { body: [endpointRow()] },
      'GET /api/webhook-endpoints/5/deliveries': () =>
        deliveriesReply(
          tested
            ? [deliveryRow({ id: 14, type: 'ping', status: 'pending', attempts: 0, lastStatusCode: null }), failed, pending]
            : [failed, pending, deliveryRow()],
          23,
        ),
      // the test route may answer 202 with the event or 201 with the delivery: any 2xx will do
      'POST /api/webhook-endpoints/5/test': () => {
        tested = true;
        return { status: 202, body: { id: 'evt_9', type: 'ping' } };
      },
      'POST /api/webhook-deliveries/12/retry': { status: 202, body: { ...failed, status: 'pending' } },
    });
    const { user } = renderIntegrationsPage();
    const item = within(await endpointsList()).getAllByRole('listitem')[0]!;
    await user.click(within(item).getByRole('button', { name: 'Deliveries' }));
    const log = await within(item).findByRole('list', { name: 'Deliveries' });
    expect(server.param(server.calls('GET /api/webhook-endpoints/5/deliveries')[0]!, 'range')).toEqual([0, 9]);
    expect(within(item).getByText('Latest 3 of 23 deliveries')).toBeInTheDocument();
    const rows = within(log).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Failed');
    expect(rows[0]).toHaveTextContent('HTTP 500 · 8 attempts');
    expect(rows[0]).toHaveTextContent('Internal Server Error');
    expect(rows[1]).toHaveTextContent('Pending');
    expect(rows[1]).toHaveTextContent(`No answer yet · 2 attempts · next try ${formatDateTime('2025-03-05T09:02:00.000Z')}`);
    expect(rows[1]).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:9');
    expect(rows[2]).toHaveTextContent('Succeeded');
    expect(rows[2]).toHaveTextContent('HTTP 200 · 1 attempt');
    expect(within(rows[0]!).getByRole('button', { name: /^Retry/ })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: /^Retry/ })).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();

    await user.click(within(rows[0]!).getByRole('button', { name: /^Retry/ }));
    expect(await findToast()).toHaveTextContent('Delivery queued');
    expect(server.calls('POST /api/webhook-deliveries/12/retry')).toHaveLength(1);

    const before = server.calls('GET /api/webhook-endpoints/5/deliveries').length;
    await user.click(within(item).getByRole('button', { name: 'Send test event' }));
    expect(server.calls('POST /api/webhook-endpoints/5/test')).toHaveLength(1);
    await waitFor(() => expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('ping'));
    expect(server.calls('GET /api/webhook-endpoints/5/deliveries').length).toBeGreaterThan(before);
  });

  it('says so when a test event is refused', async () => {
    fakeServer({
      'GET /api/api-tokens': { body: [] },
      'GET /api/webhook-endpoints': { body: [endpointRow()] },
      'POST /api/webhook-endpoints/5/test': { status: 409, body: { statusCode: 409, message: 'This endpoint is turned off' } },
    });
    const { user } = renderIntegrationsPage();
    const item = within(await endpointsList()).getAllByRole('listitem')[0]!;
    await user.click(within(item).getByRole('button', { name: 'Send test event' }));
    expect(await findToast('destructive')).toHaveTextContent('This endpoint is turned off');
  });
});
