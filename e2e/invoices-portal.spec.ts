import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { ADMIN, dismissToasts, expect, newPerson, signInByApi, test } from './support/fixtures';

/** 'YYYY-MM-DD', `days` from today (UTC; a day either way of the studio's date changes nothing below). */
function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * As the admin: a client with a $300 project whose invoice is split into a deposit 10 days overdue and two
 * installments due in 30 and 60 days (CONTRACT §14).
 */
async function clientWithSchedule(request: APIRequestContext) {
  const login = await request.post('/api/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(login.ok()).toBe(true);
  const person = newPerson('invoice');
  const registered = await request.post('/api/register', {
    data: { username: person.name, email: person.email, password: person.password, role: 'client' },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const client = (await registered.json()) as { id: number };
  const tag = Date.now().toString(36);
  const service = await request.post('/api/services', { data: { name: `Three-part shoot ${tag}`, price: 300 } });
  expect(service.ok(), await service.text()).toBe(true);
  const name = `Three-part shoot ${tag}`;
  const created = await request.post('/api/projects', {
    data: { name, clientId: client.id, selectedServices: [{ serviceId: (await service.json()).id, quantity: 1 }] },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const project = await created.json();
  expect(project.invoiceId, JSON.stringify(project)).toEqual(expect.any(Number));
  const schedule = await request.put(`/api/invoices/${project.invoiceId}/schedule`, {
    data: [
      { label: 'Deposit', amount: 100, dueDate: day(-10) },
      { label: 'Installment 2', amount: 100, dueDate: day(30) },
      { label: 'Installment 3', amount: 100, dueDate: day(60) },
    ],
  });
  expect(schedule.status(), await schedule.text()).toBe(200);
  return { person, name, invoiceId: project.invoiceId as number, invoiceNumber: project.invoiceNumber as string };
}

/** Pays the open payment dialog with the emulator's test card and goes back to the list. */
async function payByTestCard(page: Page, amount: string) {
  const dialog = page.getByRole('dialog', { name: 'Complete Payment' });
  await expect(dialog.getByTestId('amount-due')).toHaveText(amount);
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel(/Expiry/).fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: `Pay ${amount}` }).click();
  const success = page.getByRole('dialog').filter({ hasText: 'Payment Successful!' });
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: 'Return to Dashboard' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test.describe('Invoices in the portal (issue 29, CONTRACT §14)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a client pays a 3-part schedule installment by installment and follows it on the Invoices page', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // two card payments and three pages on a phone: more than the default minute on a busy machine
    test.setTimeout(120_000);
    const admin = await playwright.request.newContext({ baseURL });
    const { person, name, invoiceId, invoiceNumber } = await clientWithSchedule(admin);
    await signInByApi(page, person.email, person.password);

    // My Projects: the overdue deposit is next, 'Pay everything owed' beside it.
    await page.goto('/projects');
    const card = page.getByRole('article').filter({ hasText: name });
    await expect(card.getByTestId('next-installment')).toContainText('Next: Deposit $100.00 due');
    await expect(card.getByTestId('next-installment')).toContainText('Overdue');
    await expect(card.getByRole('button', { name: 'Pay everything owed ($300.00)' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Pay Deposit $100.00' }).click();
    await expect(page.getByRole('dialog', { name: 'Complete Payment' })).toContainText('Deposit due');
    await payByTestCard(page, '$100.00');

    // Then the second installment.
    const installment = card.getByRole('button', { name: 'Pay Installment 2 of 3 — $100.00' });
    await expect(installment).toBeVisible();
    await expect(card.getByTestId('next-installment')).toHaveText(/^Next: Installment 2 of 3 — \$100\.00 due \w{3} \d{1,2}(, \d{4})?$/);
    await expect(card.getByRole('button', { name: 'Pay everything owed ($200.00)' })).toBeVisible();

    // The Invoices page: open, $200.00 due, not overdue any more; 'Pay' brings the payment of the next installment.
    await page.goto('/invoices');
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    const row = page.getByRole('listitem', { name: invoiceNumber });
    await expect(row).toContainText(name);
    await expect(row).toContainText('Total$300.00');
    await expect(row).toContainText('Due$200.00');
    await expect(row).toContainText('Open');
    await expect(row.getByTestId('next-due')).not.toContainText('Overdue');
    expect(await seriousViolations(page)).toEqual([]);
    await expect(row.getByRole('link', { name: `PDF ${invoiceNumber}` })).toHaveAttribute('href', `/api/invoices/${invoiceId}/pdf`);
    const pdf = await page.request.get(`/api/invoices/${invoiceId}/pdf`);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await row.getByRole('link', { name: `Pay ${invoiceNumber}` }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByRole('dialog', { name: 'Complete Payment' })).toContainText('Installment due');
    await payByTestCard(page, '$100.00');
    await expect(card.getByRole('button', { name: 'Pay Balance $100.00' })).toBeVisible();
    await expect(card.getByRole('button', { name: /Pay everything owed/ })).toHaveCount(0);

    // The invoice in full: two installments paid, the last one due, two card payments.
    await page.goto('/invoices');
    await expect(row).toContainText('Due$100.00');
    await row.getByRole('link', { name: `Details ${invoiceNumber}` }).click();
    const detail = page.getByRole('dialog', { name: `Invoice ${invoiceNumber}` });
    const schedule = detail.getByRole('list', { name: 'Schedule' }).getByRole('listitem');
    await expect(schedule).toHaveCount(3);
    await expect(schedule.nth(0)).toContainText('Deposit');
    await expect(schedule.nth(0)).toContainText('Paid');
    await expect(schedule.nth(1)).toContainText('Paid');
    await expect(schedule.nth(2)).toContainText('Due');
    await expect(detail.getByRole('list', { name: 'Payments' }).getByRole('listitem')).toHaveCount(2);
    await expect(detail.getByTestId('invoice-total')).toContainText('$300.00');
    expect(await seriousViolations(page)).toEqual([]);
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/invoices$/);
    await expect(detail).toHaveCount(0);

    await dismissToasts(page);
    // the pointer is where the dialog's Close was, over the menu button: away, so that it shows no hover
    await page.mouse.move(200, 700);
    await page.screenshot({ path: 'docs/screenshots/invoice-phone.png', animations: 'disabled' });
    await admin.dispose();
  });
});
