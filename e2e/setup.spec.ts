import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../backend/test/support/processes';
import { expect, test } from './support/fixtures';

/**
 * The first run in the browser (issue 28, CONTRACT §13, decision 0041), on a phone: a portal started
 * the way a newcomer starts it (no ADMIN_EMAIL, a fresh data folder) sends every page to /setup; the
 * form takes the code printed in the server's console and lands on the Dashboard's checklist. A server
 * of its own on another port, so the shared one (whose admin comes from ADMIN_EMAIL) is not touched.
 */

const PHONE = { width: 390, height: 844 };

interface FreshPortal {
  baseURL: string;
  /** Everything the server wrote on its standard output and error so far. */
  output(): string;
  stop(): Promise<void>;
}

async function startFreshPortal(): Promise<FreshPortal> {
  const work = mkdtempSync(join(tmpdir(), 'portal-setup-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  // a fresh embedded database of its own, and nothing that would create the admin
  for (const name of ['DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'ADMIN_USERNAME', 'SMTP_URL', 'BOOKING_URL', 'STRIPE_SECRET_KEY'])
    delete env[name];
  const app: ChildProcess = spawn('node', ['scripts/start.mjs'], {
    cwd: join(__dirname, '..'),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, PORT: String(port), DATA_DIR: join(work, 'data'), APP_URL: baseURL, LOG_LEVEL: 'warn', AUTH_IP_LIMIT_PER_MIN: '10000' },
  });
  let log = '';
  app.stdout!.on('data', (d) => (log += d));
  app.stderr!.on('data', (d) => (log += d));
  const stop = async () => {
    try {
      process.kill(-app.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        try {
          process.kill(-app.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
        resolve();
      }, 10_000);
      if (app.exitCode !== null) return resolve();
      app.once('exit', () => {
        clearTimeout(t);
        resolve();
      });
    });
    rmSync(work, { recursive: true, force: true });
  };
  const started = Date.now();
  // listening and past its banner (printed after listen)
  while (!/Open http:\/\/\S+\/setup — setup code \d{3}-\d{3}/.test(log)) {
    if (app.exitCode !== null) throw new Error(`the fresh portal exited:\n${log}`);
    if (Date.now() - started > 240_000) {
      await stop();
      throw new Error(`the fresh portal did not start within 240 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { baseURL, output: () => log, stop };
}

/** The last code the server printed (`SETUP CODE: 123-456`). */
function lastCode(output: string): string {
  const codes = [...output.matchAll(/^SETUP CODE: (\d{3}-\d{3})$/gm)].map((m) => m[1]);
  if (!codes.length) throw new Error(`no setup code in the server's output:\n${output}`);
  return codes[codes.length - 1];
}

test.describe('First run in the browser (issue 28)', () => {
  test.describe.configure({ timeout: 300_000 });
  let portal: FreshPortal;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    portal = await startFreshPortal();
  });
  test.afterAll(async () => {
    await portal?.stop();
  });

  test('on a phone: every page leads to /setup; the printed code sets the studio up and opens the Dashboard with its checklist', async ({
    browser,
  }) => {
    const output = portal.output();
    const code = lastCode(output);
    // the banner names the setup page and the same code
    expect(output).toContain(`Open ${portal.baseURL}/setup — setup code ${code}`);

    const context = await browser.newContext({ baseURL: portal.baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto('/projects');
    await expect(page).toHaveURL(`${portal.baseURL}/setup`);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up your studio' })).toBeVisible();

    await page.getByLabel('Studio name').fill('Harbour Light Photography');
    await page.getByLabel('Your name').fill('Maya Harbour');
    await page.getByLabel('E-mail').fill('maya@harbourlight.test');
    await page.getByLabel('Password').fill('secret123');
    const codeField = page.getByLabel('Setup code');
    await expect(codeField).toHaveAttribute('inputmode', 'numeric');

    await codeField.fill(code);
    await page.screenshot({ path: 'docs/screenshots/setup-phone.png', fullPage: true, animations: 'disabled' });

    // a wrong code first: the server's message, nothing created
    const wrong = code === '000-000' ? '000-001' : '000-000';
    await codeField.fill(wrong);
    await page.getByRole('button', { name: 'Set Up Studio' }).click();
    await expect(page.getByRole('alert')).toHaveText("The setup code is not right. It is printed in the server's console.");
    expect((await page.request.get('/api/setup')).status()).toBe(200);

    await codeField.fill(code);
    await page.getByRole('button', { name: 'Set Up Studio' }).click();

    // the back office, signed in as the new admin, with its Getting started checklist
    await expect(page).toHaveURL(`${portal.baseURL}/admin`, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
    const checklist = page.getByRole('region', { name: 'Getting started' });
    await expect(checklist).toBeVisible({ timeout: 30_000 });
    await expect(checklist).toContainText('0 of 5 done');
    for (const step of ['Add a service', 'Invite a client', 'Connect Stripe', 'Connect e-mail', 'Turn on two-factor sign-in'])
      await expect(checklist.getByRole('link', { name: new RegExp(step) })).toBeVisible();
    await checklist.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'docs/screenshots/getting-started-phone.png', animations: 'disabled' });

    // the studio has its name, and setup is gone
    const studio = await page.request.get('/api/studio');
    expect((await studio.json()).name).toBe('Harbour Light Photography');
    expect((await page.request.get('/api/setup')).status()).toBe(404);
    const again = await page.goto('/setup');
    expect(again?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();

    // a visitor now gets the portal's pages, not /setup
    const visitor = await browser.newContext({ baseURL: portal.baseURL, viewport: PHONE });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto('/auth');
    await expect(visitorPage).toHaveURL(`${portal.baseURL}/auth`);
    await visitor.close();
    await context.close();
  });
});
