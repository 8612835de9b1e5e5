import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { databaseOnServer } from '../support/database';
import { adminAgent, Agent, createTestApp, TestApp } from '../support/test-app';

/**
 * Issue 28, CONTRACT §13, decision 0043: every HTML page the server sends carries the studio (its name in
 * the markup and the title, its logo, accent and public JSON), put in when the page is sent. The build's
 * files are stood in for by pages shaped as frontend/scripts/prerender.mjs writes them (the placeholders
 * where the studio shows); the browser test e2e/brand.spec.ts runs the real build. A database of its own:
 * the studio is one row, and a change here must not reach the other files of this Jest worker.
 */
const NAME = '__STUDIO_NAME__';
const LOGO = '__STUDIO_LOGO_URL__';
const head = (extra = '') =>
  `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="theme-color" content="#1e3a8a" />` +
  `<title>Studio Portal</title><script type="module" crossorigin src="/assets/index-abc.js"></script>${extra}</head>`;
// big enough (over 1 kB) for the compression plugin to gzip
const filler = `<p>${'Access your professional photography projects securely in one place. '.repeat(20)}</p>`;
const BUILD: Record<string, string> = {
  'index.html': `${head()}<body><div id="root"></div></body></html>`,
  'projects.html': `${head('<link rel="modulepreload" href="/assets/ProjectsPage-x.js">')}<body><div id="root"></div></body></html>`,
  'auth.html':
    `${head('<style data-emotion="css-global a">:root{--mui-palette-primary-main:#1e3a8a}</style>')}<body><div id="root">` +
    `<aside><span data-mark="camera"></span><span>${NAME}</span></aside><h1>Welcome back</h1>${filler}` +
    `<footer>© 2026 ${NAME}</footer></div></body></html>`,
  'auth.logo.html':
    `${head('<style data-emotion="css-global a">:root{--mui-palette-primary-main:#1e3a8a}</style>')}<body><div id="root">` +
    `<aside><img src="${LOGO}" alt="${NAME}" width="40" height="40"><span>${NAME}</span></aside><h1>Welcome back</h1>${filler}` +
    `<footer>© 2026 ${NAME}</footer></div></body></html>`,
  'forgot-password.html': `${head()}<body><div id="root"><span>${NAME}</span><h1>Forgot your password?</h1></div></body></html>`,
  'assets/index-abc.js': 'console.log("app")',
};

/** The JSON of `<script type="application/json" id="studio-data">`, as the React app reads it. */
function studioData(html: string): unknown {
  const m = /<script type="application\/json" id="studio-data">([^<]*)<\/script>/.exec(html);
  if (!m) throw new Error(`no #studio-data in ${html.slice(0, 300)}`);
  return JSON.parse(m[1]);
}

