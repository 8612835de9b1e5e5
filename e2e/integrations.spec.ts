import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { ADMIN, expect, newPerson, signIn, signInByApi, test } from './support/fixtures';

/** docs/screenshots/issue-17: the page on a desktop and on a phone (set SCREENSHOTS=1 to write them). */
const SHOTS = process.env.SCREENSHOTS === '1' ? 'docs/screenshots/issue-17' : undefined;

async function openIntegrations(page: Page): Promise<void> {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/?$/);
  // the menu item leads there
  await page.getByRole('menuitem', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/admin\/integrations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
}

test.describe('Integrations page (issue 17)', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('creates an API token, copies it, uses it, and revokes it', async ({ page, playwright, baseURL }) => {
    const name = `E2E token ${newPerson('tok').email}`;
    await openIntegrations(page);
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API token' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('radio', { name: /Read only/ }).check();
    await dialog.getByRole('combobox', { name: 'Expires after' }).click();
    await page.getByRole('option', { name: '30 days' }).click();
    await dialog.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API token' });
    await expect(shown.getByText('it will not be shown again')).toBeVisible();
    const secret = (await shown.getByTestId('secret-value').textContent())!.trim();
    expect(secret).toMatch(/^sp_[A-Za-z0-9_-]{32,}$/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect(shown.getByText('Copied to the clipboard')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(secret);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/2-token-shown-once.png` });
    }
    await shown.getByRole('button', { name: 'Done' }).click();

    const item = page.getByRole('list', { name: 'API tokens' }).getByRole('listitem').filter({ hasText: name });
    await expect(item).toContainText('Read only');
    await expect(item).toContainText(`${secret.slice(0, 12)}…`);
    await expect(item).toContainText('Last usedNever');

    // the copied token works from outside the browser: no cookie, only the Authorization header
    const api = await playwright.request.newContext({ baseURL });
    const projects = await api.get('/api/projects', { headers: { Authorization: `Bearer ${copied}` } });
    expect(projects.status()).toBe(200);
    expect(Array.isArray(await projects.json())).toBe(true);
    // a read-only token may not change anything
    const refused = await api.post('/api/projects', { headers: { Authorization: `Bearer ${copied}` }, data: { name: 'x' } });
    expect(refused.status()).toBe(403);

    await page.reload();
    await expect(item).not.toContainText('Last usedNever');

    await item.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke token' });
    await expect(confirm).toContainText('will stop working at once');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Token revoked' })).toBeVisible();
    await expect(item).toHaveCount(0);

    const afterRevoke = await api.get('/api/projects', { headers: { Authorization: `Bearer ${copied}` } });
    expect(afterRevoke.status()).toBe(401);
    await api.dispose();
  });

  test('adds a webhook endpoint with its secret once, turns it off and on, edits and deletes it', async ({ page, browser }) => {
    const path = `/hook-${newPerson('wh').email.split('@')[0]}`;
    const url = `http://127.0.0.1:9${path}`;
    await openIntegrations(page);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByText('Choose at least one event')).toBeVisible();
    // the server's own refusal is shown in the form (a user name in the URL is refused whatever the setting)
    await dialog.getByLabel('URL').fill('http://someone:secret@127.0.0.1:9/hook');
    await dialog.getByRole('checkbox', { name: 'project.paid' }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByRole('alert')).toContainText('URL must not contain a user name or password');
    await dialog.getByLabel('URL').fill(url);
    await dialog.getByRole('checkbox', { name: 'payment.succeeded' }).check();
    await dialog.getByLabel('Description (optional)').fill('E2E receiver');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/3-add-endpoint.png` });
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const shown = page.getByRole('dialog', { name: "Your endpoint's signing secret" });
    await expect(shown.getByTestId('secret-value')).toHaveText(/^whsec_\S+$/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect(shown.getByText('Copied to the clipboard')).toBeVisible();
    await shown.getByRole('button', { name: 'Done' }).click();

    const item = page.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem').filter({ hasText: url }).first();
    await expect(item).toContainText('E2E receiver');
    await expect(item.getByRole('list', { name: 'Events' })).toContainText('project.paid');
    await expect(item.getByRole('list', { name: 'Events' })).toContainText('payment.succeeded');

    await item.getByRole('switch', { name: 'Enabled' }).click();
    await expect(item.getByRole('switch', { name: 'Disabled' })).not.toBeChecked();
    await page.reload();
    await expect(item.getByRole('switch', { name: 'Disabled' })).not.toBeChecked();
    await item.getByRole('switch', { name: 'Disabled' }).click();
    await expect(item.getByRole('switch', { name: 'Enabled' })).toBeChecked();

    await item.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit endpoint' });
    await expect(edit.getByLabel('URL')).toHaveValue(url);
    await edit.getByRole('checkbox', { name: 'payment.succeeded' }).uncheck();
    await edit.getByRole('checkbox', { name: 'credits.redeemed' }).check();
    await edit.getByLabel('Description (optional)').fill('E2E receiver, edited');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(item).toContainText('E2E receiver, edited');
    await expect(item.getByRole('list', { name: 'Events' })).toContainText('credits.redeemed');
    await expect(item.getByRole('list', { name: 'Events' })).not.toContainText('payment.succeeded');

    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/1-integrations-desktop.png`, fullPage: true });
      // the phone: a context of its own (react-admin picks its phone layout when it starts)
      const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
      await signInByApi(phone, ADMIN.email, ADMIN.password);
      await phone.goto('/admin/integrations');
      await expect(phone.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
      await expect(phone.getByText(url)).toBeVisible();
      // no sideways scrolling on a phone
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await phone.getByRole('button', { name: 'Create token' }).click();
      await expect(phone.getByRole('dialog', { name: 'Create API token' })).toBeVisible();
      await phone.waitForTimeout(400); // the dialog's fade-in, for the picture
      await phone.screenshot({ path: `${SHOTS}/5-create-token-phone.png` });
      await phone.context().close();
    }

    await item.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete endpoint' });
    await expect(confirm).toContainText(url);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Endpoint deleted' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem').filter({ hasText: url })).toHaveCount(0);
  });

  test('sends a test event to a real receiver: the log shows the refused try, Retry delivers it, signed', async ({ page, browser }) => {
    // The integrator's receiver: refuses the first delivery (500), takes the next (204).
    const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(received.length === 1 ? 500 : 204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/studio-hooks`;
    try {
      await openIntegrations(page);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
      await dialog.getByLabel('URL').fill(url);
      await dialog.getByRole('checkbox', { name: 'project.paid' }).check();
      await dialog.getByLabel('Description (optional)').fill('Accounting');
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      const shown = page.getByRole('dialog', { name: "Your endpoint's signing secret" });
      const secret = (await shown.getByTestId('secret-value').textContent())!.trim();
      await shown.getByRole('button', { name: 'Done' }).click();

      const item = page.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem').filter({ hasText: url }).first();
      await item.getByRole('button', { name: 'Send test event' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Test event sent' })).toBeVisible();
      // the log opens by itself
      await expect(item.getByRole('button', { name: 'Hide deliveries' })).toBeVisible();
      const row = item.getByRole('list', { name: 'Deliveries' }).getByRole('listitem').first();
      await expect(row).toContainText('ping');
      // the first try is made at once and refused; the log looks again by itself while it is pending
      await expect(row).toContainText('HTTP 500', { timeout: 10_000 });
      await expect(row).toContainText('The receiver answered 500');
      await expect(row).toContainText('1 attempt');
      await expect(row).toContainText('next try');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/6-delivery-failed.png`, fullPage: true });

      await row.getByRole('button', { name: /^Retry ping delivery/ }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Delivery queued' })).toBeVisible();
      await expect(row.locator('[data-status="succeeded"]')).toBeVisible({ timeout: 10_000 });
      await expect(row).toContainText('HTTP 204');
      await expect(row.getByRole('button', { name: /^Retry/ })).toHaveCount(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/7-delivery-retried.png`, fullPage: true });

      // what the receiver got: the same event twice, each signed with the endpoint's secret
      expect(received).toHaveLength(2);
      const event = JSON.parse(received[0].body) as { id: string; type: string; data: { endpoint: { url: string } } };
      expect(event).toMatchObject({ type: 'ping', data: { endpoint: { url } } });
      for (const r of received) {
        expect(r.body).toBe(received[0].body);
        expect(r.headers['studio-event-id']).toBe(event.id);
        const [t, v1] = String(r.headers['studio-signature'])
          .split(',')
          .map((kv) => kv.split('=')[1]);
        expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${r.body}`).digest('hex'));
      }

      if (SHOTS) {
        const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
        await signInByApi(phone, ADMIN.email, ADMIN.password);
        await phone.goto('/admin/integrations');
        const phoneItem = phone.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem').filter({ hasText: url }).first();
        await phoneItem.getByRole('button', { name: 'Deliveries' }).click();
        await expect(phoneItem.getByRole('list', { name: 'Deliveries' })).toContainText('HTTP 204');
        await phone.screenshot({ path: `${SHOTS}/4-integrations-phone.png`, fullPage: true });
        expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await phone.context().close();
      }
      await item.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete endpoint' }).getByRole('button', { name: 'Delete' }).click();
    } finally {
      receiver.closeAllConnections();
      await new Promise((r) => receiver.close(r));
    }
  });
});
