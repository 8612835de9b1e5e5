import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { ADMIN, expect, newPerson, signInByApi, test } from './support/fixtures';

/** The serious and critical WCAG 2.1 A/AA violations on the page, as readable lines. */
async function violations(page: Page, what: string): Promise<string[]> {
  return (await seriousViolations(page)).map((v) => `${what}: ${v.id} (${v.impact}) ${v.help}: ${v.targets}`);
}

/** Tab a few times: the focus stays inside the dialog; Escape closes it and the focus comes back. */
async function keyboardDialog(page: Page, opener: Locator, dialogName: string | RegExp): Promise<void> {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test.describe('Back office accessibility (issue 15)', () => {
  test('0 serious or critical axe violations on every admin page; the dialogs work from the keyboard', async ({ page }) => {
    test.setTimeout(180_000);
    const found: string[] = [];

    // one client and one project, so that the lists, the side panel and the credits rows have content
    await signInByApi(page, ADMIN.email, ADMIN.password);
    const person = newPerson('a11y');
    const registered = await page.request.post('/api/register', {
      data: { username: person.name, email: person.email, password: person.password, role: 'client' },
    });
    expect(registered.ok()).toBe(true);
    const client = (await registered.json()) as { id?: number; user?: { id: number } };
    const clientId = client.user?.id ?? client.id;
    const project = await page.request.post('/api/projects', {
      data: { name: `A11y project ${person.email}`, clientId, price: 120 },
    });
    expect(project.ok()).toBe(true);

    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    found.push(...(await violations(page, '/admin')));

    await page.goto('/admin/clients');
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: person.email })).toBeVisible();
    found.push(...(await violations(page, '/admin/clients')));
    await keyboardDialog(page, page.getByRole('button', { name: 'New Client' }), 'New Client');
    // one open create dialog
    await page.getByRole('button', { name: 'New Client' }).click();
    await expect(page.getByRole('dialog', { name: 'New Client' })).toBeVisible();
    found.push(...(await violations(page, '/admin/clients, New Client dialog')));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await keyboardDialog(
      page,
      page.getByRole('row').filter({ hasText: person.email }).getByRole('button', { name: 'Edit' }),
      'Edit Client',
    );

    await page.goto('/admin/projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    const projectRow = page.getByRole('row').filter({ hasText: `A11y project ${person.email}` });
    await expect(projectRow).toBeVisible();
    found.push(...(await violations(page, '/admin/projects')));
    await projectRow.getByRole('button', { name: 'View project' }).click();
    await expect(page.getByRole('dialog').or(page.getByRole('complementary')).first()).toBeVisible();
    found.push(...(await violations(page, '/admin/projects, side panel')));
    await page.keyboard.press('Escape');
    await keyboardDialog(page, page.getByRole('button', { name: 'New Project' }), /Project/);

    await page.goto('/admin/services');
    await expect(page.getByRole('heading', { level: 1, name: 'Photography Services' })).toBeVisible();
    found.push(...(await violations(page, '/admin/services')));
    await keyboardDialog(page, page.getByRole('button', { name: 'New Service' }), /Service/);

    await page.goto('/admin/payments');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment History' })).toBeVisible();
    found.push(...(await violations(page, '/admin/payments')));

    await page.goto('/admin/credits');
    await expect(page.getByRole('heading', { level: 1, name: 'Bundles' })).toBeVisible();
    await page.getByPlaceholder('Search clients by name or email...').fill(person.email);
    const creditsRow = page.getByRole('row').filter({ hasText: person.email });
    await expect(creditsRow).toBeVisible();
    await creditsRow.getByRole('button', { expanded: false }).click();
    await expect(page.getByRole('table', { name: 'Transaction history' }).or(page.getByText('No transaction history.'))).toBeVisible();
    found.push(...(await violations(page, '/admin/credits')));
    await keyboardDialog(page, page.getByRole('button', { name: 'Add Bundle' }), 'Create Bundle');
    await keyboardDialog(page, creditsRow.getByRole('button', { name: 'Adjust credits' }), 'Adjust Credits');

    await page.goto('/admin/email');
    await expect(page.getByRole('heading', { level: 1, name: 'Email System' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'View email' }).first()).toBeVisible();
    found.push(...(await violations(page, '/admin/email')));
    await keyboardDialog(page, page.getByRole('button', { name: 'View email' }).first(), /.+/);

    await page.goto('/admin/audit-events');
    await expect(page.getByRole('heading', { level: 1, name: 'Activity Log' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Activity' }).getByText(`A11y project ${person.email}`, { exact: false })).toBeVisible();
    found.push(...(await violations(page, '/admin/audit-events')));

    // a token and an endpoint, so that both lists have content
    const token = await page.request.post('/api/api-tokens', { data: { name: `A11y token ${person.email}`, scope: 'read' } });
    expect(token.ok()).toBe(true);
    const endpoint = await page.request.post('/api/webhook-endpoints', {
      data: { url: 'http://127.0.0.1:9/a11y', events: ['project.paid'], description: 'A11y' },
    });
    expect(endpoint.ok()).toBe(true);
    await page.goto('/admin/integrations');
    await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    await expect(page.getByText(`A11y token ${person.email}`)).toBeVisible();
    found.push(...(await violations(page, '/admin/integrations')));
    await keyboardDialog(page, page.getByRole('button', { name: 'Create token' }), 'Create API token');
    await keyboardDialog(page, page.getByRole('button', { name: 'Add endpoint' }), 'Add endpoint');
    await page
      .getByRole('listitem')
      .filter({ hasText: 'http://127.0.0.1:9/a11y' })
      .first()
      .getByRole('button', { name: 'Deliveries' })
      .click();
    // the log, or (until the delivery routes exist) its error
    const log = page.getByRole('list', { name: 'Deliveries' }).or(page.getByText('No deliveries yet')).or(page.getByRole('alert'));
    await expect(log.first()).toBeVisible();
    found.push(...(await violations(page, '/admin/integrations (deliveries open)')));

    expect(found).toEqual([]);
  });
});
