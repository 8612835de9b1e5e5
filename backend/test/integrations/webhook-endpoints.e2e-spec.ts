import { adminAgent, Agent, clientAgent, createTestApp, TestApp } from '../support/test-app';

/** CONTRACT §9: webhook endpoints, managed by the admin (deliveries come with the worker). */
describe('Webhook endpoints', () => {
  let t: TestApp;
  let admin: Agent;
  const PUBLIC_URL = 'https://93.184.216.34/studio-hook';

  beforeAll(async () => {
    t = await createTestApp(); // WEBHOOK_ALLOW_PRIVATE_URLS unset: production rules
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  it('is made with a whsec_ secret shown once, listed without it, changed, turned off and removed; each in the activity log', async () => {
    const made = (
      await admin
        .post('/api/webhook-endpoints')
        .send({ url: PUBLIC_URL, events: ['project.paid', 'payment.succeeded', 'project.paid'], description: ' Accounting ' })
        .expect(201)
    ).body;
    expect(made).toMatchObject({
      url: PUBLIC_URL,
      events: ['project.paid', 'payment.succeeded'],
      description: 'Accounting',
      enabled: true,
    });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const listed = (await admin.get('/api/webhook-endpoints').expect(200)).body;
    expect(listed.find((e: { id: number }) => e.id === made.id)).toEqual({
      id: made.id,
      url: PUBLIC_URL,
      events: ['project.paid', 'payment.succeeded'],
      description: 'Accounting',
      enabled: true,
      createdAt: made.createdAt,
    });
    expect(JSON.stringify(listed)).not.toContain(made.secret);

    const changed = (
      await admin
        .patch(`/api/webhook-endpoints/${made.id}`)
        .send({ enabled: false, events: ['ping'] })
        .expect(200)
    ).body;
    expect(changed).toMatchObject({ enabled: false, events: ['ping'], url: PUBLIC_URL });
    await admin.delete(`/api/webhook-endpoints/${made.id}`).expect(204);
    await admin.delete(`/api/webhook-endpoints/${made.id}`).expect(404);
    await admin.patch(`/api/webhook-endpoints/${made.id}`).send({ enabled: true }).expect(404);

    const log = await t.db.query(`SELECT action, summary FROM audit_events WHERE target_type = 'webhook' AND target_id = $1 ORDER BY id`, [
      String(made.id),
    ]);
    expect(log).toEqual([
      { action: 'webhook.created', summary: `Added webhook endpoint ${PUBLIC_URL} for project.paid, payment.succeeded` },
      { action: 'webhook.updated', summary: `Updated webhook endpoint ${PUBLIC_URL}: events ping, disabled` },
      { action: 'webhook.deleted', summary: `Removed webhook endpoint ${PUBLIC_URL}` },
    ]);
  });

  it.each([
    ['http://93.184.216.34/hook', 'URL must use https'],
    ['https://127.0.0.1/hook', 'URL must point to a public address, not a private or local one'],
    ['https://169.254.169.254/latest/meta-data', 'URL must point to a public address, not a private or local one'],
    ['https://[::1]/hook', 'URL must point to a public address, not a private or local one'],
    ['https://localhost/hook', 'URL must point to a public address, not a private or local one'],
    ['https://user:secret@93.184.216.34/hook', 'URL must not contain a user name or password'],
    ['ftp://93.184.216.34/hook', 'URL must start with https:// (or http:// in development)'],
    ['not a url', 'URL must be a valid URL'],
  ])('refuses %s (400), recording nothing', async (url, message) => {
    const before = (await t.db.query(`SELECT count(*)::int AS n FROM webhook_endpoints`))[0].n;
    const res = await admin
      .post('/api/webhook-endpoints')
      .send({ url, events: ['ping'] })
      .expect(400);
    expect(res.body.errors).toEqual({ url: message });
    expect((await t.db.query(`SELECT count(*)::int AS n FROM webhook_endpoints`))[0].n).toBe(before);
  });

  it('refuses unknown events and empty lists, and a change to a private URL leaves the endpoint as it was', async () => {
    const bad = await admin
      .post('/api/webhook-endpoints')
      .send({ url: PUBLIC_URL, events: ['project.exploded'] })
      .expect(400);
    expect(bad.body.errors.events).toMatch(/^Events must be a list of: client.created, /);
    await admin.post('/api/webhook-endpoints').send({ url: PUBLIC_URL, events: [] }).expect(400);
    const made = (
      await admin
        .post('/api/webhook-endpoints')
        .send({ url: PUBLIC_URL, events: ['ping'] })
        .expect(201)
    ).body;
    await admin.patch(`/api/webhook-endpoints/${made.id}`).send({ url: 'https://10.0.0.8/hook' }).expect(400);
    expect((await t.db.query(`SELECT url FROM webhook_endpoints WHERE id = $1`, [made.id]))[0].url).toBe(PUBLIC_URL);
  });

  it('is the admin’s session alone: clients 403, anonymous 401, any API token 403', async () => {
    const c = await clientAgent(t, 'hookclient');
    await c.agent.get('/api/webhook-endpoints').expect(403);
    await t.http().get('/api/webhook-endpoints').expect(401);
    const { token } = (await admin.post('/api/api-tokens').send({ name: 'hooks', scope: 'write' }).expect(201)).body;
    const res = await t
      .http()
      .post('/api/webhook-endpoints')
      .set('Authorization', `Bearer ${token}`)
      .send({ url: PUBLIC_URL, events: ['ping'] });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('AUTH.SESSION_REQUIRED');
  });

  it('takes http and private addresses when WEBHOOK_ALLOW_PRIVATE_URLS=true (development), never credentials', async () => {
    const dev = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
    try {
      const a = await adminAgent(dev);
      await a
        .post('/api/webhook-endpoints')
        .send({ url: 'http://127.0.0.1:4000/hook', events: ['ping'] })
        .expect(201);
      await a
        .post('/api/webhook-endpoints')
        .send({ url: 'http://me:pw@127.0.0.1:4000/hook', events: ['ping'] })
        .expect(400);
    } finally {
      await dev.close();
    }
  });
});
