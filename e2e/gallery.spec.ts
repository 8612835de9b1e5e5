import type { Browser, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { seriousViolations } from './support/axe';
import { expect, signIn, test, dismissToasts, clientWithProject } from './support/fixtures';
import { photoJpeg, seedGallery, uploadPhotos } from './support/gallery';

/** docs/screenshots/issue-18: the client's gallery on a phone (set SCREENSHOTS=1 to write them). */
const SHOTS = process.env.SCREENSHOTS === '1' ? 'docs/screenshots/issue-18' : undefined;

async function phonePage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  return context.newPage();
}

/** Axe over the page: no serious or critical WCAG 2.1 A/AA violation. */
async function expectAccessible(page: Page, what: string): Promise<void> {
  expect(
    (await seriousViolations(page)).map((v) => `${v.id} (${v.impact}): ${v.targets}`),
    what,
  ).toEqual([]);
}

/** A swipe on the lightbox's photo, as a finger makes it (pointer events of a touch). */
async function swipe(page: Page, dx: number) {
  const area = page.getByRole('dialog').getByRole('img').first();
  const box = (await area.boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2;
  await area.dispatchEvent('pointerdown', { pointerType: 'touch', pointerId: 7, clientX: x, clientY: y, isPrimary: true });
  await area.dispatchEvent('pointerup', { pointerType: 'touch', pointerId: 7, clientX: x + dx, clientY: y + 6, isPrimary: true });
}

test.describe("The client's gallery (issue 18)", () => {
  test('unpaid: watermarked previews, hearts, a lightbox with keys and swipes; paid: Download All and each original', async ({
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const admin = await playwright.request.newContext({ baseURL });
    const { person, name, projectId } = await clientWithProject(admin, 'gallery', 'Garden wedding', { price: '240', date: '2026-10-03' });
    const files = await Promise.all(
      ['Ceremony', 'Rings', 'Vows', 'First dance', 'Toast', 'Cake'].map(async (label, i) => ({
        name: `IMG_${String(i + 1).padStart(4, '0')}.jpg`,
        body: await photoJpeg(i % 3 === 2 ? 1000 : 1500, i % 3 === 2 ? 1500 : 1000, i * 55, label),
      })),
    );
    await uploadPhotos(admin, projectId, files);

    const page = await phonePage(browser, baseURL);
    await signIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/projects$/);
    const card = page.getByRole('article').filter({ hasText: name });
    await expect(card).toContainText('6 photos');
    await card.getByRole('link', { name: 'View Gallery' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Unpaid')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay to download' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download All' })).toHaveCount(0);
    const grid = page.getByRole('list', { name: 'Photos' });
    await expect(grid.getByRole('listitem')).toHaveCount(6);
    // every thumbnail is loaded (a real image, not a broken one)
    await expect
      .poll(() => grid.locator('img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length))
      .toBe(6);

    // a heart from the grid
    await grid.getByRole('button', { name: 'Add IMG_0002.jpg to favorites' }).click();
    await expect(grid.getByRole('button', { name: 'Remove IMG_0002.jpg from favorites' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Favorites (1)' })).toBeVisible();
    await expectAccessible(page, 'the gallery, unpaid');
    if (SHOTS) {
      await dismissToasts(page);
      await page.screenshot({ path: `${SHOTS}/gallery-unpaid-phone.png`, fullPage: true });
    }

    // the lightbox: a modal dialog with the watermarked preview, moved by keys and swipes
    await grid.getByRole('button', { name: 'Open IMG_0001.jpg' }).click();
    const lightbox = page.getByRole('dialog');
    await expect(lightbox).toContainText('1 of 6');
    const preview = lightbox.getByRole('img', { name: 'IMG_0001.jpg' });
    await expect(preview).toHaveAttribute('src', /preview-marked\.jpg/);
    await expect.poll(() => preview.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect(lightbox.getByRole('button', { name: 'Pay to download' })).toBeVisible();
    await expect(lightbox.getByRole('link', { name: /^Download/ })).toHaveCount(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/lightbox-phone.png` });
    await expectAccessible(page, 'the lightbox');
    expect(await lightbox.evaluate((d) => d.contains(document.activeElement)), 'the focus is in the lightbox').toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect(lightbox).toContainText('2 of 6');
    await expect(lightbox.getByRole('button', { name: 'Remove from favorites' })).toHaveAttribute('aria-pressed', 'true');
    await swipe(page, -140);
    await expect(lightbox).toContainText('3 of 6');
    await swipe(page, 140);
    await expect(lightbox).toContainText('2 of 6');
    await swipe(page, -20); // too short: not a swipe
    await expect(lightbox).toContainText('2 of 6');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft'); // the first photo: stays
    await expect(lightbox).toContainText('1 of 6');
    await lightbox.getByRole('button', { name: 'Add to favorites' }).click();
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    await page.getByRole('button', { name: 'Favorites (2)' }).click();
    await expect(grid.getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'All photos' }).click();
    await expect(grid.getByRole('listitem')).toHaveCount(6);
    // the studio sees the client's selection
    const favorites = await (await admin.get(`/api/projects/${projectId}/photos`, { params: { filter: '{"favorite":true}' } })).json();
    expect(favorites.map((p: { filename: string }) => p.filename)).toEqual(['IMG_0001.jpg', 'IMG_0002.jpg']);

    // 'Pay to download' opens the payment dialog; once paid, the clean previews and the downloads
    await page.getByRole('button', { name: 'Pay to download' }).click();
    const payment = page.getByRole('dialog');
    await expect(payment).toContainText('$240.00');
    await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payment.getByLabel(/Expiry/).fill('12/34');
    await payment.getByLabel('CVC').fill('123');
    await payment.getByRole('button', { name: 'Pay $240.00' }).click();
    await expect(page.getByText('Payment Successful', { exact: true })).toBeVisible();
    const downloadAll = page.getByRole('link', { name: 'Download All' });
    await expect(downloadAll).toHaveAttribute('href', `/api/projects/${projectId}/photos.zip`);
    await expect(page.getByRole('button', { name: 'Pay to download' })).toHaveCount(0);
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();
    const zip = await page.request.get(`/api/projects/${projectId}/photos.zip`);
    expect(zip.status()).toBe(200);
    expect(zip.headers()['content-type']).toBe('application/zip');
    if (SHOTS) {
      await dismissToasts(page);
      await page.screenshot({ path: `${SHOTS}/gallery-paid-phone.png`, fullPage: true });
    }

    await grid.getByRole('button', { name: 'Open IMG_0003.jpg' }).click();
    await expect(lightbox.getByRole('img', { name: 'IMG_0003.jpg' })).toHaveAttribute('src', /\/preview\.jpg/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      lightbox.getByRole('link', { name: 'Download IMG_0003.jpg' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('IMG_0003.jpg');
    // the original, byte for byte
    expect(Buffer.compare(readFileSync(await download.path()), files[2].body)).toBe(0);
    await page.context().close();
    if (SHOTS) {
      const desktop = await (await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } })).newPage();
      await signIn(desktop, person.email, person.password);
      await expect(desktop).toHaveURL(/\/projects$/);
      await desktop.goto(`/projects/${projectId}`);
      await expect(desktop.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(6);
      await dismissToasts(desktop);
      await desktop.screenshot({ path: `${SHOTS}/gallery-paid-desktop.png` });
      await desktop.getByRole('button', { name: 'Open IMG_0003.jpg' }).click();
      await expect(desktop.getByRole('dialog').getByRole('img', { name: 'IMG_0003.jpg' })).toBeVisible();
      // the dialog fades in: the screenshot waits for it to be opaque
      await expect(desktop.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
      await desktop.screenshot({ path: `${SHOTS}/lightbox-desktop.png` });
      await desktop.context().close();
    }
    await admin.dispose();
  });

  test('a gallery of 2,000 photos keeps a few screens of tiles in the page while scrolling through it', async ({
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const admin = await playwright.request.newContext({ baseURL });
    const { person, projectId } = await clientWithProject(admin, 'gallery', 'Garden wedding', { price: '90', date: '2026-10-03' });
    await seedGallery(projectId, 2000);
    const page = await phonePage(browser, baseURL);
    await signIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/projects$/);
    await page.goto(`/projects/${projectId}`);
    const tiles = page.getByRole('list', { name: 'Photos' }).getByRole('listitem');
    await expect(tiles.first()).toHaveAttribute('aria-setsize', '2000');
    // scroll to the end in steps, counting the tiles and images in the page at each
    let most = 0;
    const screens = await page.evaluate(() => document.documentElement.scrollHeight / window.innerHeight);
    expect(screens).toBeGreaterThan(100);
    for (let step = 0; step <= 20; step++) {
      await page.evaluate((f) => window.scrollTo(0, f * document.documentElement.scrollHeight), step / 20);
      await page.waitForTimeout(50);
      most = Math.max(most, await tiles.count());
    }
    await expect(tiles.last()).toHaveAttribute('aria-posinset', '2000');
    await expect(page.getByRole('button', { name: 'Open IMG_2000.jpg' })).toBeVisible();
    // a phone shows about 5 rows of 2: with the rows around them, a few screens at most
    expect(most).toBeLessThanOrEqual(40);
    await page.getByRole('button', { name: 'Open IMG_2000.jpg' }).click();
    await expect(page.getByRole('dialog')).toContainText('2000 of 2000');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('dialog')).toContainText('1999 of 2000');
    await page.context().close();
    await admin.dispose();
  });

  test('an unknown project, or one of another client, shows Project not found', async ({ page, playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    const { projectId } = await clientWithProject(admin, 'gallery', 'Garden wedding', { price: '10', date: '2026-10-03' });
    const other = await clientWithProject(admin, 'gallery', 'Garden wedding', { price: '10', date: '2026-10-03' });
    await signIn(page, other.person.email, other.person.password);
    await expect(page).toHaveURL(/\/projects$/);
    await page.goto(`/projects/${projectId}`);
    await expect(page.getByText('Project not found')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'My Projects' }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await admin.dispose();
  });
});
