import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN, expect, mailbox, signIn, signInByApi, test, clientWithProject } from './support/fixtures';

test.describe('Receipts (issue 19)', () => {
  test('a client pays by card and downloads the receipt from the card and the Payments page; the admin from Payment History', async ({
    page,
    browser,
    playwright,
    baseURL,
  }, testInfo) => {
    const api = await playwright.request.newContext({ baseURL });
    const { person, name } = await clientWithProject(api, 'receipt', 'Receipt shoot', { price: '425.50' });

    // The client pays by test card.
    await signIn(page, person.email, person.password);
    const card = page.getByRole('article').filter({ hasText: name });
    await card.getByRole('button', { name: 'Pay with Card' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel(/Expiry/).fill('12/34');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Pay $425.50' }).click();
    const success = page.getByRole('dialog').filter({ hasText: 'Payment Successful!' });
    await expect(success).toBeVisible();
    await success.getByRole('button', { name: 'Return to Dashboard' }).click();
    await expect(card).toContainText('Paid');

    // 'Receipt' on the paid card downloads receipt-R-…pdf.
    const receiptLink = card.getByRole('link', { name: 'Receipt' });
    await expect(receiptLink).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), receiptLink.click()]);
    const fileName = download.suggestedFilename();
    expect(fileName).toMatch(/^receipt-R-\d{6,}\.pdf$/);
    const number = fileName.slice('receipt-'.length, -'.pdf'.length);
    const pdfPath = (await download.path())!;
    expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
    // kept with the run's results (a rendering of it is in docs/screenshots/issue-19)
    mkdirSync(testInfo.outputDir, { recursive: true });
    copyFileSync(pdfPath, join(testInfo.outputDir, fileName));

    // The e-mail with the receipt.
    const mail = await mailbox.waitFor((m) => m.to.includes(person.email) && m.subject.includes(number));
    expect(mail.text).toContain(`Receipt number: ${number}`);
    expect(mail.text).toContain('Amount paid: $425.50');

    // The Payments page of the client menu lists it with its receipt.
    await page.getByRole('link', { name: 'Payments' }).click();
    await expect(page).toHaveURL(/\/payments$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    const row = page.getByRole('list', { name: 'Payments' }).getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText('$425.50');
    await expect(row).toContainText('Completed');
    const [again] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: `Receipt ${number}` }).click()]);
    expect(again.suggestedFilename()).toBe(fileName);

    // The admin downloads the same receipt from Payment History.
    const context = await browser.newContext({ baseURL });
    const admin = await context.newPage();
    await signInByApi(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/admin/payments');
    await admin.getByPlaceholder('Search payments...').fill(name);
    const adminRow = admin.getByRole('row').filter({ hasText: name });
    await expect(adminRow).toHaveCount(1);
    const [fromAdmin] = await Promise.all([
      admin.waitForEvent('download'),
      adminRow.getByRole('link', { name: `Receipt ${number}` }).click(),
    ]);
    expect(fromAdmin.suggestedFilename()).toBe(fileName);
    expect(
      readFileSync((await fromAdmin.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await context.close();
    await api.dispose();
  });
});
