import { ADMIN, createTestApp, eventually, newClient, sessionIdOf, TestApp } from '../support/test-app';

describe('Session: register, login, logout, current user (spec §7 "Session")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const noSecrets = (body: Record<string, unknown>) => {
    expect(Object.keys(body).sort()).toEqual([
      'company',
      'createdAt',
      'email',
      'emailVerified',
      'id',
      'role',
      'twoFactorEnabled',
      'username',
    ]);
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/\$argon2/);
  };

  it('registers a client, signs them in with a safe cookie, and answers the current user', async () => {
    const agent = t.agent();
    const c = newClient();
    const res = await agent.post('/api/register').send(c).expect(201);
    expect(res.body).toMatchObject({ username: c.username, email: c.email, role: 'client', company: null });
    expect(typeof res.body.id).toBe('number');
    noSecrets(res.body);
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((x) => x.startsWith('portal.sid='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // plain HTTP here; Secure is set behind HTTPS
    const me = await agent.get('/api/user').expect(200);
    expect(me.body).toEqual(res.body);
    noSecrets(me.body);
  });

  it('marks the cookie Secure when the request came over HTTPS through the proxy', async () => {
    const res = await t.http().post('/api/register').set('X-Forwarded-Proto', 'https').send(newClient()).expect(201);
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((x) => x.startsWith('portal.sid='))!;
    expect(cookie).toMatch(/; Secure/);
  });

  it('answers 401 for the current user when nobody is signed in', async () => {
    const res = await t.http().get('/api/user').expect(401);
    expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    expect(typeof res.body.message).toBe('string');
  });

  it('sends the welcome e-mail through the outbox to a real SMTP server', async () => {
    const c = newClient('welcome');
    await t.http().post('/api/register').send(c).expect(201);
    const mail = await t.smtp.waitFor((m) => m.to.includes(c.email));
    expect(mail.subject).toBe('Welcome to your photography client portal');
    expect(mail.text).toContain(`Welcome, ${c.username}!`);
    expect(mail.html).toContain('http://portal.test/projects');
    await eventually(async () => {
      const rows = await t.db.query(`SELECT status, attempts, server_response FROM email_outbox WHERE to_address = $1`, [c.email]);
      expect(rows).toEqual([{ status: 'sent', attempts: 1, server_response: expect.stringMatching(/^250 /) }]);
    });
  });

  it.each([
    [{ username: 'ab', email: 'x@example.com', password: 'secret123' }, 'Name must be at least 3 characters', 'username'],
    [{ username: 'Abby', email: 'not-an-email', password: 'secret123' }, 'Please enter a valid email address', 'email'],
    [{ username: 'Abby', email: 'ab\u200Bby@example.com', password: 'secret123' }, 'Please enter a valid email address', 'email'],
    [{ username: 'Abby', email: 'abby@exam\uFEFFple.com', password: 'secret123' }, 'Please enter a valid email address', 'email'],
    [{ username: 'Abby', email: 'abby@example.com', password: '12345' }, 'Password must be at least 6 characters', 'password'],
    [{ username: 'Abby', email: 'abby@example.com' }, 'Password must be at least 6 characters', 'password'],
    [{ username: 'Abby', email: 'abby@example.com', password: 'x'.repeat(129) }, 'Password must be at most 128 characters', 'password'],
    [{ username: 'A'.repeat(51), email: 'abby@example.com', password: 'secret123' }, 'Name must be at most 50 characters', 'username'],
  ])('refuses registration %j with "%s"', async (body, message, field) => {
    const res = await t.http().post('/api/register').send(body).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message });
    expect(res.body.errors[field]).toBe(message);
  });

  it('refuses a second account with the same e-mail (any case) or name with 409', async () => {
    const c = newClient();
    await t.http().post('/api/register').send(c).expect(201);
    const dupEmail = await t
      .http()
      .post('/api/register')
      .send({ ...newClient(), email: c.email.toUpperCase() })
      .expect(409);
    expect(dupEmail.body.message).toBe('An account with this email already exists');
    const dupName = await t
      .http()
      .post('/api/register')
      .send({ ...newClient(), username: c.username })
      .expect(409);
    expect(dupName.body.message).toBe('This name is already taken');
  });

  it('never grants admin through public registration', async () => {
    const res = await t
      .http()
      .post('/api/register')
      .send({ ...newClient(), role: 'admin' })
      .expect(201);
    expect(res.body.role).toBe('client');
  });

  it('lets a signed-in client register someone, but still never as admin', async () => {
    const client = t.agent();
    await client.post('/api/register').send(newClient()).expect(201);
    const res = await client
      .post('/api/register')
      .send({ ...newClient(), role: 'admin' })
      .expect(201);
    expect(res.body.role).toBe('client');
  });

  it('lets the admin create an admin or a client, and keeps the admin signed in as themself', async () => {
    const admin = t.agent();
    const login = await admin.post('/api/login').send({ email: ADMIN.email, password: ADMIN.password }).expect(200);
    expect(login.body.role).toBe('admin');
    const created = await admin
      .post('/api/register')
      .send({ ...newClient('staff'), role: 'admin' })
      .expect(201);
    expect(created.body.role).toBe('admin');
    const createdClient = await admin
      .post('/api/register')
      .send({ ...newClient(), role: 'client' })
      .expect(201);
    expect(createdClient.body.role).toBe('client');
    const me = await admin.get('/api/user').expect(200);
    expect(me.body.email).toBe(ADMIN.email);
  });

  it('signs in with the e-mail in any case, and refuses a wrong password or unknown e-mail with the same answer', async () => {
    const c = newClient();
    await t.http().post('/api/register').send(c).expect(201);
    await t.http().post('/api/login').send({ email: c.email.toUpperCase(), password: c.password }).expect(200);
    const wrong = await t.http().post('/api/login').send({ email: c.email, password: 'wrong-password' }).expect(401);
    const unknown = await t
      .http()
      .post('/api/login')
      .send({ email: 'nobody-' + c.email, password: 'wrong-password' })
      .expect(401);
    expect(wrong.body.message).toBe('Invalid email or password');
    expect(unknown.body).toMatchObject({ statusCode: 401, message: 'Invalid email or password', code: 'AUTH.INVALID_CREDENTIALS' });
  });

  it('validates the login form with the spec messages', async () => {
    const bad = await t.http().post('/api/login').send({ email: 'nope', password: 'secret123' }).expect(400);
    expect(bad.body.message).toBe('Please enter a valid email address');
    const short = await t.http().post('/api/login').send({ email: 'a@example.com', password: '123' }).expect(400);
    expect(short.body.message).toBe('Password must be at least 6 characters');
  });

  it('gives a new session id at login, and the old one signs nobody in', async () => {
    const a = newClient();
    const b = newClient();
    await t.http().post('/api/register').send(b).expect(201);
    const agent = t.agent();
    const first = await agent.post('/api/register').send(a).expect(201);
    const before = sessionIdOf(first.headers['set-cookie'] as unknown as string[]);
    const second = await agent.post('/api/login').send({ email: b.email, password: b.password }).expect(200);
    const after = sessionIdOf(second.headers['set-cookie'] as unknown as string[]);
    expect(before).toBeTruthy();
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    const rows = await t.db.query(`SELECT sid FROM session WHERE sid = $1`, [before]);
    expect(rows).toHaveLength(0);
    expect((await agent.get('/api/user').expect(200)).body.email).toBe(b.email);
  });

  it("keeps a 'Remember me' session for 30 days and a plain one until the browser closes", async () => {
    const c = newClient();
    await t.http().post('/api/register').send(c).expect(201);
    const remembered = await t.http().post('/api/login').send({ email: c.email, password: c.password, rememberMe: true }).expect(200);
    const cookie = (remembered.headers['set-cookie'] as unknown as string[]).find((x) => x.startsWith('portal.sid='))!;
    const expires = new Date(/Expires=([^;]+)/.exec(cookie)![1]).getTime();
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    const plain = await t.http().post('/api/login').send({ email: c.email, password: c.password }).expect(200);
    const plainCookie = (plain.headers['set-cookie'] as unknown as string[]).find((x) => x.startsWith('portal.sid='))!;
    expect(plainCookie).not.toMatch(/Expires=/);
  });

  it('logs out: the session is destroyed on the server and the cookie no longer works', async () => {
    const agent = t.agent();
    const reg = await agent.post('/api/register').send(newClient()).expect(201);
    const cookie = (reg.headers['set-cookie'] as unknown as string[]).find((x) => x.startsWith('portal.sid='))!.split(';')[0];
    await agent.post('/api/logout').expect(204);
    await agent.get('/api/user').expect(401);
    await t.http().get('/api/user').set('Cookie', cookie).expect(401);
    const sid = sessionIdOf(cookie);
    expect(await t.db.query(`SELECT 1 FROM session WHERE sid = $1`, [sid])).toHaveLength(0);
  });

  it('refuses an address for the window after 10 failed sign-ins on an account there, even the right password (429); elsewhere it works', async () => {
    const c = newClient('locked');
    await t.http().post('/api/register').send(c).expect(201);
    const from = '203.0.113.77';
    for (let i = 0; i < 10; i++)
      await t.http().post('/api/login').set('X-Forwarded-For', from).send({ email: c.email, password: 'wrong-pass' }).expect(401);
    const locked = await t
      .http()
      .post('/api/login')
      .set('X-Forwarded-For', from)
      .send({ email: c.email, password: c.password })
      .expect(429);
    expect(locked.body.message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    // The owner, from another address, is not locked out.
    await t.http().post('/api/login').send({ email: c.email, password: c.password }).expect(200);
    // Another account is not affected.
    const other = newClient();
    await t.http().post('/api/register').send(other).expect(201);
    await t.http().post('/api/login').send({ email: other.email, password: other.password }).expect(200);
    // Once the failures are older than 15 minutes, the account opens again.
    await t.db.query(`UPDATE auth_attempts SET created_at = now() - interval '16 minutes' WHERE subject = $1`, [c.email]);
    await t.http().post('/api/login').send({ email: c.email, password: c.password }).expect(200);
  });
});

