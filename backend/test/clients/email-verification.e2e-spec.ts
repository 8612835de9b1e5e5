import { adminAgent, createTestApp, newClient, TestApp } from '../support/test-app';

/** CONTRACT §8, verified e-mail: the welcome e-mail's link, new links, a changed address, admin-made accounts. */
describe('Verified e-mail: /verify-email links, POST /api/verify-email and /api/verify-email/resend', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const INVALID = 'This verification link is invalid or has expired.';
  const tokenIn = (text: string) => {
    const m = text.match(/http:\/\/portal\.test\/verify-email\?token=([A-Za-z0-9_-]+)/);
    if (!m) throw new Error(`no verification link in: ${text}`);
    return m[1];
  };

  async function registered() {
    const c = newClient('verify');
    const agent = t.agent();
    const res = await agent.post('/api/register').send(c).expect(201);
    const welcome = await t.smtp.waitFor((m) => m.to.includes(c.email) && m.subject === 'Welcome to your photography client portal');
    return { c, agent, id: res.body.id as number, token: tokenIn(welcome.text), welcome };
  }

  it('registers unverified; the welcome e-mail holds the link, which verifies the account once', async () => {
    const { agent, token, welcome, id } = await registered();
    expect(welcome.html).toContain(`/verify-email?token=${token}`);
    expect((await agent.get('/api/user').expect(200)).body).toMatchObject({ id, emailVerified: false });
    // the link works without a session (it may be opened on another device)
    const res = await t.http().post('/api/verify-email').send({ token }).expect(200);
    expect(res.body).toEqual({ success: true, message: 'Your email address is verified.' });
    expect((await agent.get('/api/user').expect(200)).body.emailVerified).toBe(true);
    // used once: again is refused
    expect((await t.http().post('/api/verify-email').send({ token }).expect(400)).body).toMatchObject({ message: INVALID });
  });

  it.each([
    ['a forged token', 'A'.repeat(43)],
    ['a token of another shape', '../../etc/passwd'],
    ['an empty token', ''],
  ])('refuses %s with one 400 and verifies nothing', async (_what, token) => {
    const { agent } = await registered();
    const res = await t.http().post('/api/verify-email').send({ token }).expect(400);
    expect(res.body.message).toBe(INVALID);
    expect((await agent.get('/api/user').expect(200)).body.emailVerified).toBe(false);
  });

  it('refuses an expired link', async () => {
    const { agent, id, token } = await registered();
    await t.db.query(`UPDATE email_verifications SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [id]);
    expect((await t.http().post('/api/verify-email').send({ token }).expect(400)).body.message).toBe(INVALID);
    expect((await agent.get('/api/user').expect(200)).body.emailVerified).toBe(false);
  });

  it('keeps only a hash of each token', async () => {
    const { id, token } = await registered();
    const rows: Array<{ token_hash: string }> = await t.db.query(`SELECT token_hash FROM email_verifications WHERE user_id = $1`, [id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].token_hash).not.toContain(token);
  });

  it('a changed address is unverified: the old link no longer works, the new address gets its own', async () => {
    const { c, agent, token, id } = await registered();
    await t.http().post('/api/verify-email').send({ token }).expect(200);
    const moved = `moved-${id}@example.com`;
    await agent.patch('/api/update-account').send({ username: c.username, email: moved, currentPassword: c.password }).expect(200);
    expect((await agent.get('/api/user').expect(200)).body.emailVerified).toBe(false);
    const mail = await t.smtp.waitFor((m) => m.to.includes(moved) && m.subject === 'Confirm your email address');
    expect(mail.text).toContain('This is now the e-mail address of your client portal account');
    await t
      .http()
      .post('/api/verify-email')
      .send({ token: tokenIn(mail.text) })
      .expect(200);
    expect((await agent.get('/api/user').expect(200)).body.emailVerified).toBe(true);
  });

  it('a link made for an address the account no longer has is refused', async () => {
    const { c, agent, token, id } = await registered();
    await agent
      .patch('/api/update-account')
      .send({ username: c.username, email: `other-${id}@example.com`, currentPassword: c.password })
      .expect(200);
    expect((await t.http().post('/api/verify-email').send({ token }).expect(400)).body.message).toBe(INVALID);
  });

  it('sends a new link on request, refuses once verified, and allows 5 links an hour', async () => {
    const { c, agent, token } = await registered();
    await t.http().post('/api/verify-email/resend').expect(401);
    const res = await agent.post('/api/verify-email/resend').expect(200);
    expect(res.body).toEqual({ success: true, message: `We sent a new verification link to ${c.email}.` });
    const mail = await t.smtp.waitFor((m) => m.to.includes(c.email) && m.subject === 'Confirm your email address');
    expect(mail.text).toContain('You asked for a new link');
    // the welcome link and 4 new ones make 5 in the hour; the 6th is refused and nothing is sent
    for (let i = 0; i < 3; i++) await agent.post('/api/verify-email/resend').expect(200);
    const refused = await agent.post('/api/verify-email/resend').expect(429);
    expect(refused.body.message).toBe('Too many verification emails. Please try again in an hour.');
    // every link made still works (the first one used verifies); then asking again is a 409
    await t.http().post('/api/verify-email').send({ token }).expect(200);
    expect((await agent.post('/api/verify-email/resend').expect(409)).body.message).toBe('Your email address is already verified.');
  });

  it("registering from the admin's invitation verifies the invited address, once", async () => {
    const admin = await adminAgent(t);
    const invited = newClient('invited');
    await admin.post('/api/admin/send-client-invitation').send({ email: invited.email, clientName: 'Ivy' }).expect(200);
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(invited.email) && m.subject === 'You are invited to your photography client portal',
    );
    const invite = mail.text.match(/&invite=([A-Za-z0-9_-]+)/)?.[1];
    expect(invite).toBeDefined();
    // someone else cannot use it for their own address
    const other = newClient('notinvited');
    expect(
      (
        await t
          .agent()
          .post('/api/register')
          .send({ ...other, invite })
          .expect(201)
      ).body.emailVerified,
    ).toBe(false);
    const res = await t
      .agent()
      .post('/api/register')
      .send({ ...invited, invite })
      .expect(201);
    expect(res.body.emailVerified).toBe(true);
    const welcome = await t.smtp.waitFor((m) => m.to.includes(invited.email) && m.subject === 'Welcome to your photography client portal');
    expect(welcome.text).not.toContain('verify-email');
    // used up: a second account with it (after the first is deleted, the address is free) is not verified by it
    const rows: unknown[] = await t.db.query(`SELECT 1 FROM invitations WHERE used_at IS NOT NULL AND lower(email) = lower($1)`, [
      invited.email,
    ]);
    expect(rows).toHaveLength(1);
    const forged = newClient('forgedinvite');
    expect(
      (
        await t
          .agent()
          .post('/api/register')
          .send({ ...forged, invite: 'x'.repeat(43) })
          .expect(201)
      ).body.emailVerified,
    ).toBe(false);
  });

  it('accounts the admin creates, and the admin, are verified; the admin list says which are not', async () => {
    const admin = await adminAgent(t);
    expect((await admin.get('/api/user').expect(200)).body.emailVerified).toBe(true);
    const made = newClient('adminmade');
    const res = await admin.post('/api/register').send(made).expect(201);
    expect(res.body.emailVerified).toBe(true);
    const welcome = await t.smtp.waitFor((m) => m.to.includes(made.email));
    expect(welcome.text).not.toContain('verify-email');
    const self = await registered();
    const list = await admin.get(`/api/clients?filter=${encodeURIComponent(JSON.stringify({ q: 'verify' }))}&range=[0,99]`).expect(200);
    const row = list.body.find((u: { id: number }) => u.id === self.id);
    expect(row).toMatchObject({ emailVerified: false });
  });
});
