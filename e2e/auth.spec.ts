import { ADMIN, expect, mailbox, newPerson, registerInBrowser, signIn, test } from './support/fixtures';

test.describe('Signing in (spec §2 /auth, §7 Session)', () => {
  test('a new client registers, lands on My Projects, logs out and is back on /auth', async ({ page }) => {
    const p = newPerson('reg');
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Name').fill(p.name);
    await page.getByLabel('Email').fill(p.email);
    await page.getByLabel('Password', { exact: true }).fill(p.password);
    await page.getByLabel('Confirm Password').fill(p.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();
    await expect(page.getByText('Registration successful')).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('Logged out')).toBeVisible();
    // The session is really gone: a protected page sends us back to /auth.
    await page.goto('/projects');
    await expect(page).toHaveURL(/\/auth$/);
    // And the welcome e-mail reached the mail server.
    const mail = await mailbox.waitFor((m) => m.to.includes(p.email));
    expect(mail.subject).toBe('Welcome to your photography client portal');
  });

  test('the admin signs in and reaches the back office at /admin', async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/?$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    for (const item of ['Clients', 'Projects', 'Services', 'Payments', 'Bundles', 'Email System', 'Activity Log']) {
      await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
    }
    // A signed-in admin who opens /auth is sent straight back to /admin.
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/admin\/?$/);
  });

  test("with the payment emulator on, the sign-in page and the back office show the 'Test mode' ribbon", async ({ page }) => {
    const ribbon = page.getByRole('note', { name: /^Test mode/ });
    await page.goto('/auth');
    await expect(ribbon).toBeVisible();
    await expect(ribbon).toHaveText('Test mode');
    // it lies over the page without moving it: the form is where it is without the ribbon
    expect(await ribbon.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(ribbon).toBeVisible();
  });

  test("a wrong password shows 'Login failed' and keeps the visitor on /auth", async ({ page }) => {
    await signIn(page, ADMIN.email, 'not-the-password');
    await expect(page.getByText('Login failed')).toBeVisible();
    await expect(page.getByText(/401: Invalid email or password/)).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('the form shows the spec messages under the fields', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  });

  test('an invitation link opens Register with the e-mail filled in', async ({ page }) => {
    await page.goto('/auth?tab=register&email=invited%40example.com');
    await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Email')).toHaveValue('invited@example.com');
  });
});

test.describe('Route guard and pages (spec §2)', () => {
  test('a signed-out visitor is sent to /auth from protected pages', async ({ page }) => {
    for (const path of ['/', '/projects', '/account', '/booking', '/credits', '/admin', '/admin/clients']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
    }
  });

  test('a client is kept out of /admin and sees the client menu', async ({ page }) => {
    const p = newPerson('guard');
    await registerInBrowser(page, p);
    await expect(page).toHaveURL(/\/projects$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/projects$/);
    for (const item of ['My Projects', 'Book a Session', 'Credits', 'Account']) {
      await expect(page.getByRole('link', { name: item })).toBeVisible();
    }
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText("The page you are looking for doesn't exist or has been moved.")).toBeVisible();
  });

  test('on a phone the top bar has a menu button that opens the menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const p = newPerson('phone');
    await registerInBrowser(page, p);
    await expect(page).toHaveURL(/\/projects$/);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
  });
});