describe("The studio in the pages' HTML (issue 28)", () => {
  let t: TestApp;
  let admin: Agent;
  let dropDb: () => Promise<void>;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'portal-pages-'));
    mkdirSync(join(staticDir, 'assets'));
    for (const [file, text] of Object.entries(BUILD)) writeFileSync(join(staticDir, file), text);
    const workerUrl = process.env.TEST_DATABASE_URL!;
    const own = await databaseOnServer(workerUrl, `pages_${process.pid}_${Date.now().toString(36)}`);
    dropDb = own.drop;
    process.env.TEST_DATABASE_URL = own.url;
    try {
      t = await createTestApp({ STATIC_DIR: staticDir, BOOKING_URL: 'https://book.example/default' });
    } finally {
      process.env.TEST_DATABASE_URL = workerUrl;
    }
    admin = await adminAgent(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await dropDb?.();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it("the default studio: 'Studio Portal', the build's blue, the public JSON; no placeholder left", async () => {
    const res = await t.http().get('/auth').expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('<title>Studio Portal</title>');
    expect(res.text).toContain('<span data-mark="camera"></span><span>Studio Portal</span>');
    expect(res.text).not.toContain(NAME);
    expect(res.text).not.toContain('<img');
    expect(res.text).not.toContain('studio-accent');
    expect(studioData(res.text)).toEqual((await t.http().get('/api/studio').expect(200)).body);
    expect(studioData(res.text)).toMatchObject({ name: 'Studio Portal', logoUrl: null, bookingUrl: 'https://book.example/default' });
  });

  it("after the name becomes 'Harbour Light <Photography>': the escaped name, its accent and JSON, not 'Studio Portal'", async () => {
    await admin
      .patch('/api/studio')
      .send({ name: 'Harbour Light <Photography>', accentColor: '#0f766e', currency: 'EUR', locale: 'en-IE' })
      .expect(200);
    const studio = (await t.http().get('/api/studio').expect(200)).body;
    for (const path of ['/auth', '/forgot-password', '/projects', '/projects/12', '/some/page']) {
      const html = (await t.http().get(path).expect(200)).text;
      expect(html).toContain('<title>Harbour Light &#60;Photography&#62;</title>');
      expect(html).not.toContain('Studio Portal');
      expect(html).not.toContain('<Photography>');
      expect(html).not.toContain(NAME);
      expect(html).toContain('<meta name="theme-color" content="#0f766e" />');
      expect(html).toContain('<style id="studio-accent">:root:root{--mui-palette-primary-main:#0f766e;');
      // the data as GET /api/studio answers it, its '<' written as \u003c inside the script
      expect(html).toContain('"name":"Harbour Light \\u003cPhotography>"');
      expect(studioData(html)).toEqual(studio);
    }
    const auth = (await t.http().get('/auth').expect(200)).text;
    expect(auth).toContain('<span>Harbour Light &#60;Photography&#62;</span>');
    expect(auth).toContain('<footer>© 2026 Harbour Light &#60;Photography&#62;</footer>');
    // the accent's variables come after the build's own
    expect(auth.indexOf('id="studio-accent"')).toBeGreaterThan(auth.indexOf('data-emotion="css-global a"'));
    // the signed-in pages' HTML keeps its preloads
    expect((await t.http().get('/projects').expect(200)).text).toContain('<link rel="modulepreload" href="/assets/ProjectsPage-x.js">');
  });

  it('a name that tries to end the script stays text, in the markup and in the data', async () => {
    await admin.patch('/api/studio').send({ name: '</script><script>alert(1)</script>' }).expect(200);
    const html = (await t.http().get('/auth').expect(200)).text;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<span>&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;</span>');
    expect((studioData(html) as { name: string }).name).toBe('</script><script>alert(1)</script>');
  });

  it("with a logo: the prerendered page's logo twin, the image at the logo's address; without it again the camera mark", async () => {
    await admin.patch('/api/studio').send({ name: 'Harbour Light Photography' }).expect(200);
    const png = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    await admin.post('/api/studio/logo').attach('logo', png, { filename: 'logo.png', contentType: 'image/png' }).expect(200);
    const { logoUrl } = (await t.http().get('/api/studio').expect(200)).body as { logoUrl: string };
    expect(logoUrl).toMatch(/^\/api\/studio\/logo\?v=\d+$/);
    const html = (await t.http().get('/auth').expect(200)).text;
    expect(html).toContain(`<img src="${logoUrl}" alt="Harbour Light Photography" width="40" height="40">`);
    expect(html).not.toContain('data-mark="camera"');
    expect(html).not.toContain(LOGO);
    // a page without a logo twin is sent as it is (its data has the logo: the app renders it)
    const forgot = (await t.http().get('/forgot-password').expect(200)).text;
    expect(forgot).toContain('<h1>Forgot your password?</h1>');
    expect((studioData(forgot) as { logoUrl: string }).logoUrl).toBe(logoUrl);

    await admin.delete('/api/studio/logo').expect((res) => expect([200, 204]).toContain(res.status));
    const after = (await t.http().get('/auth').expect(200)).text;
    expect(after).toContain('<span data-mark="camera"></span><span>Harbour Light Photography</span>');
    expect(after).not.toContain('<img');
  });

  it('gzipped for a browser that accepts it; an unchanged page is a 304 by its ETag, a changed studio a new page', async () => {
    await admin.patch('/api/studio').send({ name: 'Harbour Light Photography' }).expect(200);
    const zipped = await t.http().get('/auth').set('Accept-Encoding', 'gzip, deflate, br').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    const plain = await t.http().get('/auth').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // (superagent has gunzipped it) the same page, a good deal smaller on the wire
    expect(zipped.text).toBe(plain.text);
    expect(plain.text).toContain('<title>Harbour Light Photography</title>');

    const etag = zipped.headers.etag;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.http().get('/auth').set('If-None-Match', etag).expect(304);
    expect(again.text ?? '').toBe('');
    expect(again.headers['cache-control']).toBe('no-cache');
    await admin.patch('/api/studio').send({ name: 'Harbour Light Studio' }).expect(200);
    const changed = await t.http().get('/auth').set('If-None-Match', etag).expect(200);
    expect(changed.text).toContain('<title>Harbour Light Studio</title>');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("the build's HTML files themselves are not served (only the pages, with the studio in them); assets are", async () => {
    await t.http().get('/auth.html').expect(404);
    await t.http().get('/index.html').expect(404);
    await t.http().get('/auth.logo.html').expect(404);
    const asset = await t.http().get('/assets/index-abc.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
