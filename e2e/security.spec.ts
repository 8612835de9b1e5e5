import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN, expect, newPerson, registerInBrowser, signInByApi, test } from './support/fixtures';

test.describe('Sessions and cross-site requests in the browser (issue 7)', () => {
  test("the admin's 'Sign out everywhere' sends the client's open portal to sign-in at their next step", async ({
    browser,
    baseURL,
    page,
  }) => {
    const client = newPerson('everywhere');
    await registerInBrowser(page, client);
    await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();

    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    await signInByApi(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/admin/clients');
    await admin.getByPlaceholder('Search clients by name or email...').fill(client.email);
    const row = admin.getByRole('row', { name: new RegExp(client.email) });
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit Client' });
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(admin.getByText('Signed out of 1 session.')).toBeVisible();
    await adminContext.close();

    // The client's tab still shows the portal; the next page that asks the server finds the session over.
    await page.getByRole('link', { name: 'Credits' }).click();
    await expect(page).toHaveURL(/\/auth/);
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('a page on another origin cannot sign the client out (or change anything) with their cookie', async ({ page, baseURL }) => {
    const client = newPerson('csrf');
    await registerInBrowser(page, client);
    await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();

    // Same site (127.0.0.1), another origin (its own port): the browser sends the SameSite=Lax cookie
    // along with this form, so only the server's origin check stands between it and the session.
    const target = new URL('/api/logout', baseURL).toString();
    const evil: Server = createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/html');
      res.end(`<!doctype html><title>Win a free shoot</title>
        <form id="f" method="POST" action="${target}"><input name="x" value="1"></form>
        <script>document.getElementById('f').submit()</script>`);
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    try {
      const port = (evil.address() as AddressInfo).port;
      const answer = page.waitForResponse((r) => r.url() === target);
      await page.goto(`http://127.0.0.1:${port}/`);
      const res = await answer;
      expect(res.status()).toBe(403);
      await expect(page.getByText('This request came from another website and was refused.')).toBeVisible();
    } finally {
      evil.close();
    }
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();
    const me = await page.request.get('/api/user');
    expect((await me.json()).email).toBe(client.email);
  });
});
