import { ADMIN, adminAgent, Agent, clientAgent, contentRange, createTestApp, listParams, newClient, TestApp } from '../support/test-app';

describe('Admin Clients (spec §7 "Clients")', () => {
  let t: TestApp;
  let admin: Agent;
  let adminId: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    adminId = (await admin.get('/api/user').expect(200)).body.id;
  });
  afterAll(() => t.close());

  it('lists accounts for the admin only', async () => {
    const res = await admin.get('/api/clients').expect(200);
    expect(res.body.some((u: { email: string }) => u.email === ADMIN.email)).toBe(true);
    for (const u of res.body)
      expect(Object.keys(u).sort()).toEqual([
        'company',
        'createdAt',
        'email',
        'emailVerified',
        'id',
        'role',
        'twoFactorEnabled',
        'username',
      ]);
    const { agent } = await clientAgent(t);
    await agent.get('/api/clients').expect(403);
    await agent.get(`/api/clients/${adminId}`).expect(403);
    await agent.put(`/api/clients/${adminId}`).send({ username: 'Hacker', email: 'h@example.com', role: 'client' }).expect(403);
    await agent.delete(`/api/clients/${adminId}`).expect(403);
    await t.http().get('/api/clients').expect(401);
  });

  it('searches name or e-mail case-insensitively, filters by role, pages with Content-Range', async () => {
    const tag = `find${process.pid}`;
    for (const who of ['Alpha', 'Beta', 'Gamma']) {
      await admin
        .post('/api/register')
        .send({ username: `${tag} ${who}`, email: `${who.toLowerCase()}.${tag}@example.com`, password: 'secret123', role: 'client' })
        .expect(201);
    }
    const byName = await admin
      .get('/api/clients')
      .query(listParams(['username', 'DESC'], [0, 1], { q: tag.toUpperCase() }))
      .expect(200);
    expect(byName.body.map((u: { username: string }) => u.username)).toEqual([`${tag} Gamma`, `${tag} Beta`]);
    expect(contentRange(byName.headers['content-range']).total).toBe(3);
    const byEmail = await admin
      .get('/api/clients')
      .query(listParams(undefined, undefined, { q: `beta.${tag}@` }))
      .expect(200);
    expect(byEmail.body).toHaveLength(1);
    const admins = await admin
      .get('/api/clients')
      .query(listParams(undefined, [0, 99], { role: 'admin' }))
      .expect(200);
    expect(admins.body.every((u: { role: string }) => u.role === 'admin')).toBe(true);
    await admin
      .get('/api/clients')
      .query(listParams(undefined, undefined, { role: 'owner' }))
      .expect(400);
  });

  it('edits name, e-mail and role with the spec messages and conflicts', async () => {
    const { id, email } = await clientAgent(t, 'edit');
    const other = await clientAgent(t, 'other');
    const res = await admin
      .put(`/api/clients/${id}`)
      .send({ username: `Edited ${id}`, email, role: 'admin' })
      .expect(200);
    expect(res.body).toMatchObject({ id, username: `Edited ${id}`, role: 'admin' });
    const bad = await admin.put(`/api/clients/${id}`).send({ username: 'ab', email, role: 'client' }).expect(400);
    expect(bad.body.message).toBe('Name must be at least 3 characters');
    const badEmail = await admin
      .put(`/api/clients/${id}`)
      .send({ username: `Edited ${id}`, email: 'nope', role: 'client' })
      .expect(400);
    expect(badEmail.body.message).toBe('Please enter a valid email');
    await admin
      .put(`/api/clients/${id}`)
      .send({ username: `Edited ${id}`, email, role: 'owner' })
      .expect(400);
    const taken = await admin
      .put(`/api/clients/${id}`)
      .send({ username: `Edited ${id}`, email: other.email, role: 'client' })
      .expect(409);
    expect(taken.body.message).toBe('An account with this email already exists');
    await admin.put('/api/clients/2147483647').send({ username: 'Nobody here', email: 'n@example.com', role: 'client' }).expect(404);
  });

  it('deletes a client: sessions end, sign-in refuses, payments stay; the admin cannot delete themself', async () => {
    const c = newClient('del');
    const agent = t.agent();
    const { body } = await agent.post('/api/register').send(c).expect(201);
    await admin.delete(`/api/clients/${body.id}`).expect(204);
    await agent.get('/api/user').expect(401);
    await t.http().post('/api/login').send({ email: c.email, password: c.password }).expect(401);
    const list = await admin.get('/api/clients').expect(200);
    expect(list.body.find((u: { id: number }) => u.id === body.id)).toBeUndefined();
    await admin.get(`/api/clients/${body.id}`).expect(404);
    const self = await admin.delete(`/api/clients/${adminId}`).expect(409);
    expect(self.body.message).toMatch(/cannot delete your own account/);
    await admin.get('/api/user').expect(200);
  });
});
