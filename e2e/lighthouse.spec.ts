import { chromium, type Browser } from '@playwright/test';
import { freePort } from '../backend/test/support/processes';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/chromium';
import { ADMIN, expect, newPerson, test } from './support/fixtures';
import { apiSession } from './support/database';

/**
 * Lighthouse (performance, desktop preset) on the sign-in page and on a signed-in client's My Projects,
 * against the product the global setup started, in Debian's Chromium (decision 0014). Each page is
 * audited five times and the median score counts, as Lighthouse's own docs advise against one run's
 * noise (on a busy 2-core machine one run can lose 10 points to another process). Fails below 95.
 */
const MIN_SCORE = 95;
const RUNS = 5;
/** The run with the median score of `RUNS` audits; prints each. */
async function medianAudit(label: string, port: number, url: string, headers?: Record<string, string>): Promise<Audit> {
  const runs: Audit[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await auditOnce(port, url, headers);
    console.log(`Lighthouse ${label} run ${i + 1}: performance ${run.score} (${run.metrics})`);
    runs.push(run);
  }
  const median = [...runs].sort((a, b) => a.score - b.score)[Math.floor(RUNS / 2)];
  console.log(`Lighthouse ${label}: median performance ${median.score} of ${runs.map((r) => r.score).join(', ')}`);
  return median;
}

/** Lighthouse itself could not record the page (e.g. NO_NAVSTART, "Please run Lighthouse again"): no score. */
class AuditFailed extends Error {}

/** One audit; an audit Lighthouse could not record is run again (twice at most), as its message asks. */
async function auditOnce(port: number, url: string, headers?: Record<string, string>): Promise<Audit> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(port, url, headers);
    } catch (err) {
      if (!(err instanceof AuditFailed) || attempt >= 3) throw err;
      console.log(`${(err as Error).message}: running it again`);
    }
  }
}

interface Audit {
  url: string;
  score: number;
  metrics: string;
}

async function audit(port: number, url: string, headers?: Record<string, string>): Promise<Audit> {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const result = await lighthouse(
    url,
    { port, logLevel: 'error', output: 'json', onlyCategories: ['performance'], extraHeaders: headers },
    desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new AuditFailed(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
  return {
    url: lhr.finalDisplayedUrl,
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    metrics: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
  };
}

test.describe('Lighthouse performance (desktop)', () => {
  let browser: Browser;
  let port: number;

  test.beforeAll(async () => {
    port = await freePort();
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
    });
  });

  test.afterAll(async () => {
    await browser?.close();
  });

  test(`/auth scores at least ${MIN_SCORE}`, async ({ baseURL }) => {
    test.setTimeout(180_000);
    const result = await medianAudit('/auth', port, `${baseURL}/auth`);
    expect(new URL(result.url).pathname).toBe('/auth');
    expect(result.score).toBeGreaterThanOrEqual(MIN_SCORE);
  });

  test(`/projects of a signed-in client scores at least ${MIN_SCORE}`, async ({ baseURL }) => {
    test.setTimeout(180_000);
    // a client with three projects, made through the API
    const client = newPerson('lighthouse');
    const registered = await fetch(`${baseURL}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: client.name, email: client.email, password: client.password }),
    });
    expect(registered.ok).toBe(true);
    const { id: clientId } = (await registered.json()) as { id: number };
    const admin = await apiSession(baseURL!, ADMIN.email, ADMIN.password);
    for (const [name, price] of [
      ['Harbour Lane', '350'],
      ['Maple Street', '120'],
      ['Ocean Drive', '89.50'],
    ]) {
      const res = await fetch(`${baseURL}/api/projects`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: admin },
        body: JSON.stringify({ name: `${name} ${client.name}`, clientId, price, selectedServices: [] }),
      });
      expect(res.ok).toBe(true);
    }
    const cookie = await apiSession(baseURL!, client.email, client.password);
    const me = await fetch(`${baseURL}/api/user`, { headers: { cookie, accept: 'application/json' } });
    expect(((await me.json()) as { email?: string }).email).toBe(client.email);

    const result = await medianAudit('/projects (signed in)', port, `${baseURL}/projects`, { Cookie: cookie });
    // still on My Projects: the session was used, the page was not the sign-in page
    expect(new URL(result.url).pathname).toBe('/projects');
    expect(result.score).toBeGreaterThanOrEqual(MIN_SCORE);
  });
});
