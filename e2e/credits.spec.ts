import type { APIRequestContext } from '@playwright/test';
import { ADMIN, expect, newPerson, signIn, test } from './support/fixtures';

/** As the admin: a client, two eligible services and one that is not, bundles, and the client's projects. */
async function setUp(admin: APIRequestContext, credits: number) {
  expect((await admin.post('/api/login', { data: { email: ADMIN.email, password: ADMIN.password } })).ok()).toBe(true);
  const tag = Date.now().toString(36);
  const person = newPerson('credits');
  const client = await (
    await admin.post('/api/register', { data: { username: person.name, email: person.email, password: person.password, role: 'client' } })
  ).json();
  const eligible = await (
    await admin.post('/api/services', { data: { name: `Drone ${tag}`, price: 150, creditEligible: true, creditCost: 2 } })
  ).json();
  const money = await (await admin.post('/api/services', { data: { name: `Twilight ${tag}`, price: 120 } })).json();
  const bundle = await (await admin.post('/api/credit-bundles', { data: { name: `Pack ${tag}`, price: 45, creditAmount: 5 } })).json();
  const project = async (name: string, lines: Array<{ serviceId: number; quantity: number }>) =>
    (
      await admin.post('/api/projects', {
        data: { name: `${name} ${tag}`, clientId: client.id, selectedServices: lines, downloadLink: 'https://files.example.com/x.zip' },
      })
    ).json();
  const onlyEligible = await project('Cottage', [{ serviceId: eligible.id, quantity: 1 }]);
  const mixed = await project('Penthouse', [
    { serviceId: eligible.id, quantity: 1 },
    { serviceId: money.id, quantity: 1 },
  ]);
  if (credits) await admin.post('/api/credit-adjustments', { data: { userId: client.id, amount: credits, type: 'add' } });
  return { person, bundle, onlyEligible, mixed };
}

async function payByTestCard(page: import('@playwright/test').Page, amount: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel(/Expiry/).fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: `Pay ${amount}` }).click();
}

test.describe('Prepaid credits (issue 5)', () => {
  test('a client buys a bundle with the test card and sees the new balance', async ({ page, playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    const { person, bundle } = await setUp(admin, 0);
    await signIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/projects$/);
    await page.getByRole('link', { name: 'Credits', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Credits', exact: true })).toBeVisible();
    await expect(page.getByText('0 credits').first()).toBeVisible();
    await page.getByRole('button', { name: `Purchase ${bundle.name}` }).click();
    await payByTestCard(page, '$45.00');
    await expect(page.getByText('Your credits have been added to your account')).toBeVisible();
    await expect(page.getByText('5 credits').first()).toBeVisible();
    await admin.dispose();
  });

  test('redeems credits on a project of eligible services only and sees Paid', async ({ page, playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    const { person, onlyEligible } = await setUp(admin, 3);
    await signIn(page, person.email, person.password);
    const card = page.getByRole('article').filter({ hasText: onlyEligible.name });
    await card.getByRole('button', { name: 'Use Credits (2)' }).click();
    await expect(card).toContainText('Paid');
    await expect(card).not.toContainText('Unpaid');
    await expect(card.getByRole('link', { name: 'View Project' }).or(card.getByRole('button', { name: 'View Project' }))).toBeVisible();
    await expect(page.getByText('1 credit', { exact: true })).toBeVisible();
    await admin.dispose();
  });

  test("on a mixed project sees 'Pay Remaining', pays the rest by card, and sees Paid", async ({ page, playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    const { person, mixed } = await setUp(admin, 2);
    await signIn(page, person.email, person.password);
    const card = page.getByRole('article').filter({ hasText: mixed.name });
    await card.getByRole('button', { name: 'Use Credits (2)' }).click();
    await expect(card).toContainText('Credits Successfully Redeemed!');
    await card.getByRole('button', { name: 'Pay Remaining' }).click();
    await expect(page.getByRole('dialog')).toContainText('$120.00');
    await payByTestCard(page, '$120.00');
    await expect(page.getByRole('dialog').filter({ hasText: 'Payment Successful!' })).toBeVisible();
    await page.getByRole('button', { name: 'Return to Dashboard' }).click();
    await expect(card).toContainText('Paid');
    await expect(card).not.toContainText('Unpaid');
    await admin.dispose();
  });

  test("the credit button is disabled with 'Insufficient credits' when the balance is short", async ({ page, playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    const { person, onlyEligible } = await setUp(admin, 1);
    await signIn(page, person.email, person.password);
    const button = page.getByRole('article').filter({ hasText: onlyEligible.name }).getByRole('button', { name: 'Use Credits (2)' });
    await expect(button).toBeDisabled();
    await button.locator('xpath=..').hover();
    await expect(page.getByRole('tooltip', { name: 'Insufficient credits' })).toBeVisible();
    await admin.dispose();
  });
});
