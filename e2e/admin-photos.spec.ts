import { mkdirSync } from 'node:fs';
import type { CDPSession, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { seriousViolations } from './support/axe';
import { ADMIN, expect, newPerson, signInByApi, test } from './support/fixtures';

/** docs/screenshots: the upload in progress on a desktop and on a phone (set SCREENSHOTS=1 to write them). */
const SHOTS = process.env.SCREENSHOTS === '1' ? 'docs/screenshots' : undefined;

/** A camera-like JPEG (grain, a coloured wash, its name written on it) of a few hundred kB, made here. */
async function jpeg(label: string, hue: number): Promise<Buffer> {
  const width = 900;
  const height = 600;
  const wash = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <rect width="100%" height="100%" fill="hsl(${hue},55%,45%)" fill-opacity="0.82"/>
      <text x="50%" y="55%" font-family="sans-serif" font-size="84" font-weight="700" fill="white" text-anchor="middle">${label}</text>
    </svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .composite([{ input: wash }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** Upload bandwidth of the page (bytes a second; -1 for none), so that the uploads take visible time. */
async function throttleUploads(cdp: CDPSession, bytesPerSecond: number): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

async function dropFiles(page: Page, testId: string, files: { name: string; buffer: Buffer }[]): Promise<void> {
  const transfer = await page.evaluateHandle(
    (payload) => {
      const data = new DataTransfer();
      for (const { name, base64 } of payload) {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        data.items.add(new File([bytes], name, { type: 'image/jpeg' }));
      }
      return data;
    },
    files.map((f) => ({ name: f.name, base64: f.buffer.toString('base64') })),
  );
  await page.getByTestId(testId).dispatchEvent('drop', { dataTransfer: transfer });
}

/** Signs the admin in, makes a client and their project through the API, and opens the project's panel. */
async function openNewProject(page: Page) {
  const client = newPerson('photos');
  const projectName = `Photos ${client.email}`;
  await signInByApi(page, ADMIN.email, ADMIN.password);
  const registered = await page.request.post('/api/register', {
    data: { username: client.name, email: client.email, password: client.password, role: 'client' },
  });
  expect(registered.ok()).toBe(true);
  const { id: clientId } = (await registered.json()) as { id: number };
  const created = await page.request.post('/api/projects', { data: { name: projectName, clientId, price: 300, selectedServices: [] } });
  expect(created.ok()).toBe(true);
  const { id: projectId } = (await created.json()) as { id: number };

  await page.goto('/admin/projects');
  await page.getByRole('searchbox', { name: 'Search projects...' }).fill(projectName);
  const row = page.getByRole('row').filter({ hasText: projectName });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'View project' }).click();
  const panel = page.getByRole('dialog', { name: 'Project details' });
  const section = panel.getByRole('region', { name: 'Photos' });
  await expect(section.getByText('No photos yet')).toBeVisible();
  return { client, projectId, panel, section };
}

/** Waits until one of the files' own bars is between empty and full. */
async function seeFilePartWay(uploads: Locator): Promise<void> {
  await expect
    .poll(async () => {
      for (const bar of await uploads.getByRole('progressbar', { name: /^Upload of photo-/ }).all()) {
        const value = Number(await bar.getAttribute('aria-valuenow'));
        if (value > 0 && value < 100) return 'part-way';
      }
      return 'none';
    })
    .toBe('part-way');
}

test.describe('Photos in the project panel (issue 18)', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('uploads dropped and chosen photos with progress, shows a refused file with Retry, deletes one, filters favorites', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const { client, projectId, panel, section } = await openNewProject(page);

    const photos = await Promise.all([1, 2, 3, 4].map(async (n) => ({ name: `photo-${n}.jpg`, buffer: await jpeg(`photo ${n}`, n * 70) })));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    // slow enough to see the bars move (slower still while the screenshots are taken)
    await throttleUploads(cdp, (SHOTS ? 48 : 160) * 1024);

    // two dropped on the zone, two chosen with the button's picker, and a file that is not an image
    await dropFiles(page, 'photo-drop-zone', photos.slice(0, 2));
    const chooser = page.waitForEvent('filechooser');
    await section.getByRole('button', { name: 'Choose photos' }).click();
    await (
      await chooser
    ).setFiles([
      ...photos.slice(2).map((p) => ({ name: p.name, mimeType: 'image/jpeg', buffer: p.buffer })),
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('shot list: porch, garden, kitchen\n') },
    ]);

    const uploads = section.getByRole('region', { name: 'Uploads' });
    await expect(uploads.getByRole('status')).toContainText(/Uploading: \d of 5 done/);
    // a file part-way: its own bar between empty and full
    await seeFilePartWay(uploads);
    await expect(uploads.getByTestId('upload-bytes')).toContainText(/ of /);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: `${SHOTS}/admin-photos-upload.png` });
    }
    await throttleUploads(cdp, -1);

    // the server's reason for the refused file, with Retry; the photos are processed and shown
    await expect(uploads.getByText('notes.txt is not a JPEG, PNG, WebP or HEIC image')).toBeVisible({ timeout: 30_000 });
    await expect(uploads.getByRole('button', { name: 'Retry notes.txt' })).toBeVisible();
    await expect(uploads.getByRole('status')).toHaveText('4 of 5 uploaded, 1 failed');
    const grid = section.getByRole('list', { name: 'Photos' });
    for (const { name } of photos) await expect(grid.getByRole('img', { name })).toBeVisible({ timeout: 45_000 });
    await expect(section.getByTestId('photos-count')).toHaveText('4 photos');
    // the section with its grid and a failed upload's row: no serious or critical WCAG 2.1 AA violation
    expect(await seriousViolations(page)).toEqual([]);
    // the project's ready photos, now in the panel's details too (the projects list was fetched again)
    await expect(panel.locator('xpath=//span[normalize-space()="Photos"]/following-sibling::div[1]')).toHaveText('4');
    await uploads.getByRole('button', { name: 'Remove notes.txt' }).click();
    await expect(uploads.getByRole('status')).toHaveText('4 of 4 uploaded');
    await uploads.getByRole('button', { name: 'Dismiss' }).click();
    await expect(uploads).toHaveCount(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-photos.png` });

    // delete one, after the confirmation
    await grid.getByRole('button', { name: 'Delete photo-2.jpg' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete photo' });
    await expect(confirm).toContainText('"photo-2.jpg"');
    await confirm.getByRole('button', { name: /Delete/ }).click();
    // (the toast: the page under the open panel is aria-hidden, so it is found by its text)
    await expect(page.getByText('Photo deleted')).toBeVisible();
    await expect(grid.getByRole('img', { name: 'photo-2.jpg' })).toHaveCount(0);
    await expect(section.getByTestId('photos-count')).toHaveText('3 photos');

    // the client's selection: two favorites, chosen in their session
    const clientApi = await playwright.request.newContext({ baseURL });
    expect((await clientApi.post('/api/login', { data: { email: client.email, password: client.password } })).ok()).toBe(true);
    const listed = (await (await clientApi.get(`/api/projects/${projectId}/photos`)).json()) as { id: number; filename: string }[];
    for (const name of ['photo-1.jpg', 'photo-4.jpg']) {
      const photo = listed.find((p) => p.filename === name)!;
      expect((await clientApi.put(`/api/photos/${photo.id}/favorite`)).status()).toBe(204);
    }
    await clientApi.dispose();

    await section.getByRole('button', { name: 'Favorites' }).click();
    await expect(section.getByTestId('photos-count')).toHaveText('2 favorites');
    await expect(grid.getByRole('listitem')).toHaveCount(2);
    await expect(grid.getByRole('img', { name: 'photo-3.jpg' })).toHaveCount(0);
    await section.getByRole('button', { name: 'Copy file names' }).click();
    await expect(page.getByText('File names copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('photo-1.jpg, photo-4.jpg');
    await section.getByRole('button', { name: 'All photos' }).click();
    await expect(grid.getByRole('listitem')).toHaveCount(3);
  });

  test('on a phone the panel is the full width and Choose photos uploads with a bar per file', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const { panel, section } = await openNewProject(page);
    // (once it has slid in)
    await expect.poll(async () => (({ x, width }) => [Math.round(x), Math.round(width)])((await panel.boundingBox())!)).toEqual([0, 390]);
    const photos = await Promise.all(
      [5, 6, 7].map(async (n) => ({ name: `photo-${n}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg(`photo ${n}`, n * 50) })),
    );
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await throttleUploads(cdp, (SHOTS ? 48 : 160) * 1024);
    const chooser = page.waitForEvent('filechooser');
    await section.getByRole('button', { name: 'Choose photos' }).click();
    await (await chooser).setFiles(photos);
    const uploads = section.getByRole('region', { name: 'Uploads' });
    await seeFilePartWay(uploads);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: `${SHOTS}/admin-photos-upload-phone.png` });
    }
    await throttleUploads(cdp, -1);
    await expect(uploads.getByRole('status')).toHaveText('3 of 3 uploaded', { timeout: 30_000 });
    const grid = section.getByRole('list', { name: 'Photos' });
    for (const { name } of photos) await expect(grid.getByRole('img', { name })).toBeVisible({ timeout: 45_000 });
  });
});
