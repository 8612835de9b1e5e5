import type { Page } from '@playwright/test';
import { ADMIN, expect, test } from './support/fixtures';

/**
 * The public pages are prerendered at build time (frontend/scripts/prerender.mjs): /auth paints its
 * styled sign-in form before any script runs, then React hydrates it without a mismatch.
 */

/**
 * Console errors and uncaught errors of a page (a failed hydration is reported as one). The session
 * check's 401 for a signed-out visitor is the browser's own network message, not an error of the page.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && !/^Failed to load resource: .* 401 \(Unauthorized\)$/.test(text)) errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Class names MUI gave the page's main parts: Emotion's hashes come from the styles, so equal lists mean equal styles. */
const classesOf = (page: Page) =>
  page.evaluate(() =>
    ['h1', 'main form input[type=email]', 'main form input[type=password]', 'main form'].map(
      (selector) => document.querySelector(selector)?.className ?? '',
    ),
  );

test.describe('Prerendered public pages (issue 15)', () => {
  test('/auth paints the styled sign-in form with JavaScript disabled', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    const button = page.getByRole('button', { name: 'Sign In' });
    await expect(button).toBeVisible();
    // MUI's styles are in the HTML: the button is full width in the card, the page has the theme's background
    const box = await button.boundingBox();
    expect(box!.width).toBeGreaterThan(250);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(245, 247, 251)');
    expect(await button.evaluate((b) => getComputedStyle(b).borderRadius)).not.toBe('0px');
    expect(await page.locator('main form').evaluate((f) => getComputedStyle(f.closest('.MuiPaper-root')!).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
    // a submit before the scripts run goes nowhere (no native GET with the password in the address)
    await expect(button).toBeDisabled();
    await page.screenshot({ path: 'test-results/prerender-auth-no-js.png', fullPage: true });
    for (const path of ['/forgot-password', '/reset-password']) {
      await page.goto(path);
      await expect(page.getByLabel('Email')).toBeVisible();
    }
    await context.close();
  });

  test('with JavaScript the page hydrates without errors, keeps its styles and signs in', async ({ page, browser, baseURL }) => {
    const errors = collectErrors(page);
    await page.goto('/auth');
    const button = page.getByRole('button', { name: 'Sign In' });
    // enabled once React has hydrated the page
    await expect(button).toBeEnabled();
    // the same classes as the page rendered in the browser alone (an address with a query is not prerendered)
    const hydrated = await classesOf(page);
    const spa = await browser.newPage({ baseURL });
    await spa.goto('/auth?from=test');
    await expect(spa.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(hydrated).toEqual(await classesOf(spa));
    await spa.close();

    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await button.click();
    await expect(page).toHaveURL(/\/admin\/?$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('what is typed before hydration is kept', async ({ page }) => {
    const errors = collectErrors(page);
    // hold the page's scripts back until the fields are filled
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/auth', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('123');
    release();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    expect(page.url()).not.toContain('123');
    expect(errors).toEqual([]);
  });

  test('/auth?tab=register opens the register form', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/auth?tab=register');
    await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Confirm Password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("the sign-in page's first load has neither react-admin nor Stripe", async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => /AdminApp|stripe/i.test(url))).toEqual([]);
  });
});

test.describe("Signed-in pages' HTML (decision 0034)", () => {
  test('names the chunks of the layout and the page, fetched at low priority, and every one is there', async ({ request }) => {
    for (const [path, pageChunk] of [
      ['/projects/12', /\/assets\/GalleryPage-[\w-]+\.js$/],
      ['/projects', /\/assets\/ProjectsPage-[\w-]+\.js$/],
      ['/account?tab=security', /\/assets\/AccountPage-[\w-]+\.js$/],
    ] as const) {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      const html = await res.text();
      // the empty shell React renders into, and the entry
      expect(html).toContain('<div id="root"></div>');
      const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g)].map((m) => m[1]);
      expect(
        preloads.some((href) => /\/assets\/ClientLayout-[\w-]+\.js$/.test(href)),
        path,
      ).toBe(true);
      expect(
        preloads.some((href) => pageChunk.test(href)),
        path,
      ).toBe(true);
      for (const href of preloads) {
        const chunk = await request.get(href);
        expect(chunk.status(), href).toBe(200);
        expect(chunk.headers()['content-type']).toMatch(/javascript/);
      }
    }
    // other addresses get the plain page
    const plain = await (await request.get('/projects/12/photos')).text();
    expect(plain).not.toContain('rel="modulepreload"');
  });
});
