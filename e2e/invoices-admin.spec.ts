import type { APIRequestContext } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { ADMIN, expect, mailbox, newPerson, signInByApi, test } from './support/fixtures';

/** 'YYYY-MM-DD', `days` from today (UTC; a day either way of the studio's date changes nothing below). */
function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** As the admin: a client with a $900 project (one service) whose invoice is one payment due 10 days ago: overdue. */
async function overdueInvoice(request: APIRequestContext) {
  const login = await request.post('/api/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(login.ok()).toBe(true);
  const person = newPerson('invadmin');
  const registered = await request.post('/api/register', {
    data: { username: person.name, email: person.email, password: person.password, role: 'client' },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const client = (await registered.json()) as { id: number };
  const tag = Date.now().toString(36);
  const service = await request.post('/api/services', { data: { name: `Harbour album ${tag}`, price: 900 } });
  expect(service.ok(), await service.text()).toBe(true);
  const name = `Harbour album ${tag}`;
  const created = await request.post('/api/projects', {
    data: { name, clientId: client.id, selectedServices: [{ serviceId: (await service.json()).id, quantity: 1 }] },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const project = await created.json();
  expect(project.invoiceId, JSON.stringify(project)).toEqual(expect.any(Number));
  const schedule = await request.put(`/api/invoices/${project.invoiceId}/schedule`, {
    data: [{ label: 'Payment', amount: 900, dueDate: day(-10) }],
  });
  expect(schedule.status(), await schedule.text()).toBe(200);
  return { person, name, invoiceId: project.invoiceId as number, invoiceNumber: project.invoiceNumber as string };
}

test.describe('Invoices in the back office (issue 29, CONTRACT §14)', () => {
  test('the admin finds an overdue invoice, splits its schedule into 3 parts and sends it', async ({ page, playwright, baseURL }) => {
    test.setTimeout(120_000);
    const api = await playwright.request.newContext({ baseURL });
    const { person, name, invoiceNumber } = await overdueInvoice(api);
    await signInByApi(page, ADMIN.email, ADMIN.password);

    // Invoices, filtered on Overdue (the filter goes into the address, as the dashboard's card links it).
    await page.goto('/admin/invoices');
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    const filters = page.getByRole('group', { name: 'Show invoices' });
    await filters.getByRole('button', { name: 'Overdue' }).click();
    await expect(filters.getByRole('button', { name: 'Overdue' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/filter=.*overdue/);
    await page.getByRole('searchbox', { name: 'Search invoices...' }).fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(invoiceNumber);
    await expect(row).toContainText('$900.00');
    await expect(row.getByText('Overdue')).toBeVisible();
    await expect(row).toContainText('Open');
    // axe once nothing loads (react-admin's bar shows a spinner while a request runs)
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The invoice's panel: its schedule split in 3 with the live sum check, then saved.
    await row.getByRole('button', { name: `Open invoice ${invoiceNumber}` }).click();
    const panel = page.getByRole('dialog', { name: 'Invoice' });
    await expect(panel.getByRole('heading', { name: invoiceNumber })).toBeVisible();
    await expect(panel.getByTestId('invoice-total')).toContainText('$900.00');
    await expect(panel.getByRole('list', { name: 'Service lines' })).toContainText(name);
    const schedule = panel.getByRole('region', { name: 'Schedule' });
    await expect(schedule.getByRole('listitem')).toHaveCount(1);
    await schedule.getByRole('button', { name: 'Edit schedule' }).click();
    const editor = schedule.getByRole('form', { name: 'Schedule editor' });
    const sum = editor.getByTestId('schedule-sum');
    await expect(sum).toHaveText('Adds up to $900.00 of $900.00');
    await editor.getByRole('button', { name: 'Split in 3' }).click();
    await expect(editor.getByRole('listitem')).toHaveCount(3);
    await expect(editor.getByRole('textbox', { name: 'Amount of installment 3' })).toHaveValue('300.00');
    // an amount off by a cent: the difference in red and Save off
    await editor.getByRole('textbox', { name: 'Amount of installment 2' }).fill('299.99');
    await expect(sum).toHaveText('Adds up to $899.99 of $900.00 ($0.01 short)');
    await expect(editor.getByRole('button', { name: 'Save schedule' })).toBeDisabled();
    await editor.getByRole('textbox', { name: 'Amount of installment 2' }).fill('300.00');
    await editor.getByRole('textbox', { name: 'Label of installment 2' }).fill('Second payment');
    await editor.getByLabel('Due date of installment 2').fill(day(20));
    await editor.getByLabel('Due date of installment 3').fill(day(50));
    await expect(sum).toHaveText('Adds up to $900.00 of $900.00');
    await expect(editor.getByRole('button', { name: 'Save schedule' })).toBeEnabled();
    // axe once nothing loads (react-admin's bar shows a spinner while a request runs)
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await editor.getByLabel('Due date of installment 3').blur();
    await editor.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'docs/screenshots/invoice-schedule-editor.png', animations: 'disabled' });
    await editor.getByRole('button', { name: 'Save schedule' }).click();
    await expect(page.getByText('Schedule saved')).toBeVisible();
    const parts = schedule.getByRole('listitem');
    await expect(parts).toHaveCount(3);
    await expect(parts.nth(0)).toContainText('1. Deposit');
    await expect(parts.nth(0)).toContainText('Overdue');
    await expect(parts.nth(1)).toContainText('2. Second payment');
    await expect(parts.nth(1)).toContainText('$300.00');
    await expect(parts.nth(2)).toContainText('3. Balance');

    // Send invoice: the client gets it by e-mail.
    await panel.getByRole('button', { name: 'Send invoice' }).click();
    await expect(page.getByText('Invoice sent')).toBeVisible();
    await expect(panel).toContainText(/Sent \w{3} \d{1,2}, \d{4}/);
    const mail = await mailbox.waitFor((m) => m.to.includes(person.email) && m.subject.includes(invoiceNumber));
    expect(mail.subject).toContain(`Invoice ${invoiceNumber}`);
    await expect(panel.getByRole('link', { name: `PDF of invoice ${invoiceNumber}` })).toHaveAttribute(
      'href',
      /\/api\/invoices\/\d+\/pdf$/,
    );
    await api.dispose();
  });

  test('on a phone the list is one item per invoice, and the dashboard links its Overdue card to it', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const api = await playwright.request.newContext({ baseURL });
    const { name, invoiceNumber } = await overdueInvoice(api);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInByApi(page, ADMIN.email, ADMIN.password);

    await page.goto('/admin');
    const overdue = page.getByRole('region', { name: 'Overdue' });
    await expect(overdue).toContainText(/\d+ overdue invoices?/);
    await overdue.getByRole('link').click();
    await expect(page).toHaveURL(/\/admin\/invoices\?filter=/);
    await expect(page.getByRole('group', { name: 'Show invoices' }).getByRole('button', { name: 'Overdue' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // the overdue invoices, as the card opened them
    const list = page.getByRole('list', { name: 'Invoices' });
    await expect(list.getByRole('listitem').filter({ hasText: invoiceNumber })).toBeVisible();
    // the pointer off the list (the card's click left it over an item, which would show hovered)
    await page.mouse.move(195, 800);
    await page.screenshot({ path: 'docs/screenshots/invoice-list-phone.png', animations: 'disabled' });

    await page.getByRole('searchbox', { name: 'Search invoices...' }).fill(name);
    await expect(list.getByRole('listitem')).toHaveCount(1);
    const item = list.getByRole('listitem').first();
    await expect(item).toContainText(invoiceNumber);
    await expect(item).toContainText('Due $900.00');
    await expect(item.getByText('Overdue')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    // axe once nothing loads (react-admin's bar shows a spinner while a request runs)
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await api.dispose();
  });
});
