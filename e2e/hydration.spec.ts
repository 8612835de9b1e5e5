import type { Page } from '@playwright/test';
import { ADMIN, clientWithProject, expect, signInByApi, test } from './support/fixtures';

/**
 * Issue 28: a signed-in user opening /auth got React's hydration error #418. The server sends the
 * prerendered sign-in form; the session check (started with the page, App.tsx preloadPage) could answer
 * before React hydrated the page, which then rendered the redirect instead of the form the HTML holds.
 * The page now hydrates the form it was sent and redirects right after.
 */

/** Console errors and uncaught errors of a page (React reports a failed hydration as one of them). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Holds back every script of /auth but its entry by `ms`: the entry starts the session check at once
 * (App.tsx preloadPage), and it answers before the sign-in page's own chunks are in, as on a slow phone
 * or a cold cache. So the race that broke the page runs the same way every time. Resolves with the
 * moments the session check first answered and the first held script went on.
 */
async function sessionCheckFirst(page: Page, ms: number): Promise<{ answered: () => number; scriptsIn: () => number }> {
  const html = await (await page.request.get('/auth')).text();
  const entry = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1];
  expect(entry, 'the entry script of /auth').toBeTruthy();
  let answered = 0;
  let scriptsIn = 0;
  page.on('response', (r) => {
    if (!answered && new URL(r.url()).pathname === '/api/user') answered = Date.now();
  });
  await page.route('**/assets/*.js', async (route) => {
    if (new URL(route.request().url()).pathname === entry) return route.continue();
    await new Promise((r) => setTimeout(r, ms));
    await route.continue();
    scriptsIn ||= Date.now();
  });
  return { answered: () => answered, scriptsIn: () => scriptsIn };
}

test.describe('/auth for a signed-in user (issue 28)', () => {
  test('an admin opening /auth is sent to the back office without a hydration error', async ({ page }) => {
    await signInByApi(page, ADMIN.email, ADMIN.password);
    const race = await sessionCheckFirst(page, 1500);
    const errors = collectErrors(page);
    await page.goto('/auth');
    // the prerendered sign-in form is what the server sent, even to a signed-in visitor
    await expect(page).toHaveURL(/\/admin\/?$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    // the race ran as meant: the session was known before the page's scripts were in
    expect(race.answered()).toBeGreaterThan(0);
    expect(race.answered()).toBeLessThan(race.scriptsIn());
    expect(errors).toEqual([]);
  });

  test('a client opening /auth is sent to My Projects without a hydration error, then again with the scripts cached', async ({
    page,
    request,
  }) => {
    const { person, name } = await clientWithProject(request, 'hydrate', 'Hydration Check', {});
    await signInByApi(page, person.email, person.password);
    const race = await sessionCheckFirst(page, 1500);
    const errors = collectErrors(page);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByText(name)).toBeVisible();
    expect(race.answered()).toBeLessThan(race.scriptsIn());
    // the scripts from the browser's cache: the page and the session check race as they come
    await page.unroute('**/assets/*.js');
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByText(name)).toBeVisible();
    expect(errors).toEqual([]);
  });
});
