import { FOREIGN_ORIGIN_MESSAGE } from '../../src/shared/http/request-guards';
import { ADMIN, createTestApp, newClient, TestApp } from '../support/test-app';

/** Issue 7 §4: cross-site requests, security headers, and what an error may tell. */
describe('Browser-side defences', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function signedInClient() {
    const c = newClient('csrf');
    const agent = t.agent();
    const res = await agent.post('/api/register').send(c).expect(201);
    return { agent, ...c, id: res.body.id as number };
  }

  describe('CSRF: a mutation with the cookie session from another site is refused', () => {
    it.each([
      ['a foreign Origin', { Origin: 'https://evil.example' }],
      ['a look-alike Origin', { Origin: 'http://portal.test.evil.example' }],
      ['an opaque Origin (sandboxed frame)', { Origin: 'null' }],
      ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
      ['no Origin but a foreign Referer', { Referer: 'https://evil.example/page.html' }],
    ])('%s: 403 with a JSON message, and nothing changes', async (_name, headers) => {
      const c = await signedInClient();
      const res = await c.agent
        .patch('/api/update-account')
        .set(headers)
        .send({ username: 'Hijacked Name', email: 'attacker@evil.example' })
        .expect(403);
      expect(res.body).toMatchObject({ statusCode: 403, error: 'Forbidden', message: FOREIGN_ORIGIN_MESSAGE, code: 'CSRF.FOREIGN_ORIGIN' });
      expect(res.body.requestId).toBe(res.headers['x-request-id']);
      const [row] = await t.db.query(`SELECT username, email FROM users WHERE id = $1`, [c.id]);
      expect(row).toEqual({ username: c.username, email: c.email });
      // Logout and sign-in are refused the same way (forced logout, login CSRF).
      await c.agent.post('/api/logout').set(headers).expect(403);
      await c.agent.get('/api/user').expect(200);
      await t.http().post('/api/login').set(headers).send({ email: c.email, password: c.password }).expect(403);
    });

    it("lets the portal's own pages through: APP_URL's origin, the host it was reached at, and same-origin fetches", async () => {
      const c = await signedInClient();
      await c.agent
        .patch('/api/update-account')
        .set('Origin', 'http://portal.test')
        .send({ username: `${c.username} A`, email: c.email })
        .expect(200);
      const host = 'photos.studio.example:8443'; // the portal reached under another name than APP_URL
      await c.agent
        .patch('/api/update-account')
        .set('Host', host)
        .set('Origin', `https://${host}`)
        .set('Sec-Fetch-Site', 'same-origin')
        .send({ username: `${c.username} B`, email: c.email })
        .expect(200);
      await c.agent
        .patch('/api/update-account')
        .set('Referer', 'http://portal.test/account')
        .send({ username: `${c.username} C`, email: c.email })
        .expect(200);
      // Reading is never refused, whatever the origin (the cookie is SameSite=Lax and CORS stays closed).
      await c.agent.get('/api/user').set('Origin', 'https://evil.example').expect(200);
    });

    it('keeps the card provider webhook reachable from outside (it carries a signature, not a cookie)', async () => {
      const res = await t.http().post('/api/stripe/webhook').set('Origin', 'https://stripe.example').send({});
      expect(res.status).not.toBe(403);
      expect(res.body.message).not.toBe(FOREIGN_ORIGIN_MESSAGE);
    });

    it('never answers CORS: another site cannot read the API', async () => {
      const res = await t.http().options('/api/user').set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'GET');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const get = await t.http().get('/api/health').set('Origin', 'https://evil.example');
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('Headers', () => {
    it('sends helmet headers and no X-Powered-By on API answers and pages', async () => {
      for (const path of ['/api/health', '/api/user', '/api/no-such-route']) {
        const res = await t.http().get(path);
        expect(res.headers['x-powered-by']).toBeUndefined();
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
        expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
        const csp = res.headers['content-security-policy'] as string;
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("frame-ancestors 'self'");
        expect(csp).toContain("base-uri 'self'");
        expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      }
    });

    it('with real Stripe, lets Stripe.js load, talk to Stripe and show its frames; the booking page may be embedded', async () => {
      const stripe = await createTestApp(
        {
          STRIPE_SECRET_KEY: 'sk_test_csp',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_csp',
          STRIPE_API_URL: 'http://127.0.0.1:9',
          BOOKING_URL: 'http://booking.studio.test:8080/book/session',
        },
        { smtp: t.smtp },
      );
      try {
        const csp = (await stripe.http().get('/api/health')).headers['content-security-policy'] as string;
        const directive = (name: string) =>
          csp
            .split(';')
            .map((d) => d.trim())
            .find((d) => d.startsWith(`${name} `)) ?? '';
        expect(directive('script-src')).toContain('https://js.stripe.com');
        expect(directive('connect-src')).toContain('https://api.stripe.com');
        expect(directive('frame-src')).toMatch(/https:( |$)/); // js.stripe.com and hooks.stripe.com frames
        expect(directive('frame-src')).toContain('http://booking.studio.test:8080');
        expect(directive('script-src')).not.toContain('booking.studio.test');
      } finally {
        await stripe.close();
      }
      // Without Stripe configured, Stripe.js is not allowed at all.
      const plain = (await t.http().get('/api/health')).headers['content-security-policy'] as string;
      expect(plain).not.toContain('stripe.com');
    });
  });

  describe('Errors: a request id in every one, never a stack trace', () => {
    const admin = () => {
      const agent = t.agent();
      return agent
        .post('/api/login')
        .send({ email: ADMIN.email, password: ADMIN.password })
        .expect(200)
        .then(() => agent);
    };

    it.each([
      ['no route', (a: TestApp) => a.http().get('/api/no-such-route'), 404],
      ['not signed in', (a: TestApp) => a.http().get('/api/projects'), 401],
      ['validation', (a: TestApp) => a.http().post('/api/login').send({ email: 'nope', password: 'x' }), 400],
      ['malformed JSON', (a: TestApp) => a.http().post('/api/login').set('Content-Type', 'application/json').send('{"email":'), 400],
      [
        'body over 1 MB',
        (a: TestApp) =>
          a
            .http()
            .post('/api/login')
            .set('Content-Type', 'application/json')
            .send(JSON.stringify({ email: 'x'.repeat(1_100_000) })),
        413,
      ],
      ['foreign origin', (a: TestApp) => a.http().post('/api/logout').set('Origin', 'https://evil.example'), 403],
      ['non-numeric id', (a: TestApp) => a.http().get('/api/projects/abc'), 401],
    ])('%s: %#', async (_name, send, status) => {
      const res = await send(t);
      expect(res.status).toBe(status);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body.requestId).toBe(res.headers['x-request-id']);
      expect(typeof res.body.message).toBe('string');
      expect(JSON.stringify(res.body)).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
    });

    it('answers a fault inside the server with a plain 500 sentence: no stack, no SQL, a request id to quote', async () => {
      const agent = await admin();
      await agent.get('/api/services').expect(200);
      await t.db.query(`ALTER TABLE services RENAME TO services_away`);
      try {
        const res = await agent.get('/api/services').expect(500);
        expect(res.body).toEqual({
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'Something went wrong on our side. Please try again.',
          requestId: res.headers['x-request-id'],
        });
        expect(JSON.stringify(res.body)).not.toMatch(/relation|services|SELECT|at /);
      } finally {
        await t.db.query(`ALTER TABLE services_away RENAME TO services`);
      }
      await agent.get('/api/services').expect(200);
    });
  });
});
