import { expect, signIn, test, clientWithProject } from './support/fixtures';

test.describe('Card payment (issue 4)', () => {
  test('a client pays by test card and sees Paid with the download link', async ({ page, playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    const { person, name } = await clientWithProject(admin, 'payer', 'Shoot', {
      price: '149.99',
      downloadLink: 'https://files.example.com/shoot.zip',
    });
    await signIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/projects$/);
    const card = page.getByRole('article').filter({ hasText: name });
    await expect(card).toContainText('Unpaid');
    await card.getByRole('button', { name: 'Pay with Card' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('$149.99');
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel(/Expiry/).fill('12/34');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Pay $149.99' }).click();
    const success = page.getByRole('dialog').filter({ hasText: 'Payment Successful!' });
    await expect(success).toBeVisible();
    await expect(success.getByRole('link', { name: 'Download Photos' })).toHaveAttribute('href', 'https://files.example.com/shoot.zip');
    await success.getByRole('button', { name: 'Return to Dashboard' }).click();
    await expect(card).toContainText('Paid');
    await expect(card).not.toContainText('Unpaid');
    await expect(card.getByRole('link', { name: 'View Project' }).or(card.getByRole('button', { name: 'View Project' }))).toBeVisible();
    // The admin's Payment History names the provider.
    const payments = await (await admin.get('/api/payments')).json();
    expect(payments.find((p: { projectName: string }) => p.projectName === name)).toMatchObject({
      method: 'Stripe',
      amount: 149.99,
      status: 'completed',
    });
    await admin.dispose();
  });

  test("a declined card shows 'Payment Failed' and the project stays Unpaid", async ({ page, playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    const { person, name, projectId } = await clientWithProject(admin, 'payer', 'Shoot', {
      price: '80',
      downloadLink: 'https://files.example.com/shoot.zip',
    });
    await signIn(page, person.email, person.password);
    const card = page.getByRole('article').filter({ hasText: name });
    await card.getByRole('button', { name: 'Pay with Card' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
    await dialog.getByLabel(/Expiry/).fill('12/34');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Pay $80.00' }).click();
    await expect(dialog).toContainText('Payment Failed');
    await expect(dialog).toContainText('Your card was declined.');
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByRole('article').filter({ hasText: name })).toContainText('Unpaid');
    const project = await (await admin.get(`/api/projects/${projectId}`)).json();
    expect(project.isPaid).toBe(false);
    await admin.dispose();
  });
});
