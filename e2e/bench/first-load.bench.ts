import type { Browser, BrowserContextOptions } from '@playwright/test';
import { apiRegister, apiSession } from '../support/database';
import { ADMIN, expect, newPerson, test } from '../support/fixtures';
import { addSection, table } from './report';

/**
 * First-load JavaScript as Chromium downloads it (issue 15's guard: ≤ 200 kB gzipped on every portal
 * page, ≤ 350 kB in the back office): each page opened in a new context (empty cache), portal pages on
 * a phone-sized screen, the back office on a desktop one; the JS bytes that came over the wire (the
 * server sends them gzipped) until the page shows its heading and the network is idle. That includes
 * what the page preloads for its next steps, so it can read a little above the budget test's
 * (frontend/test/bundle-budget.test.ts) static count of the same pages.
 */
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

interface PageCase {
  path: string;
  heading: string | RegExp;
  as: 'visitor' | 'client' | 'admin';
  budgetKb: number;
}
const PAGES: PageCase[] = [
  { path: '/auth', heading: 'Welcome back', as: 'visitor', budgetKb: 200 },
  { path: '/forgot-password', heading: 'Forgot your password?', as: 'visitor', budgetKb: 200 },
  { path: '/reset-password', heading: 'Reset your password', as: 'visitor', budgetKb: 200 },
  { path: '/projects', heading: 'My Projects', as: 'client', budgetKb: 200 },
  { path: '/credits', heading: 'Credits', as: 'client', budgetKb: 200 },
  { path: '/booking', heading: 'Book a Session', as: 'client', budgetKb: 200 },
  { path: '/account', heading: 'Account Settings', as: 'client', budgetKb: 200 },
  { path: '/admin', heading: 'Dashboard', as: 'admin', budgetKb: 350 },
  { path: '/admin/projects', heading: 'Projects', as: 'admin', budgetKb: 350 },
  { path: '/admin/clients', heading: 'Clients', as: 'admin', budgetKb: 350 },
  { path: '/admin/payments', heading: 'Payment History', as: 'admin', budgetKb: 350 },
];

async function jsBytes(browser: Browser, baseURL: string, page: PageCase, cookie?: string) {
  const context = await browser.newContext({ ...(page.as === 'admin' ? DESKTOP : PHONE), baseURL });
  if (cookie) {
    const [name, value] = cookie.split(';')[0].split('=');
    await context.addCookies([{ name, value, url: baseURL }]);
  }
  const tab = await context.newPage();
  const scripts: { url: string; bytes: number; encoding: string }[] = [];
  tab.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    void (async () => {
      const sizes = await request.sizes();
      const response = await request.response();
      scripts.push({
        url: request.url(),
        bytes: sizes.responseBodySize,
        encoding: (await response?.headerValue('content-encoding')) ?? 'none',
      });
    })();
  });
  await tab.goto(page.path);
  await expect(tab.getByRole('heading', { name: page.heading, level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await tab.waitForLoadState('networkidle');
  await tab.waitForTimeout(200); // the last requestfinished handlers
  await context.close();
  return {
    kb: scripts.reduce((n, s) => n + s.bytes, 0) / 1000,
    files: scripts.length,
    encodings: [...new Set(scripts.map((s) => s.encoding))],
  };
}

test('first-load JavaScript of every page, as Chromium downloads it', async ({ browser, baseURL }) => {
  const person = newPerson('firstload');
  await apiRegister(baseURL!, person);
  const cookies = {
    visitor: undefined,
    client: await apiSession(baseURL!, person.email, person.password),
    admin: await apiSession(baseURL!, ADMIN.email, ADMIN.password),
  };
  const rows: (string | number)[][] = [];
  const missed: string[] = [];
  for (const page of PAGES) {
    const got = await jsBytes(browser, baseURL!, page, cookies[page.as]);
    const met = got.kb <= page.budgetKb;
    console.log(`${page.path}: ${got.kb.toFixed(1)} kB of JS in ${got.files} files (${got.encodings.join(', ')})`);
    if (!met) missed.push(`${page.path} first-load JS ${got.kb.toFixed(1)} kB (target ${page.budgetKb} kB)`);
    rows.push([
      page.path,
      page.as === 'admin' ? 'desktop' : 'phone',
      got.kb.toFixed(1),
      got.files,
      got.encodings.join(', '),
      `≤ ${page.budgetKb}`,
      met ? 'met' : '**MISSED**',
    ]);
  }
  addSection('first-load', {
    title: 'First-load JavaScript per page',
    body:
      'Each page opened in a new browser context (empty cache); the JS bytes received until the page shows its heading and the network is idle (1 kB = 1000 bytes).\n\n' +
      table(['Page', 'Screen', 'kB over the wire', 'Files', 'Encoding', 'Target (kB)', ''], rows),
    missed,
  });
});
