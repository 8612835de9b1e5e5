import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { expect, signIn, test, clientWithProject } from './support/fixtures';

/** Axe over the page: no serious or critical WCAG 2.1 A/AA violation. */
async function expectAccessible(page: Page, what: string): Promise<void> {
  expect(
    (await seriousViolations(page)).map((v) => `${v.id} (${v.impact}): ${v.targets}`),
    what,
  ).toEqual([]);
}

/** Waits for a prerendered page's submit button to be live: enabled once React has hydrated the page. */
async function expectHydrated(button: Locator): Promise<void> {
  await expect(button).toBeEnabled();
}

/** True when the focused element is inside the given dialog. */
const focusInside = (dialog: Locator) => dialog.evaluate((d) => d.contains(document.activeElement));

/** Tabs `count` times forwards, then once backwards from the first element, checking the focus never leaves. */
async function expectFocusTrapped(page: Page, dialog: Locator, count = 8): Promise<void> {
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(dialog), `focus inside the dialog after ${i + 1} Tab`).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await focusInside(dialog), 'focus inside the dialog after Shift+Tab').toBe(true);
}

test.describe('Portal accessibility (issue 15)', () => {
  test('signed out: the sign-in, registration and password pages have no serious or critical axe violations', async ({ page }) => {
    await page.goto('/auth');
    await expectHydrated(page.getByRole('button', { name: 'Sign In' }));
    await expectAccessible(page, '/auth');

    await page.goto('/auth?tab=register');
    await expectHydrated(page.getByRole('button', { name: 'Create Account' }));
    await expectAccessible(page, '/auth?tab=register');

    // the messages of a failed submit (red labels and helper texts) are checked too
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Name must be at least 3 characters')).toBeVisible();
    await expectAccessible(page, '/auth?tab=register with messages');

    await page.goto('/forgot-password');
    await expectHydrated(page.getByRole('button', { name: 'Send Verification Code' }));
    await expectAccessible(page, '/forgot-password');

    await page.goto('/reset-password');
    await expectHydrated(page.getByRole('button', { name: 'Reset Password' }));
    await expectAccessible(page, '/reset-password');
  });

  test('as a client: every page and the payment dialogs pass axe and work from the keyboard', async ({ page, playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    const { person, name } = await clientWithProject(admin, 'a11y', 'A11y shoot', {
      price: '120',
      downloadLink: 'https://files.example.com/a11y.zip',
    });
    await admin.dispose();
    await signIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/projects$/);

    const card = page.getByRole('article').filter({ hasText: name });
    await expect(card).toContainText('Unpaid');
    await expectAccessible(page, '/projects');

    await page.goto('/credits');
    await expect(page.getByRole('heading', { name: 'Credits', level: 1 })).toBeVisible();
    await expect(page.getByTestId('credits-balance')).toBeVisible();
    await expectAccessible(page, '/credits');

    await page.goto('/account');
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
    await expectAccessible(page, '/account');

    await page.goto('/booking');
    await expect(page.getByRole('heading', { name: 'Book a Session', level: 1 })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expectAccessible(page, '/booking');

    // The payment dialog, from the keyboard only: Enter opens it, Tab stays inside, Escape closes it
    // and the focus goes back to the button that opened it.
    await page.goto('/projects');
    const pay = card.getByRole('button', { name: 'Pay with Card' });
    await pay.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Card number')).toBeVisible();
    await expectAccessible(page, '/projects with the payment dialog open');
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(pay).toBeFocused();

    // Space opens it as well; the card is typed and paid from the keyboard.
    await page.keyboard.press('Space');
    await expect(dialog.getByLabel('Card number')).toBeVisible();
    await dialog.getByLabel('Card number').focus();
    await page.keyboard.type('4242424242424242');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1234');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Enter');
    const success = page.getByRole('dialog').filter({ hasText: 'Payment Successful!' });
    await expect(success).toBeVisible();
    await expectAccessible(page, '/projects with the payment success dialog open');
    await expectFocusTrapped(page, success, 4);
    await page.keyboard.press('Escape');
    await expect(success).toBeHidden();
    await expect(card).not.toContainText('Unpaid');
  });

  test('as a client on a phone: the menu opens from the keyboard, keeps the focus and gives it back', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const admin = await playwright.request.newContext({ baseURL });
    const { person } = await clientWithProject(admin, 'a11y', 'A11y shoot', {
      price: '120',
      downloadLink: 'https://files.example.com/a11y.zip',
    });
    await admin.dispose();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, person.email, person.password);
    await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();
    await expectAccessible(page, '/projects on a phone');

    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Credits' })).toBeVisible();
    await expectAccessible(page, 'the phone menu open');
    const drawer = page.locator('.MuiDrawer-paper');
    await expectFocusTrapped(page, drawer, 7);
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menuButton).toBeFocused();

    await page.keyboard.press('Space');
    await expect(nav.getByRole('link', { name: 'Account' })).toBeVisible();
    await nav.getByRole('link', { name: 'Account' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/account$/);
    await expect(nav).toBeHidden();
  });
});
