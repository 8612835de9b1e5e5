import { seriousViolations } from './support/axe';
import { expect, mailbox, newPerson, registerInBrowser, test } from './support/fixtures';

test('a client changes their name and company in Account Settings', async ({ page }) => {
  const p = newPerson('acct');
  await registerInBrowser(page, p);
  await expect(page).toHaveURL(/\/projects$/);

  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByLabel('Username')).toHaveValue(p.name);
  await page.getByLabel('Username').fill(p.name + ' Jr');
  await page.getByLabel('Company').fill('Harbour Lights Ltd');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Account updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Username')).toHaveValue(p.name + ' Jr');
  await expect(page.getByLabel('Company')).toHaveValue('Harbour Lights Ltd');
});

test('a client deletes their account and is sent to /auth; the account no longer signs in', async ({ page }) => {
  const p = newPerson('gone');
  await registerInBrowser(page, p);
  await expect(page).toHaveURL(/\/projects$/);
  await page.goto('/account');
  page.once('dialog', (d) => {
    expect(d.message()).toBe('Are you sure you want to delete your account? This action cannot be undone.');
    void d.accept();
  });
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 6000 });
  const res = await page.request.post('/api/login', { data: { email: p.email, password: p.password } });
  expect(res.status()).toBe(401);
});

test('a new e-mail needs the current password; the old address is told of the change', async ({ page }) => {
  const p = newPerson('moved');
  await registerInBrowser(page, p);
  await expect(page).toHaveURL(/\/projects$/);
  await page.goto('/account');
  const moved = `moved.${p.email}`;
  await page.getByLabel('Email').fill(moved);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Enter your current password to change your email or password')).toBeVisible();

  await page.getByLabel('Current Password').fill('not-it-at-all');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByLabel('Current Password')).toHaveAccessibleDescription('Current password is incorrect');

  await page.getByLabel('Current Password').fill(p.password);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Account updated')).toBeVisible();
  await expect(page.getByLabel('Current Password')).toHaveValue('');
  const notice = await mailbox.waitFor((m) => m.to.includes(p.email) && m.subject === 'Your client portal e-mail address was changed');
  expect(notice.text).toContain(`to ${moved}`);
});

test('a new client confirms their address from the welcome e-mail; the note on their pages goes', async ({ page }) => {
  const p = newPerson('verify');
  await registerInBrowser(page, p);
  await expect(page).toHaveURL(/\/projects$/);
  const note = page.getByText('Please confirm your email address: we sent a link to');
  await expect(note).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const welcome = await mailbox.waitFor((m) => m.to.includes(p.email) && m.subject === 'Welcome to your photography client portal');
  const link = welcome.text.match(/http:\/\/[^\s]+\/verify-email\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByText('Your email address is verified.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Continue to the portal' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();
  await expect(note).toHaveCount(0);

  // the link works once
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole('alert').filter({ hasText: 'This verification link is invalid or has expired.' })).toBeVisible();
});
