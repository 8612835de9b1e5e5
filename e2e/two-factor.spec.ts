import { generate } from 'otplib';
import { seriousViolations } from './support/axe';
import { ADMIN, expect, newPerson, registerInBrowser, signIn, test } from './support/fixtures';

/** A code from the authenticator app for `secret`, now or `steps` periods of 30 s on (one step of tolerance). */
const appCode = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a client turns on two-factor sign-in on a phone, then signs in with a code from the app and with a recovery code', async ({
  page,
}) => {
  const p = newPerson('tfa');
  await registerInBrowser(page, p);
  await expect(page).toHaveURL(/\/projects$/);
  await page.goto('/account');

  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await card.getByLabel('Current Password').fill(p.password);
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const secret = (await card.locator('code').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await card.getByLabel('Code from the app').fill(await appCode(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();
  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = await codes.first().innerText();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'I saved them' }).click();
  await expect(page.getByText('Signing in asks for your password and a 6-digit code from your authenticator app.')).toBeVisible();

  // Signing in now takes the password and then a code from the app.
  await page.request.post('/api/logout');
  await signIn(page, p.email, p.password);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByLabel('Authentication code')).toHaveAccessibleDescription('Invalid or expired code');
  await page.getByLabel('Authentication code').fill(await appCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/projects$/);

  // A lost phone: a recovery code, once.
  await page.request.post('/api/logout');
  await signIn(page, p.email, p.password);
  await page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  const me = await (await page.request.get('/api/user')).json();
  expect(me).toMatchObject({ email: p.email, twoFactorEnabled: true });
});

test('the Dashboard offers the photographer two-factor sign-in, leading to the back office’s Account Settings', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/?$/);
  const prompt = page.getByRole('note').filter({ hasText: 'Protect your studio with two-factor sign-in' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('link', { name: 'Turn on' }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(ADMIN.username);
  expect(await seriousViolations(page)).toEqual([]);
});
