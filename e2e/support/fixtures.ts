import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export { expect };
export const ADMIN = { email: 'owner@studio.test', password: 'OwnerPass1!', username: 'Studio Owner' };

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** E-mails captured by the SMTP server of the global setup. */
export const mailbox = {
  all(): Mail[] {
    const dir = process.env.E2E_MAIL_DIR!;
    return readdirSync(dir)
      .sort()
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Mail);
  },
  async waitFor(predicate: (m: Mail) => boolean, timeoutMs = 15_000): Promise<Mail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.all().filter(predicate).pop();
      if (found) return found;
      if (Date.now() > deadline) throw new Error('no matching e-mail arrived');
      await new Promise((r) => setTimeout(r, 200));
    }
  },
};

let n = 0;
export function newPerson(prefix = 'e2e') {
  n += 1;
  const tag = `${prefix}${Date.now().toString(36)}${n}`;
  return { name: `Client ${tag}`, email: `${tag}@example.com`, password: 'secret123' };
}

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  // Waits for the server's answer (a success, a refusal or the second step): a caller that goes to
  // another page at once would otherwise race the session cookie on a busy machine.
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await answered;
}

/**
 * Signs in through the API in the page's own context (its cookie jar), for tests whose subject is a page
 * behind the sign-in rather than the sign-in itself: the caller goes straight to that page, without the
 * sign-in form and the landing page that the form leads to.
 */
export async function signInByApi(page: Page, email: string, password: string): Promise<void> {
  const answer = await page.request.post('/api/login', { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
}

/**
 * As the admin, in `request` (a request context of its own, so the test's pages stay signed out): a new
 * client (`personPrefix` in their e-mail) and one project of theirs named `projectName` and a tag, with
 * `fields` (price, services, date, download link…) beside its name and client.
 */
export async function clientWithProject(
  request: APIRequestContext,
  personPrefix: string,
  projectName: string,
  fields: Record<string, unknown>,
): Promise<{ person: ReturnType<typeof newPerson>; name: string; projectId: number }> {
  const login = await request.post('/api/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(login.ok()).toBe(true);
  const person = newPerson(personPrefix);
  const registered = await request.post('/api/register', {
    data: { username: person.name, email: person.email, password: person.password, role: 'client' },
  });
  expect(registered.ok()).toBe(true);
  const client = (await registered.json()) as { id: number };
  const name = `${projectName} ${Date.now().toString(36)}`;
  const project = await request.post('/api/projects', { data: { name, clientId: client.id, selectedServices: [], ...fields } });
  expect(project.ok()).toBe(true);
  return { person, name, projectId: ((await project.json()) as { id: number }).id };
}

export async function registerInBrowser(page: Page, p: { name: string; email: string; password: string }): Promise<void> {
  await page.goto('/auth?tab=register');
  await page.getByLabel('Name').fill(p.name);
  await page.getByLabel('Email').fill(p.email);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByLabel('Confirm Password').fill(p.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** Closes the toasts on screen (they would cover part of a screenshot). */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator('.MuiSnackbar-root');
  await expect(async () => {
    if ((await toasts.count()) > 0) await toasts.getByRole('button', { name: 'Close' }).first().click({ timeout: 1000 });
    await expect(toasts).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}
