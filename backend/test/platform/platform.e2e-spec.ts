import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { openApiYaml } from '../../scripts/openapi-document';
import { buildOpenApiDocument } from '../../src/configure-app';
import { ADMIN, createTestApp, TestApp } from '../support/test-app';

describe('Platform: health, errors, limits, headers, docs, migrations, admin bootstrap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers health with {"status":"ok"} once the database answers', async () => {
    const res = await t.http().get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers an unknown API route with the JSON error shape', async () => {
    const res = await t.http().get('/api/no-such-thing').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found', message: 'No route for GET /api/no-such-thing' });
    expect(res.body.requestId).toBe(res.headers['x-request-id']);
  });

  it('answers a body over 1 MB with 413 and a JSON message', async () => {
    const res = await t
      .http()
      .post('/api/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1_100_000) }))
      .expect(413);
    expect(res.body).toMatchObject({ statusCode: 413, message: 'The request body is too large (the limit is 1 MB).' });
  });

  it('answers malformed JSON with 400 and a JSON message', async () => {
    const res = await t.http().post('/api/login').set('Content-Type', 'application/json').send('{"email": ').expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'The request body is not valid JSON.' });
  });

  it('answers a JSON array or scalar body with a 400, not a 500', async () => {
    await t.http().post('/api/login').set('Content-Type', 'application/json').send('[1,2]').expect(400);
    await t.http().post('/api/register').set('Content-Type', 'application/json').send('"text"').expect(400);
  });

  it('sends security headers, a request id, and no X-Powered-By', async () => {
    const res = await t.http().get('/api/health').expect(200);
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self';"); // no Stripe.js in emulator mode
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await t.http().get('/api/health').set('X-Request-Id', 'proxy-abc-123').expect(200);
    expect(echoed.headers['x-request-id']).toBe('proxy-abc-123');
  });

  it('serves Swagger UI at /api/docs and the OpenAPI JSON at /api/docs-json', async () => {
    const ui = await t.http().get('/api/docs').redirects(1).expect(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
    expect(ui.text).toContain('swagger-ui');
    const json = await t.http().get('/api/docs-json').expect(200);
    expect(json.body.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/login',
      '/api/register',
      '/api/logout',
      '/api/user',
      '/api/verify/request-code',
      '/api/verify/reset-password',
      '/api/update-account',
      '/api/delete-account',
      '/api/health',
    ]) {
      expect(json.body.paths).toHaveProperty([path]);
    }
  });

  it('keeps openapi.yaml equal to what the code generates (run `npm run openapi` after changing the API)', () => {
    const committed = readFileSync(join(__dirname, '..', '..', '..', 'openapi.yaml'), 'utf8');
    const generated = openApiYaml(buildOpenApiDocument(t.app));
    expect(parse(committed)).toEqual(parse(generated));
  });

  it('has run every migration, with synchronize off', async () => {
    const rows: Array<{ name: string }> = await t.db.query(`SELECT name FROM migrations ORDER BY id`);
    expect(rows.map((r) => r.name)).toContain('InitialSchema1763769600000');
    expect(t.db.options.synchronize).toBe(false);
    expect(await t.db.showMigrations()).toBe(false);
  });

  it('created the admin from ADMIN_EMAIL/ADMIN_PASSWORD, once, and never changes an existing account', async () => {
    const rows = await t.db.query(`SELECT username, role FROM users WHERE lower(email) = $1 AND deleted_at IS NULL`, [ADMIN.email]);
    expect(rows).toEqual([{ username: ADMIN.username, role: 'admin' }]);
    // A second instance on the same database with another password changes nothing.
    const second = await createTestApp({ ADMIN_PASSWORD: 'different-password' });
    try {
      const again = await t.db.query(`SELECT count(*)::int AS n FROM users WHERE lower(email) = $1`, [ADMIN.email]);
      expect(again[0].n).toBe(1);
      await second.http().post('/api/login').send({ email: ADMIN.email, password: 'different-password' }).expect(401);
      await second.http().post('/api/login').send({ email: ADMIN.email, password: ADMIN.password }).expect(200);
    } finally {
      await second.close();
    }
  });

  it('shares sessions between two app instances on one database', async () => {
    const second = await createTestApp();
    try {
      const login = await t.http().post('/api/login').send({ email: ADMIN.email, password: ADMIN.password }).expect(200);
      const cookie = (login.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
      const me = await second.http().get('/api/user').set('Cookie', cookie).expect(200);
      expect(me.body.email).toBe(ADMIN.email);
    } finally {
      await second.close();
    }
  });
});
