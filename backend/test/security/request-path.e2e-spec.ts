import type { Server } from 'node:http';
import { FOREIGN_ORIGIN_MESSAGE, UNSTORABLE_TEXT_MESSAGE } from '../../src/shared/http/request-guards';
import { adminAgent, Agent, createTestApp, TestApp } from '../support/test-app';

/**
 * Issue 14: one request path. Every request reaches the routes through Fastify and Nest's pipeline
 * only (one request listener on the HTTP server, nothing in front of it), and every route, whatever it
 * is, runs the same global guards and answer rules: a cross-site change is refused, unusable input is
 * refused, and every answer carries its request id and Cache-Control: no-store.
 */
describe('one request path for every route', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  const apiRoutes = () =>
    [...new Set(t.routes)]
      .filter((r) => / \/api\//.test(r) && !/ \/api\/docs/.test(r))
      .map((r) => {
        const [method, path] = r.split(' ');
        return { method, path, url: path.replace(/\{\w+\}/g, '1') };
      });
  const send = (agent: Agent, method: string, url: string) =>
    agent[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](url);

  it('has a single request listener on the HTTP server: Fastify', () => {
    expect((t.app.getHttpServer() as Server).listeners('request')).toHaveLength(1);
    expect(apiRoutes().length).toBeGreaterThan(50);
  });

  it('refuses a change from another website on every route that changes something (the webhook carries its own proof)', async () => {
    const changing = apiRoutes().filter((r) => r.method !== 'GET' && r.path !== '/api/stripe/webhook');
    expect(changing.length).toBeGreaterThan(25);
    for (const r of changing) {
      const res = await send(admin, r.method, r.url).set('Origin', 'https://evil.example').send({});
      expect({ route: `${r.method} ${r.path}`, status: res.status, code: res.body.code, message: res.body.message }).toEqual({
        route: `${r.method} ${r.path}`,
        status: 403,
        code: 'CSRF.FOREIGN_ORIGIN',
        message: FOREIGN_ORIGIN_MESSAGE,
      });
    }
  });

  it('refuses text PostgreSQL cannot store on every route, before any route guard (also signed out)', async () => {
    for (const r of apiRoutes()) {
      const res = await send(t.agent(), r.method, `${r.url}?x=%00`);
      expect({ route: `${r.method} ${r.path}`, status: res.status, message: res.body.message }).toEqual({
        route: `${r.method} ${r.path}`,
        status: 400,
        message: UNSTORABLE_TEXT_MESSAGE,
      });
    }
  });

  it("answers every route with its request id and Cache-Control: no-store, the admin's reads included", async () => {
    for (const r of apiRoutes().filter((x) => x.method === 'GET')) {
      const res = await admin.get(r.url);
      expect(res.status).toBeLessThan(500);
      expect({ route: r.path, cacheControl: res.headers['cache-control'], id: typeof res.headers['x-request-id'] }).toEqual({
        route: r.path,
        cacheControl: 'no-store',
        id: 'string',
      });
    }
  });
});
