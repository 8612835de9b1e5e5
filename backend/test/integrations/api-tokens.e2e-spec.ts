import { adminAgent, Agent, clientAgent, createTestApp, newClient, TestApp } from '../support/test-app';

/** CONTRACT §9: API tokens for integrators. */
describe('API tokens', () => {
  let t: TestApp;
  let admin: Agent;
  const tag = `tok${process.pid}`;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown>, agent = admin) => (await agent.post('/api/api-tokens').send(body).expect(201)).body;

  it('is shown once, kept only as a hash, listed without its secret', async () => {
    const made = await create({ name: `${tag} reader`, scope: 'read' });
    expect(made.token).toMatch(/^sp_[A-Za-z0-9_-]{32,}$/);
    expect(made).toMatchObject({ name: `${tag} reader`, scope: 'read', expiresAt: null, lastUsedAt: null, hint: made.token.slice(0, 12) });
    const rows = await t.db.query(`SELECT * FROM api_tokens WHERE id = $1`, [made.id]);
    expect(JSON.stringify(rows)).not.toContain(made.token.slice(12));
    const listed = (await admin.get('/api/api-tokens').expect(200)).body;
    const mine = listed.find((x: { id: number }) => x.id === made.id);
    expect(mine).toEqual({
      id: made.id,
      name: made.name,
      scope: 'read',
      hint: made.hint,
      createdAt: made.createdAt,
      expiresAt: null,
      lastUsedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(made.token);
  });

  it('acts as the admin without a cookie and makes no session; a read token may only read', async () => {
    const { token } = await create({ name: `${tag} read-only`, scope: 'read' });
    const res = await t.http().get('/api/projects').set(bearer(token)).expect(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(Array.isArray(res.body)).toBe(true);
    await t.http().get('/api/user').set(bearer(token)).expect(200);
    const refused = await t
      .http()
      .post('/api/services')
      .set(bearer(token))
      .send({ name: `${tag} svc`, price: 10 })
      .expect(403);
    expect(refused.body).toMatchObject({ code: 'AUTH.TOKEN_READ_ONLY' });
    expect(await t.db.query(`SELECT 1 FROM services WHERE name = $1`, [`${tag} svc`])).toHaveLength(0);
    const [row] = await t.db.query(`SELECT last_used_at FROM api_tokens WHERE token_prefix = $1`, [token.slice(0, 12)]);
    expect(row.last_used_at).not.toBeNull();
  });

  it('a write token changes things with the admin’s rights, from anywhere (no browser origin check), and the log names the admin', async () => {
    const { token } = await create({ name: `${tag} writer`, scope: 'write', expiresInDays: 30 });
    const made = await t
      .http()
      .post('/api/services')
      .set(bearer(token))
      .set('Origin', 'https://accounting.example')
      .send({ name: `${tag} by token`, price: 25 })
      .expect(201);
    const [event] = await t.db.query(`SELECT actor_email FROM audit_events WHERE action = 'service.created' AND target_id = $1`, [
      String(made.body.id),
    ]);
    expect(event.actor_email).toBe('owner@studio.test');
  });

  it('cannot manage tokens or webhooks, whatever its scope (403)', async () => {
    const { token } = await create({ name: `${tag} no-manage`, scope: 'write' });
    const res = await t.http().get('/api/api-tokens').set(bearer(token)).expect(403);
    expect(res.body.code).toBe('AUTH.SESSION_REQUIRED');
    await t.http().post('/api/api-tokens').set(bearer(token)).send({ name: 'x', scope: 'write' }).expect(403);
  });

  it('stops working at once when revoked, expired, unknown or malformed (401)', async () => {
    const revoked = await create({ name: `${tag} revoked`, scope: 'write' });
    await t.http().get('/api/projects').set(bearer(revoked.token)).expect(200);
    await admin.delete(`/api/api-tokens/${revoked.id}`).expect(204);
    const gone = await t.http().get('/api/projects').set(bearer(revoked.token)).expect(401);
    expect(gone.body).toMatchObject({ code: 'AUTH.INVALID_TOKEN' });
    await admin.delete(`/api/api-tokens/${revoked.id}`).expect(404);
    expect((await admin.get('/api/api-tokens').expect(200)).body.map((x: { id: number }) => x.id)).not.toContain(revoked.id);

    const expired = await create({ name: `${tag} expired`, scope: 'read', expiresInDays: 1 });
    await t.db.query(`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.id]);
    await t.http().get('/api/projects').set(bearer(expired.token)).expect(401);

    await t
      .http()
      .get('/api/projects')
      .set(bearer(`sp_${'A'.repeat(43)}`))
      .expect(401);
    await t.http().get('/api/projects').set(bearer('not-a-token')).expect(401);
    await t.http().get('/api/projects').set('Authorization', 'Bearer').expect(401);
  });

  it('is refused in a query string, even a valid one', async () => {
    const { token } = await create({ name: `${tag} query`, scope: 'read' });
    const res = await t.http().get(`/api/projects?access_token=${token}`).expect(401);
    expect(res.body.code).toBe('AUTH.TOKEN_IN_QUERY');
    await t.http().get(`/api/projects?x=${token}`).expect(401);
  });

  it('stops working when its admin is deleted', async () => {
    const other = newClient('tokadmin');
    const created = (
      await admin
        .post('/api/register')
        .send({ ...other, role: 'admin' })
        .expect(201)
    ).body;
    const agent = t.agent();
    await agent.post('/api/login').send({ email: other.email, password: other.password }).expect(200);
    const { token } = await create({ name: `${tag} of another admin`, scope: 'read' }, agent);
    await t.http().get('/api/projects').set(bearer(token)).expect(200);
    await admin.delete(`/api/clients/${created.id}`).expect(204);
    await t.http().get('/api/projects').set(bearer(token)).expect(401);
  });

  it('is the admin’s alone to make, with a clear 400 for bad input', async () => {
    const c = await clientAgent(t, 'tokclient');
    await c.agent.post('/api/api-tokens').send({ name: 'mine', scope: 'read' }).expect(403);
    await t.http().post('/api/api-tokens').send({ name: 'mine', scope: 'read' }).expect(401);
    const bad = await admin.post('/api/api-tokens').send({ name: '', scope: 'admin', expiresInDays: 0 }).expect(400);
    expect(bad.body.errors).toEqual({
      name: 'Name is required',
      scope: "Scope must be 'read' or 'write'",
      expiresInDays: 'Expiry must be between 1 and 3650 days',
    });
    const before = (await t.db.query(`SELECT count(*)::int AS n FROM api_tokens`))[0].n;
    await admin
      .post('/api/api-tokens')
      .send({ name: 'x'.repeat(101), scope: 'read' })
      .expect(400);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM api_tokens`))[0].n).toBe(before);
  });

  it('records api_token.created and api_token.revoked in the activity log', async () => {
    const made = await create({ name: `${tag} logged`, scope: 'write' });
    await admin.delete(`/api/api-tokens/${made.id}`).expect(204);
    const rows = await t.db.query(
      `SELECT action, summary FROM audit_events WHERE target_type = 'api_token' AND target_id = $1 ORDER BY id`,
      [String(made.id)],
    );
    expect(rows).toEqual([
      { action: 'api_token.created', summary: `Created write API token "${tag} logged"` },
      { action: 'api_token.revoked', summary: `Revoked API token "${tag} logged"` },
    ]);
  });
});
