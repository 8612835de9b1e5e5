import { mkdirSync } from 'node:fs';
import { request as newRequest, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { seriousViolations } from './support/axe';
import { connectToE2eDatabase } from './support/database';
import { ADMIN, dismissToasts, expect, signIn, signInByApi, test } from './support/fixtures';

/**
 * The back office's Studio Settings page (issue 28, CONTRACT §13): the photographer names the studio,
 * uploads its logo, picks an accent (a pale one is refused with its contrast ratio) and the currency,
 * saves, and the back office's bar shows the new name and logo at once. On a desktop.
 */

const HARBOUR = 'Harbour Light Photography';
/** The default studio other browser tests expect: 'Studio Portal', blue, '$'. */
const DEFAULT = { name: 'Studio Portal', accentColor: '#1e3a8a', currency: 'USD', locale: 'en-US', bookingUrl: null };

/** A logo: a teal mark on white, as a PNG made here. */
const logoPng = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">
        <rect width="300" height="200" fill="#ffffff"/>
        <circle cx="100" cy="100" r="80" fill="#0f766e"/>
        <path d="M88 45 h24 l10 110 h-44 z" fill="#ffffff"/>
        <rect x="170" y="80" width="110" height="40" rx="8" fill="#134e4a"/>
      </svg>`,
    ),
  )
    .png()
    .toBuffer();

/** Whether a payment was ever completed in this run's database: the currency is then fixed (409, decision 0040). */
async function moneyHasMoved(): Promise<boolean> {
  const db = await connectToE2eDatabase();
  try {
    const { rows } = await db.query<{ moved: boolean }>(`SELECT EXISTS (SELECT 1 FROM payments WHERE status = 'completed') AS moved`);
    return rows[0]!.moved;
  } finally {
    await db.end();
  }
}

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function save(page: Page): Promise<number> {
  const answered = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === '/api/studio');
  await page.getByRole('button', { name: 'Save settings' }).click();
  return (await answered).status();
}

async function chooseCurrency(page: Page, code: string) {
  await page.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: new RegExp(`^${code} `) }).click();
}

test.describe('Studio Settings (issue 28)', () => {
  let admin: APIRequestContext;

  test.beforeAll(async ({ baseURL }) => {
    admin = await newRequest.newContext({ baseURL });
    const login = await admin.post('/api/login', { data: { email: ADMIN.email, password: ADMIN.password } });
    expect(login.status()).toBe(200);
  });

  // Other browser tests expect the default studio.
  test.afterAll(async () => {
    const restored = await admin.patch('/api/studio', { data: DEFAULT });
    expect(restored.status(), await restored.text()).toBe(200);
    const removed = await admin.delete('/api/studio/logo');
    expect([200, 204]).toContain(removed.status());
    await admin.dispose();
  });

  test('names the studio, uploads its logo, refuses a pale accent naming its ratio, saves teal and EUR; the bar follows', async ({
    page,
  }) => {
    const locked = await moneyHasMoved();
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/?$/);
    const bar = page.getByRole('banner');
    await expect(bar.getByText('Studio Portal', { exact: true })).toBeVisible();

    // the menu leads there
    await page.getByRole('menuitem', { name: 'Studio Settings' }).click();
    await expect(page).toHaveURL(/\/admin\/studio$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Studio Settings' })).toBeVisible();
    for (const section of ['Brand', 'Contact', 'Money', 'E-mail', 'Booking']) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    await expect(field(page, 'Studio name')).toHaveValue('Studio Portal');

    // the logo is saved when chosen: its preview, and the bar's logo at once
    await page.getByLabel('Upload logo').setInputFiles({ name: 'harbour-light.png', mimeType: 'image/png', buffer: await logoPng() });
    await expect(page.getByText('Logo uploaded')).toBeVisible();
    const preview = page.getByRole('img', { name: 'Studio Portal logo' });
    await expect(preview).toHaveAttribute('src', /^\/api\/studio\/logo\?v=\d+$/);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(bar.getByRole('img', { name: 'Studio Portal' })).toBeVisible();
    await dismissToasts(page);

    // a pale accent: the live note warns, the server refuses naming the ratio, under the colour field
    await field(page, 'Studio name').fill(HARBOUR);
    const accent = field(page, 'Accent colour');
    await accent.fill('#7dd3fc');
    await expect(accent).toHaveAccessibleDescription(/under AA's 4\.5:1/);
    expect(await save(page)).toBe(400);
    await expect(accent).toHaveAccessibleDescription(
      /^Accent colour #7dd3fc has a contrast of 1\.\d:1 with white text; choose one of at least 4\.5:1 \(AA\)$/,
    );
    await expect(accent).toHaveAttribute('aria-invalid', 'true');
    // nothing was saved: the bar keeps the old name
    await expect(bar.getByText('Studio Portal', { exact: true })).toBeVisible();
    await dismissToasts(page);

    // teal passes; the money in euros, written the Irish way
    await accent.fill('#0f766e');
    await expect(accent).toHaveAccessibleDescription('White text on #0f766e: 5.4:1, passes AA (at least 4.5:1)');
    await chooseCurrency(page, 'EUR');
    await page.getByRole('combobox', { name: 'Locale' }).fill('en-IE');
    await page.getByRole('option', { name: 'English (Ireland) (en-IE)' }).click();
    const money = page.getByRole('region', { name: 'Money' });
    await expect(money.getByText('€1,234.50')).toBeVisible();
    await field(page, 'Phone').fill('+353 91 555 0100');

    if (locked) {
      // this run already took a payment in dollars: the currency stays, said under its field, nothing saved
      expect(await save(page)).toBe(409);
      await expect(
        page.getByText("The currency can't be changed after the first payment: amounts already paid are in USD.").first(),
      ).toBeVisible();
      await expect(bar.getByText('Studio Portal', { exact: true })).toBeVisible();
      await dismissToasts(page);
      await chooseCurrency(page, 'USD');
    }
    expect(await save(page)).toBe(200);
    await expect(page.getByText('Studio settings saved')).toBeVisible();

    // the bar shows the new name and the logo at once, without a reload (back at the top of the page:
    // react-admin's bar slides away while the page is scrolled down to the save button)
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar.getByText(HARBOUR, { exact: true })).toBeVisible();
    await expect(bar.getByRole('img', { name: HARBOUR })).toBeVisible();
    await expect(page.getByRole('img', { name: `${HARBOUR} logo` })).toBeVisible();
    // the form holds what was saved: nothing left to save
    await expect(page.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    await expect(accent).toHaveValue('#0f766e');

    await dismissToasts(page);
    mkdirSync('docs/screenshots', { recursive: true });
    // the whole page in one tall window, so the Save bar (sticky at the window's foot) sits under the form
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: 1280, height });
    await page.screenshot({ path: 'docs/screenshots/studio-settings.png' });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousViolations(page)).toEqual([]);

    // it was saved: a reload shows it, and a price input writes the studio's currency
    await page.reload();
    await expect(field(page, 'Studio name')).toHaveValue(HARBOUR);
    await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveText(locked ? /^USD/ : /^EUR/);
    await page.goto('/admin/services');
    await page.getByRole('button', { name: 'New Service' }).click();
    // en-IE writes dollars as US$
    await expect(page.getByRole('dialog').getByLabel(locked ? 'Price (US$)' : 'Price (€)')).toBeVisible();
  });

  test('phone first: the sections are one column on a phone, nothing wider than the screen', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signInByApi(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/studio');
    await expect(field(page, 'Studio name')).toBeVisible();
    // E-mail above Phone, not beside it; Currency above Locale
    for (const [first, second] of [
      [field(page, 'E-mail'), field(page, 'Phone')],
      [page.getByRole('combobox', { name: 'Currency' }), page.getByRole('combobox', { name: 'Locale' })],
    ]) {
      const a = (await first!.boundingBox())!;
      const b = (await second!.boundingBox())!;
      expect(b.y).toBeGreaterThan(a.y + a.height);
      // the same column (an input and a select differ by their own padding only; side by side they would be 180 px apart)
      expect(Math.abs(b.x - a.x)).toBeLessThan(16);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });

  test("search fields show one clear button: the browser's own is hidden, MUI's 'Clear search' empties the search", async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/?$/);
    await page.goto('/admin/clients');
    const search = page.getByRole('searchbox', { name: 'Search clients' });
    await search.fill('owner');
    // Chromium draws no pseudo-element into getComputedStyle for it: the style sheets Chromium kept (it drops
    // what it cannot parse) must hold a rule hiding the cancel button of this very input
    const hidden = await search.evaluate((input) =>
      [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules])
        .filter(
          (rule): rule is CSSStyleRule => rule instanceof CSSStyleRule && rule.selectorText.includes('::-webkit-search-cancel-button'),
        )
        .some((rule) => input.matches(rule.selectorText.replace(/::-webkit-search-cancel-button/g, '')) && rule.style.display === 'none'),
    );
    expect(hidden).toBe(true);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(search).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(0);
  });
});
