import { createTestApp, TestApp } from '../support/test-app';

/** Which answers go gzipped (decision 0034): API answers from 32 kB, to a browser that accepts gzip. */
describe('Compression of answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gzips a large API answer for a browser that accepts it, and only then', async () => {
    const gzipped = await t.http().get('/api/docs-json').set('Accept-Encoding', 'gzip, deflate, br').expect(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    // (superagent has gunzipped it)
    expect(gzipped.body.openapi).toMatch(/^3\./);
    const plain = await t.http().get('/api/docs-json').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBeGreaterThan(32 * 1024);
    expect(plain.body).toEqual(gzipped.body);
  });

  it('sends a small API answer as it is: compressing it would cost the server more than it saves', async () => {
    const res = await t.http().get('/api/health').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('reads a request body as before, whatever its Content-Encoding says (no 415)', async () => {
    const res = await t
      .http()
      .post('/api/login')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'zstd-ish')
      .send(JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-password-1' }));
    expect(res.status).toBe(401);
  });
});
