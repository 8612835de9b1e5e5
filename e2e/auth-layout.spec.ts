import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/fixtures';

/**
 * A slow phone paints /auth before all of its HTML has arrived. The page must not move when the rest
 * arrives: on a phone the brand panel keeps its own height whatever the form below it holds yet
 * (Lighthouse measured a layout shift of about 0.1 when the panel stretched to fill the screen first).
 * The page is sent through a small proxy that holds the second half of its HTML back for 700 ms.
 */
test('on a phone, /auth does not shift while its HTML is still arriving', async ({ browser, baseURL }) => {
  const proxy = http.createServer((req, res) => {
    void (async () => {
      const answer = await fetch(new URL(req.url ?? '/', baseURL), { headers: { accept: req.headers.accept ?? '*/*' } });
      const body = Buffer.from(await answer.arrayBuffer());
      const type = answer.headers.get('content-type') ?? 'application/octet-stream';
      res.writeHead(answer.status, { 'content-type': type, 'cache-control': 'no-store' });
      const html = body.toString('utf8');
      const cut = req.url === '/auth' && type.includes('html') ? html.indexOf('Password') : -1;
      if (cut < 0) return res.end(body);
      res.write(html.slice(0, cut)); // ends inside the form
      setTimeout(() => res.end(html.slice(cut)), 700);
    })();
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}/auth`);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
  } finally {
    await context.close();
    proxy.close();
  }
});
