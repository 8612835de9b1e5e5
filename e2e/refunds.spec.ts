import { mkdirSync } from 'node:fs';
import { ADMIN, expect, signIn, signInByApi, test, clientWithProject } from './support/fixtures';

/** docs/screenshots/issue-19: the refund flow (set SCREENSHOTS=1 to write them). */
const SHOTS = process.env.SCREENSHOTS === '1' ? 'docs/screenshots/issue-19' : undefined;

test.describe('Refunds (issue 19)', () => {
  test('the admin refunds part of a card payment from Payment History; the client sees the project unpaid with the amount due', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    const api = await playwright.request.newContext({ baseURL });
    const { person, name } = await clientWithProject(api, 'refund', 'Refund shoot', { price: '300.00' });

    // The client pays by test card.
    await signIn(page, person.email, person.password);
    const card = page.getByRole('article').filter({ hasText: name });
    await card.getByRole('button', { name: 'Pay with Card' }).click();
    const pay = page.getByRole('dialog');
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.getByLabel(/Expiry/).fill('12/34');
    await pay.getByLabel('CVC').fill('123');
    await pay.getByRole('button', { name: 'Pay $300.00' }).click();
    const success = page.getByRole('dialog').filter({ hasText: 'Payment Successful!' });
    await expect(success).toBeVisible();
    await success.getByRole('button', { name: 'Return to Dashboard' }).click();
    await expect(card).toContainText('Paid');

    // The admin refunds $120 of it from Payment History.
    const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    const admin = await context.newPage();
    await signInByApi(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/admin/payments');
    await admin.getByPlaceholder('Search payments...').fill(name);
    const row = admin.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Completed');
    await row.getByRole('button', { name: /^Refund payment #\d+$/ }).click();
    const dialog = admin.getByRole('dialog', { name: 'Refund Payment' });
    await expect(dialog).toBeVisible();
    const amount = dialog.getByRole('textbox', { name: 'Amount' });
    await expect(amount).toHaveValue('300.00');

    // An amount above what was paid is refused before anything is sent; the reason is required.
    await amount.fill('300.01');
    await dialog.getByRole('button', { name: 'Refund $300.01' }).click();
    await expect(dialog).toContainText('The refund cannot be more than the $300.00 still refundable');
    await expect(dialog).toContainText('Reason is required');

    await amount.fill('120');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Two rooms were not photographed');
    if (SHOTS) await admin.screenshot({ path: `${SHOTS}/refund-dialog.png` });
    await dialog.getByRole('button', { name: 'Refund $120.00' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Partially refunded');
    await expect(row).toContainText('$120.00 refunded');
    if (SHOTS) await admin.screenshot({ path: `${SHOTS}/payment-history-refunded.png` });

    // The refunds of the payment, in the same dialog.
    await row.getByRole('button', { name: /^Refund payment #\d+$/ }).click();
    await expect(dialog.getByRole('list', { name: 'Refunds' })).toContainText('Two rooms were not photographed');
    await expect(amount).toHaveValue('180.00');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await context.close();

    // The client's card is unpaid again and asks for what was refunded.
    await page.reload();
    await expect(card).toContainText('Unpaid');
    await expect(card).toContainText('Amount due');
    await expect(card).toContainText('$120.00');
    // something was paid before: the card offers the balance (decision 0033)
    await expect(card.getByRole('button', { name: 'Pay Balance $120.00' })).toBeVisible();
    if (SHOTS) await card.screenshot({ path: `${SHOTS}/client-card-unpaid-after-refund.png` });
    await page.getByRole('link', { name: 'Payments' }).click();
    const mine = page.getByRole('list', { name: 'Payments' }).getByRole('listitem').filter({ hasText: name });
    await expect(mine).toContainText('Partially refunded');
    await expect(mine).toContainText('$120.00 refunded');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/client-payments-refunded.png` });
    await api.dispose();
  });
});
