import { createTestApp, newClient, TestApp } from '../support/test-app';

describe('Account settings: PATCH /api/update-account, DELETE /api/delete-account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function signedIn() {
    const c = newClient('acct');
    const agent = t.agent();
    const res = await agent.post('/api/register').send(c).expect(201);
    return { c, agent, id: res.body.id as number };
  }

  it('requires a signed-in user', async () => {
    await t.http().patch('/api/update-account').send({ username: 'Someone', email: 'a@example.com' }).expect(401);
    await t.http().delete('/api/delete-account').expect(401);
  });

  it('updates name, e-mail and company and answers the user without secrets', async () => {
    const { c, agent, id } = await signedIn();
    const email = `renamed-${id}@example.com`;
    const res = await agent
      .patch('/api/update-account')
      .send({ username: `Renamed ${id}`, email: email.toUpperCase(), company: 'Lee Interiors', currentPassword: c.password })
      .expect(200);
    expect(res.body).toMatchObject({ id, username: `Renamed ${id}`, email, company: 'Lee Interiors', role: 'client' });
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);
    expect((await agent.get('/api/user').expect(200)).body.email).toBe(email);
  });

  it('changes the name and company without the current password', async () => {
    const { c, agent, id } = await signedIn();
    await agent
      .patch('/api/update-account')
      .send({ username: `Plain ${id}`, email: c.email.toUpperCase(), company: 'Studio B' })
      .expect(200);
    expect((await agent.get('/api/user').expect(200)).body).toMatchObject({ username: `Plain ${id}`, email: c.email, company: 'Studio B' });
  });

  it.each([
    ['a new e-mail', (c: { email: string }) => ({ email: `x-${c.email}` })],
    ['a new password', () => ({ password: 'taken-over-1' })],
  ])('refuses %s without the current password, or with a wrong one, and changes nothing', async (_what, change) => {
    const { c, agent } = await signedIn();
    const body = { username: c.username, email: c.email, ...change(c) };
    const missing = await agent.patch('/api/update-account').send(body).expect(400);
    expect(missing.body).toMatchObject({
      message: 'Enter your current password to change your email or password',
      errors: { currentPassword: 'Enter your current password to change your email or password' },
    });
    const wrong = await agent
      .patch('/api/update-account')
      .send({ ...body, currentPassword: 'not-my-password' })
      .expect(400);
    expect(wrong.body).toMatchObject({
      message: 'Current password is incorrect',
      errors: { currentPassword: 'Current password is incorrect' },
    });
    expect((await agent.get('/api/user').expect(200)).body.email).toBe(c.email);
    await t.http().post('/api/login').send({ email: c.email, password: c.password }).expect(200);
    expect(t.smtp.to(c.email).filter((m) => m.subject === 'Your client portal e-mail address was changed')).toHaveLength(0);
  });

  it('counts wrong current passwords as failed sign-ins: a borrowed session cannot guess the password at leisure', async () => {
    const { c, agent } = await signedIn();
    const from = '192.0.2.201';
    const body = { username: c.username, email: c.email, password: 'taken-over-1' };
    for (let i = 0; i < 10; i++) {
      await agent
        .patch('/api/update-account')
        .set('X-Forwarded-For', from)
        .send({ ...body, currentPassword: `guess-${i}-wrong` })
        .expect(400);
    }
    // From that address, even the right password is refused now, and so is signing in.
    const refused = await agent
      .patch('/api/update-account')
      .set('X-Forwarded-For', from)
      .send({ ...body, currentPassword: c.password })
      .expect(429);
    expect(refused.body.message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    await t.http().post('/api/login').set('X-Forwarded-For', from).send({ email: c.email, password: c.password }).expect(429);
    await agent.post('/api/2fa/setup').set('X-Forwarded-For', from).send({ currentPassword: c.password }).expect(429);
    // The owner elsewhere is not locked out.
    await t.http().post('/api/login').send({ email: c.email, password: c.password }).expect(200);
  });

  it('tells the old address of an e-mail change, through the outbox', async () => {
    const { c, agent, id } = await signedIn();
    const email = `moved-${id}@example.com`;
    await agent.patch('/api/update-account').send({ username: c.username, email, currentPassword: c.password }).expect(200);
    const notice = await t.smtp.waitFor((m) => m.to.includes(c.email) && m.subject === 'Your client portal e-mail address was changed');
    expect(notice.text).toContain(`from ${c.email} to ${email}`);
    expect(notice.text).toContain('If you did not make this change, reset your password now');
    expect(notice.html).toContain('/forgot-password');
    expect(t.smtp.to(email).filter((m) => m.subject === 'Your client portal e-mail address was changed')).toHaveLength(0);
  });

  it('changes the password: the new one signs in, other sessions end, this one stays', async () => {
    const { c, agent } = await signedIn();
    const other = t.agent();
    await other.post('/api/login').send({ email: c.email, password: c.password }).expect(200);
    await agent
      .patch('/api/update-account')
      .send({ username: c.username, email: c.email, password: 'new-password-1', currentPassword: c.password })
      .expect(200);
    await agent.get('/api/user').expect(200);
    await other.get('/api/user').expect(401);
    await t.http().post('/api/login').send({ email: c.email, password: c.password }).expect(401);
    await t.http().post('/api/login').send({ email: c.email, password: 'new-password-1' }).expect(200);
  });

  it('keeps the password when the field is left empty', async () => {
    const { c, agent } = await signedIn();
    await agent.patch('/api/update-account').send({ username: c.username, email: c.email, company: '', password: '' }).expect(200);
    await t.http().post('/api/login').send({ email: c.email, password: c.password }).expect(200);
  });

  it.each([
    [{ username: '', email: 'a@example.com' }, 'Username is required'],
    [{ email: 'a@example.com' }, 'Username is required'],
    [{ username: 'Someone', email: '' }, 'Email is required'],
    [{ username: 'Someone', email: 'not-an-address' }, 'Email is invalid'],
    [{ username: 'Someone', email: 'a@example.com', password: 'short' }, 'Password must be at least 8 characters'],
    [{ username: 'Someone', email: 'a@example.com', company: 'x'.repeat(201) }, 'Company must be at most 200 characters'],
  ])('refuses %j with "%s"', async (body, message) => {
    const { agent } = await signedIn();
    const res = await agent.patch('/api/update-account').send(body).expect(400);
    expect(res.body.message).toBe(message);
  });

  it("refuses another account's e-mail or name with 409 and changes nothing", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const res = await b.agent
      .patch('/api/update-account')
      .send({ username: b.c.username, email: a.c.email, currentPassword: b.c.password })
      .expect(409);
    expect(res.body.message).toBe('An account with this email already exists');
    await b.agent.patch('/api/update-account').send({ username: a.c.username, email: b.c.email }).expect(409);
    expect((await b.agent.get('/api/user').expect(200)).body.email).toBe(b.c.email);
  });

  it('deletes the account: sessions end, sign-in refuses it, the row stays for history and the e-mail is free again', async () => {
    const { c, agent, id } = await signedIn();
    const other = t.agent();
    await other.post('/api/login').send({ email: c.email, password: c.password }).expect(200);
    const res = await agent.delete('/api/delete-account').expect(200);
    expect(res.body).toEqual({ success: true, message: 'Your account has been deleted.' });
    await agent.get('/api/user').expect(401);
    await other.get('/api/user').expect(401);
    await t.http().post('/api/login').send({ email: c.email, password: c.password }).expect(401);
    const [row] = await t.db.query(`SELECT username, deleted_at FROM users WHERE id = $1`, [id]);
    expect(row.username).toBe(c.username);
    expect(row.deleted_at).not.toBeNull();
    await t.http().post('/api/register').send(c).expect(201);
  });
});