describe('Per-address limit on sign-in calls (AUTH_IP_LIMIT_PER_MIN)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_IP_LIMIT_PER_MIN: '3' });
  });
  afterAll(() => t.close());

  it('answers 429 with a JSON message past the limit, and leaves other routes alone', async () => {
    // The budget is per address and kept in the database: this test's own address (through the local
    // proxy header), so the other tests' requests from 127.0.0.1 do not count against it.
    const ip = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
    const from = <T extends { set(name: string, value: string): T }>(r: T) => r.set('X-Forwarded-For', ip);
    for (let i = 0; i < 3; i++) await from(t.http().post('/api/login')).send({ email: 'x@example.com', password: 'secret123' }).expect(401);
    const res = await from(t.http().post('/api/login')).send({ email: 'x@example.com', password: 'secret123' }).expect(429);
    expect(res.body).toMatchObject({
      statusCode: 429,
      message: 'Too many attempts from your address. Please wait a minute and try again.',
    });
    await from(t.http().post('/api/verify/request-code')).send({ email: 'x@example.com' }).expect(429);
    await from(t.http().get('/api/health')).expect(200);
    await from(t.http().get('/api/user')).expect(401);
    // Another address still has its whole budget.
    await t
      .http()
      .post('/api/login')
      .set('X-Forwarded-For', '203.0.113.9')
      .send({ email: 'x@example.com', password: 'secret123' })
      .expect(401);
  });
});
