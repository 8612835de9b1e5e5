import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, expect, newPerson, signIn, signInByApi, test, dismissToasts } from './support/fixtures';

/** docs/screenshots/issue-19: the deposit in the back office and on the client's card (set SCREENSHOTS=1 to write them). */
const SHOTS = process.env.SCREENSHOTS === '1' ? 'docs/screenshots/issue-19' : undefined;

/** As the admin (its own request context): a client with a $1,250 project of one service, no deposit yet. */
async function clientWithProject(request: APIRequestContext) {
  const login = await request.post('/api/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(login.ok()).toBe(true);
  const tag = Date.now().toString(36);
  const person = newPerson('deposit');
  const client = await (
    await request.post('/api/register', { data: { username: person.name, email: person.email, password: person.password, role: 'client' } })
  ).json();
  const service = await (await request.post('/api/services', { data: { name: `Wedding day ${tag}`, price: 1250 } })).json();
  const name = `Deposit wedding ${tag}`;
  const project = await request.post('/api/projects', {
    data: { name, clientId: client.id, selectedServices: [{ serviceId: service.id, quantity: 1 }] },
  });
  expect(project.ok()).toBe(true);
  return { person, name };
}

/** Pays the open payment dialog with the emulator's test card; answers the success dialog. */
async function payByTestCard(page: Page, amount: string) {
  const dialog = page.getByRole('dialog', { name: 'Complete Payment' });
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel(/Expiry/).fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: `Pay ${amount}` }).click();
  const success = page.getByRole('dialog').filter({ hasText: 'Payment Successful!' });
  await expect(success).toBeVisible();
  return success;
}

test.describe('Deposits (issue 19, CONTRACT §11)', () => {
  test("the admin sets a deposit; the client pays 'Pay Deposit', then 'Pay Balance', and the card ends Paid", async ({
    browser,
    playwright,
    baseURL,
  }) => {
    // two signed-in browsers and two payments: more than the default minute on a busy machine
    test.setTimeout(120_000);
    const api = await playwright.request.newContext({ baseURL });
    const { person, name } = await clientWithProject(api);

    // The admin sets a $300 deposit in the Edit Project dialog.
    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    await signInByApi(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/admin/projects');
    await admin.getByPlaceholder('Search projects...').fill(name);
    const row = admin.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = admin.getByRole('dialog', { name: 'Edit Project' });
    await expect(form.getByLabel('Total Price')).toHaveValue('$1,250.00');
    const deposit = form.getByRole('textbox', { name: 'Deposit' });
    await deposit.fill('1300');
    await form.getByRole('button', { name: 'Update Project' }).click();
    await expect(form.getByText("Deposit must be at most the project's price ($1250.00)")).toBeVisible();
    await deposit.fill('300');
    if (SHOTS) await form.screenshot({ path: `${SHOTS}/deposit-form.png` });
    await form.getByRole('button', { name: 'Update Project' }).click();
    await expect(admin.getByText('Project updated')).toBeVisible();
    await expect(row).toContainText('Deposit $300.00');
    await row.getByRole('button', { name: 'View project' }).click();
    const panel = admin.getByRole('dialog', { name: 'Project details' });
    await expect(panel).toContainText('Deposit');
    await expect(panel).toContainText('$300.00');
    if (SHOTS) {
      await dismissToasts(admin);
      // the row's 'View project' tooltip would stay over the panel
      await admin.mouse.move(600, 700);
      await expect(admin.getByRole('tooltip')).toHaveCount(0);
      await admin.screenshot({ path: `${SHOTS}/deposit-admin-panel.png` });
    }

    // The client pays the deposit.
    const clientContext = await browser.newContext({ baseURL });
    const page = await clientContext.newPage();
    await signIn(page, person.email, person.password);
    const card = page.getByRole('article').filter({ hasText: name });
    await expect(card).toContainText('Unpaid');
    await expect(card.getByRole('button', { name: 'Pay with Card' })).toHaveCount(0);
    const payDeposit = card.getByRole('button', { name: 'Pay Deposit $300.00' });
    await expect(payDeposit).toBeVisible();
    if (SHOTS) await card.screenshot({ path: `${SHOTS}/deposit-card-due.png` });
    await payDeposit.click();
    await expect(page.getByRole('dialog', { name: 'Complete Payment' })).toContainText('Deposit due');
    const afterDeposit = await payByTestCard(page, '$300.00');
    await expect(afterDeposit).toContainText('The balance of $950.00 is due before your photos can be downloaded.');
    if (SHOTS) await afterDeposit.screenshot({ path: `${SHOTS}/deposit-paid-dialog.png` });
    await afterDeposit.getByRole('button', { name: 'Return to Dashboard' }).click();

    // Then the balance.
    const payBalance = card.getByRole('button', { name: 'Pay Balance $950.00' });
    await expect(payBalance).toBeVisible();
    await expect(card).toContainText('Amount due');
    await expect(card).toContainText('Unpaid');
    if (SHOTS) {
      await dismissToasts(page);
      await card.screenshot({ path: `${SHOTS}/deposit-card-balance.png` });
    }
    await payBalance.click();
    await expect(page.getByRole('dialog', { name: 'Complete Payment' })).toContainText('Amount due');
    const afterBalance = await payByTestCard(page, '$950.00');
    await expect(afterBalance).toContainText('has been received');
    await afterBalance.getByRole('button', { name: 'Return to Dashboard' }).click();
    await expect(card).toContainText('Paid');
    await expect(card).not.toContainText('Unpaid');
    await expect(card.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Receipt' })).toBeVisible();
    if (SHOTS) {
      await dismissToasts(page);
      await card.screenshot({ path: `${SHOTS}/deposit-card-paid.png` });
    }

    // The back office shows it paid, with both payments.
    await admin.goto('/admin/payments');
    await admin.getByPlaceholder('Search payments...').fill(name);
    await expect(admin.getByRole('row').filter({ hasText: name })).toHaveCount(2);

    await clientContext.close();
    await adminContext.close();
    await api.dispose();
  });
});
