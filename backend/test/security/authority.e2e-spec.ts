import { ADMIN, adminAgent, Agent, clientAgent, createTestApp, eventually, newClient, TestApp } from '../support/test-app';

/**
 * CONTRACT §12, the attacks of issue 27 where tokens met accounts, replayed against the product. Each
 * one answered 2xx before the authority policy; each now meets its refusal and leaves nothing behind.
 */
describe('Authority at the seams: API tokens and account authority (CONTRACT §12)', () => {
  let t: TestApp;
  let admin: Agent;
  let adminId: number;
  let writeToken: string;
  let writeTokenId: number;
  let readToken: string;
  const tag = `auth${process.pid}`;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    adminId = (await admin.get('/api/user').expect(200)).body.id;
    const write = (
      await admin
        .post('/api/api-tokens')
        .send({ name: `${tag} CRM sync`, scope: 'write' })
        .expect(201)
    ).body;
    writeToken = write.token;
    writeTokenId = write.id;
    readToken = (
      await admin
        .post('/api/api-tokens')
        .send({ name: `${tag} reports`, scope: 'read' })
        .expect(201)
    ).body.token;
  });
  afterAll(() => t.close());

  const userRow = async (email: string) => (await t.db.query(`SELECT id, role, email FROM users WHERE email = $1`, [email]))[0];

  it('a write token cannot mint an admin (403 AUTH.SESSION_REQUIRED) and nothing is created; it may create a client', async () => {
    const mallory = newClient('mallory');
    const res = await t
      .http()
      .post('/api/register')
      .set(bearer(writeToken))
      .send({ ...mallory, role: 'admin' })
      .expect(403);
    expect(res.body).toMatchObject({ code: 'AUTH.SESSION_REQUIRED' });
    expect(await userRow(mallory.email)).toBeUndefined();
    // ... so nobody can sign in with it and make fresh tokens.
    await t.http().post('/api/login').send({ email: mallory.email, password: mallory.password }).expect(401);

    const client = newClient('crmclient');
    const made = await t.http().post('/api/register').set(bearer(writeToken)).send(client).expect(201);
    expect(made.body).toMatchObject({ role: 'client', email: client.email });
    expect(made.headers['set-cookie']).toBeUndefined();
    // The activity log names the token that acted, the photographer stays the actor.
    const [event] = await t.db.query(`SELECT actor_email, via FROM audit_events WHERE action = 'client.created' AND target_id = $1`, [
      String(made.body.id),
    ]);
    expect(event).toEqual({ actor_email: ADMIN.email, via: `token:${writeTokenId} ${tag} CRM sync` });
    // The admin's own session still makes an admin.
    const second = newClient('secondadmin');
    expect(
      (
        await admin
          .post('/api/register')
          .send({ ...second, role: 'admin' })
          .expect(201)
      ).body.role,
    ).toBe('admin');
  });

  it('a token cannot change any account’s e-mail or role, nor touch an admin account, through the client editor', async () => {
    const c = await clientAgent(t, 'victim');
    const put = (id: number, body: object) => t.http().put(`/api/clients/${id}`).set(bearer(writeToken)).send(body);
    const refusals = [
      await put(adminId, { username: ADMIN.username, email: `taken${tag}@evil.test`, role: 'admin' }),
      await put(adminId, { username: 'Renamed by a token', email: ADMIN.email, role: 'admin' }),
      await put(c.id, { username: c.username, email: `taken${tag}@evil.test`, role: 'client' }),
      await put(c.id, { username: c.username, email: c.email, role: 'admin' }),
    ];
    expect(refusals.map((r) => [r.status, r.body.code])).toEqual(Array(4).fill([403, 'AUTH.SESSION_REQUIRED']));
    expect((await userRow(ADMIN.email)).role).toBe('admin');
    expect(await userRow(c.email)).toMatchObject({ role: 'client', email: c.email });
    // A name is business data: a write token may change it, and the log says the token did.
    const renamed = await put(c.id, { username: `${c.username} Jr`, email: c.email, role: 'client' }).expect(200);
    expect(renamed.body.username).toBe(`${c.username} Jr`);
    const [event] = await t.db.query(`SELECT via FROM audit_events WHERE action = 'client.updated' AND target_id = $1 ORDER BY id DESC`, [
      String(c.id),
    ]);
    expect(event.via).toBe(`token:${writeTokenId} ${tag} CRM sync`);
    // Nor delete an admin's account, end sessions, or act on the tokens' own admin's account.
    const other = newClient('otheradmin');
    const otherId = (
      await admin
        .post('/api/register')
        .send({ ...other, role: 'admin' })
        .expect(201)
    ).body.id;
    expect((await t.http().delete(`/api/clients/${otherId}`).set(bearer(writeToken)).expect(403)).body.code).toBe('AUTH.SESSION_REQUIRED');
    expect((await t.http().post(`/api/clients/${c.id}/end-sessions`).set(bearer(writeToken)).expect(403)).body.code).toBe(
      'AUTH.SESSION_REQUIRED',
    );
    expect((await t.http().delete('/api/delete-account').set(bearer(writeToken)).expect(403)).body.code).toBe('AUTH.SESSION_REQUIRED');
    const patch = await t
      .http()
      .patch('/api/update-account')
      .set(bearer(writeToken))
      .send({ username: ADMIN.username, email: `taken${tag}@evil.test` })
      .expect(403);
    expect(patch.body.code).toBe('AUTH.SESSION_REQUIRED');
    expect(await userRow(other.email)).toMatchObject({ role: 'admin' });
    await c.agent.get('/api/user').expect(200);
  });

  it('nobody changes their own e-mail or role through the client editor (403); Account Settings asks for the password', async () => {
    const own = await admin
      .put(`/api/clients/${adminId}`)
      .send({ username: ADMIN.username, email: `moved${tag}@studio.test`, role: 'admin' })
      .expect(403);
    expect(own.body).toMatchObject({ code: 'USERS.OWN_ACCOUNT' });
    expect((await userRow(ADMIN.email)).id).toBe(adminId);
    // A name change of one's own account is fine there.
    await admin.put(`/api/clients/${adminId}`).send({ username: ADMIN.username, email: ADMIN.email, role: 'admin' }).expect(200);
  });

  it('the studio moving a client to another address tells the old one, unverifies the account and ends its sessions', async () => {
    const c = await clientAgent(t, 'moving');
    const second = t.agent();
    await second.post('/api/login').send({ email: c.email, password: 'secret123' }).expect(200);
    const newEmail = `new-${c.email}`;
    const res = await admin.put(`/api/clients/${c.id}`).send({ username: c.username, email: newEmail, role: 'client' }).expect(200);
    expect(res.body).toMatchObject({ email: newEmail, emailVerified: false });
    // Every session of the account ended.
    await c.agent.get('/api/user').expect(401);
    await second.get('/api/user').expect(401);
    // The old address is told, the new one gets its verification link.
    await t.smtp.waitFor((m) => m.to.includes(c.email) && m.subject === 'Your client portal e-mail address was changed');
    await t.smtp.waitFor((m) => m.to.includes(newEmail) && /verify-email\?token=/.test(m.text));
    await eventually(async () => {
      const [row] = await t.db.query(`SELECT email_verified_at FROM users WHERE id = $1`, [c.id]);
      expect(row.email_verified_at).toBeNull();
    });
    // The client signs in at the new address.
    await t.agent().post('/api/login').send({ email: newEmail, password: 'secret123' }).expect(200);
  });

  it('a read token causes no side effect, whatever the method: test e-mails and writes are refused', async () => {
    const before = Number((await t.db.query(`SELECT count(*)::int AS n FROM email_outbox`))[0].n);
    for (const path of ['/api/send-test-welcome-email', '/api/send-test-project-email']) {
      expect((await t.http().post(path).set(bearer(readToken)).expect(403)).body.code).toBe('AUTH.TOKEN_READ_ONLY');
      // The address that sent e-mail on GET sends nothing any more.
      const get = await t.http().get(path).set(bearer(readToken));
      expect(get.status).toBe(404);
    }
    expect((await t.http().post('/api/admin/test-email').set(bearer(readToken)).send({ email: 'x@example.com' })).body.code).toBe(
      'AUTH.TOKEN_READ_ONLY',
    );
    expect(Number((await t.db.query(`SELECT count(*)::int AS n FROM email_outbox`))[0].n)).toBe(before);
  });

  it('a session-only route refuses every token, read or write, with AUTH.SESSION_REQUIRED', async () => {
    for (const token of [readToken, writeToken]) {
      for (const [method, path] of [
        ['post', '/api/2fa/setup'],
        ['post', '/api/2fa/disable'],
        ['get', '/api/api-tokens'],
        ['post', '/api/api-tokens'],
        ['get', '/api/webhook-endpoints'],
        ['post', '/api/logout'],
        ['post', '/api/verify-email/resend'],
      ] as const) {
        const res = await t.http()[method](path).set(bearer(token)).send({});
        expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 403, code: 'AUTH.SESSION_REQUIRED' });
      }
    }
  });
});
