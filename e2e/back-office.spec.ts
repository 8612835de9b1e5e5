import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { ADMIN, expect, newPerson, signIn, test } from './support/fixtures';

/** A signed-in page in a fresh browser context (its own cookies). */
async function session(browser: Browser, baseURL: string | undefined, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

async function createService(admin: Page, name: string, price: string): Promise<void> {
  await admin.goto('/admin/services');
  await admin.getByRole('button', { name: 'New Service' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Service Name').fill(name);
  await dialog.getByLabel('Price ($)').fill(price);
  await dialog.getByRole('button', { name: 'Create Service' }).click();
  await expect(admin.getByText('Service created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test.describe('Back office and My Projects (issue 3)', () => {
  test('services, a client and a project → the client sees it Unpaid → marked paid → Paid with View Project', async ({
    browser,
    baseURL,
  }) => {
    const tag = `E2E${Date.now().toString(36)}`;
    const client = newPerson('studio');
    const admin = await session(browser, baseURL, ADMIN.email, ADMIN.password);
    await expect(admin).toHaveURL(/\/admin\/?$/);

    await createService(admin, `${tag} Aerial photos`, '150');
    await createService(admin, `${tag} Twilight shoot`, '99.50');

    await admin.goto('/admin/clients');
    await admin.getByRole('button', { name: 'New Client' }).click();
    const clientDialog = admin.getByRole('dialog');
    await clientDialog.getByLabel('Name').fill(client.name);
    await clientDialog.getByLabel('Email').fill(client.email);
    await clientDialog.getByLabel('Password').fill(client.password);
    await clientDialog.getByRole('button', { name: 'Create Client' }).click();
    await expect(admin.getByText('Client created successfully')).toBeVisible();
    await expect(admin.getByRole('cell', { name: client.email })).toBeVisible();

    await admin.goto('/admin/projects');
    await admin.getByRole('button', { name: 'New Project', exact: true }).click();
    const projectDialog = admin.getByRole('dialog');
    await projectDialog.getByLabel('Project Name').fill(`${tag} Harbour Lane`);
    await projectDialog.getByRole('combobox', { name: 'Client' }).fill(client.name);
    await admin.getByRole('option', { name: client.name }).click();
    const serviceBox = projectDialog.getByRole('combobox', { name: 'Service' });
    for (const [service, quantity] of [
      [`${tag} Aerial photos`, 2],
      [`${tag} Twilight shoot`, 1],
    ] as const) {
      // On a busy machine a click can reach the list while it is still opening: choose until the box shows the service.
      await expect(async () => {
        const option = admin.getByRole('option', { name: new RegExp(service) });
        if (!(await option.isVisible())) await serviceBox.click();
        await option.click({ timeout: 2_000 });
        await expect(serviceBox).toContainText(service, { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await projectDialog.getByLabel('Quantity', { exact: true }).fill(String(quantity));
      await projectDialog.getByRole('button', { name: 'Add' }).click();
    }
    await expect(projectDialog.getByLabel('Total Price')).toHaveValue('$399.50');
    await projectDialog.getByRole('button', { name: 'Create Project' }).click();
    await expect(admin.getByText('Project created')).toBeVisible();
    const row = admin.getByRole('row', { name: new RegExp(`${tag} Harbour Lane`) });
    await expect(row).toContainText('$399.50');
    await expect(row).toContainText('Unpaid');

    const portal = await session(browser, baseURL, client.email, client.password);
    await expect(portal).toHaveURL(/\/projects$/);
    const card = portal.getByRole('article').filter({ hasText: `${tag} Harbour Lane` });
    await expect(card).toContainText('Unpaid');
    await expect(card).toContainText('$399.50');
    await expect(card.getByRole('button', { name: 'View Project' })).toHaveCount(0);

    await row.getByRole('button', { name: 'Mark as Paid' }).click();
    await expect(admin.getByText('Project marked as paid')).toBeVisible();
    await expect(row).toContainText('Paid');

    await portal.getByRole('button', { name: 'Refresh Projects' }).click();
    await expect(card).toContainText('Paid');
    await expect(card).not.toContainText('Unpaid');
    await expect(card.getByRole('button', { name: 'View Project' }).or(card.getByRole('link', { name: 'View Project' }))).toBeVisible();
    await portal.context().close();
    await admin.context().close();
  });

  test('the CSV export holds the payments the table shows', async ({ browser, baseURL, request }) => {
    const tag = `CSV${Date.now().toString(36)}`;
    const admin = await session(browser, baseURL, ADMIN.email, ADMIN.password);
    await expect(admin).toHaveURL(/\/admin\/?$/);
    // Two paid projects for a new client, made through the API as the admin.
    const api = admin.request;
    const person = newPerson('csv');
    const { id: clientId } = await (
      await api.post('/api/register', { data: { username: person.name, email: person.email, password: person.password, role: 'client' } })
    ).json();
    for (const [name, price] of [
      ['North', '120'],
      ['South', '80.25'],
    ] as const) {
      const { id } = await (
        await api.post('/api/projects', { data: { name: `${tag} ${name}`, clientId, price, selectedServices: [] } })
      ).json();
      expect((await api.patch(`/api/projects/${id}/mark-paid`, { data: {} })).ok()).toBe(true);
    }
    void request;

    await admin.goto('/admin/payments');
    await admin.getByPlaceholder('Search payments...').fill(tag);
    const rows = admin.getByRole('row').filter({ hasText: tag });
    await expect(rows).toHaveCount(2);
    await expect(admin.getByText('$200.25')).toBeVisible();
    const shown = (await rows.allTextContents()).map((t) => (t.includes('North') ? 'North' : 'South'));

    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('ID,Date,Project,Client,Amount (USD),Refunded (USD),Payment Method,Status,Note');
    expect(lines.slice(1).map((l) => (l.includes('North') ? 'North' : 'South'))).toEqual(shown);
    expect(lines.slice(1).every((l) => l.includes(person.name) && l.includes('Manual') && l.includes('completed'))).toBe(true);
    expect(lines.slice(1).some((l) => l.includes('80.25'))).toBe(true);
    await admin.context().close();
  });

  test('the search boxes filter as the spec says', async ({ browser, baseURL }) => {
    const tag = `FIND${Date.now().toString(36)}`;
    const admin = await session(browser, baseURL, ADMIN.email, ADMIN.password);
    await expect(admin).toHaveURL(/\/admin\/?$/);
    const api = admin.request;
    const people = [newPerson('seek'), newPerson('seek')];
    const ids: number[] = [];
    for (const [i, p] of people.entries()) {
      const res = await api.post('/api/register', {
        data: { username: `${tag} ${i ? 'Zora' : 'Yann'}`, email: p.email, password: p.password, role: 'client' },
      });
      ids.push((await res.json()).id);
    }
    const { id: serviceId } = await (
      await api.post('/api/services', { data: { name: `${tag} Drone`, description: 'Sky-high views of the garden', price: 60 } })
    ).json();
    await api.post('/api/projects', { data: { name: `${tag} Cottage`, clientId: ids[0], selectedServices: [{ serviceId, quantity: 1 }] } });
    await api.post('/api/projects', { data: { name: `${tag} Villa`, clientId: ids[0], price: 10, selectedServices: [] } });

    // Clients: name or e-mail, any case.
    await admin.goto('/admin/clients');
    await admin.getByPlaceholder('Search clients by name or email...').fill(`${tag.toLowerCase()} zora`);
    await expect(admin.getByRole('row').filter({ hasText: tag })).toHaveCount(1);
    await admin.getByPlaceholder('Search clients by name or email...').fill(people[0].email.toUpperCase());
    await expect(admin.getByRole('row').filter({ hasText: `${tag} Yann` })).toHaveCount(1);

    // Projects: by a service's name, and by the client's name.
    await admin.goto('/admin/projects');
    await admin.getByPlaceholder('Search projects...').fill(`${tag} drone`);
    await expect(admin.getByRole('row').filter({ hasText: tag })).toHaveCount(1);
    await expect(admin.getByRole('row').filter({ hasText: `${tag} Cottage` })).toHaveCount(1);
    await admin.getByPlaceholder('Search projects...').fill(`${tag} Yann`);
    await expect(admin.getByRole('row').filter({ hasText: tag })).toHaveCount(2);
    await admin.context().close();

    // My Projects: in the browser, over name, description, service name or service description.
    const portal = await session(browser, baseURL, people[0].email, people[0].password);
    await expect(portal).toHaveURL(/\/projects$/);
    await expect(portal.getByRole('article')).toHaveCount(2);
    await portal.getByPlaceholder('Search projects by address or name...').fill('SKY-HIGH');
    await expect(portal.getByRole('article')).toHaveCount(1);
    await expect(portal.getByRole('article')).toContainText(`${tag} Cottage`);
    await portal.getByPlaceholder('Search projects by address or name...').fill('villa');
    await expect(portal.getByRole('article')).toContainText(`${tag} Villa`);
    await portal.context().close();
  });

  test('Book a Session embeds the booking page', async ({ page }) => {
    const p = newPerson('book');
    // Registering through the page's own request context signs this browser in.
    await page.request.post('/api/register', { data: { username: p.name, email: p.email, password: p.password } });
    await page.goto('/projects');
    await page.getByRole('link', { name: 'Book a Session' }).click();
    await expect(page.getByRole('heading', { name: 'Book a Session' })).toBeVisible();
    const frame = page.frameLocator('iframe[title="Booking calendar"]');
    await expect(frame.getByRole('heading', { name: 'Pick a time for your session' })).toBeVisible();
    const box = await page.locator('iframe[title="Booking calendar"]').boundingBox();
    expect(Math.round(box!.height)).toBe(1200);
    await expect(page.getByRole('link', { name: 'Open booking page in a new tab' })).toHaveAttribute('href', process.env.E2E_BOOKING_URL!);
  });
});
