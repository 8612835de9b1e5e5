import { generate } from 'otplib';
import { Agent, createTestApp, newClient, TestApp } from '../support/test-app';

/** CONTRACT §5 and §8: two-factor sign-in with TOTP and recovery codes, and the e-mailed second proof. */
describe('Two-factor sign-in', () => {
  let t: TestApp;
  let ipCounter = 0;
  const freshIp = () => `10.77.${process.pid & 255}.${(ipCounter += 1)}`;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A TOTP code of `secret` for now, or `steps` periods of 30 s later (still accepted: one step of tolerance). */
  const totp = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

  async function signedUpAgent(): Promise<{ agent: Agent; email: string; password: string }> {
    const c = newClient('tfa');
    const agent = t.agent();
    await agent.post('/api/register').send(c).expect(201);
    return { agent, email: c.email, password: c.password };
  }

  async function withTwoFactor() {
    const account = await signedUpAgent();
    const setup = await account.agent.post('/api/2fa/setup').send({ currentPassword: account.password }).expect(200);
    const secret: string = setup.body.secret;
    const enableCode = await totp(secret);
    const enabled = await account.agent.post('/api/2fa/enable').send({ code: enableCode }).expect(200);
    return { ...account, secret, enableCode, recoveryCodes: enabled.body.recoveryCodes as string[] };
  }

  /** Password first, in a new browser: the pending sign-in's answer and that browser. */
  async function pendingSignIn(email: string, password: string, ip = freshIp()) {
    const browser = t.agent();
    const res = await browser.post('/api/login').set('X-Forwarded-For', ip).send({ email, password }).expect(200);
    return { browser, res, ip };
  }

  it('sets up with the current password: a base32 secret and an otpauth URL for a QR code', async () => {
    const { agent, email, password } = await signedUpAgent();
    const missing = await agent.post('/api/2fa/setup').send({}).expect(400);
    expect(missing.body.errors).toEqual({ currentPassword: 'Enter your current password to change your email or password' });
    const wrong = await agent.post('/api/2fa/setup').send({ currentPassword: 'Not-it-123!' }).expect(400);
    expect(wrong.body.errors).toEqual({ currentPassword: 'Current password is incorrect' });
    const res = await agent.post('/api/2fa/setup').send({ currentPassword: password }).expect(200);
    expect(res.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(res.body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Studio Portal:${email}`);
    expect(url.searchParams.get('secret')).toBe(res.body.secret);
    // Not on until a first code proves the app has the secret.
    expect((await agent.get('/api/user').expect(200)).body.twoFactorEnabled).toBe(false);
    await t.http().post('/api/2fa/setup').send({ currentPassword: password }).expect(401);
  });

  it('turns on with a current code only, answering 10 distinct recovery codes kept hashed', async () => {
    const { agent, password } = await signedUpAgent();
    await agent.post('/api/2fa/enable').send({ code: '123456' }).expect(409);
    const { body } = await agent.post('/api/2fa/setup').send({ currentPassword: password }).expect(200);
    const wrong = await agent.post('/api/2fa/enable').send({ code: (Number(await totp(body.secret)) ^ 1).toString().padStart(6, '0') });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ code: 'Invalid or expired code' });
    await agent.post('/api/2fa/enable').send({ code: 'abc' }).expect(400);
    const res = await agent
      .post('/api/2fa/enable')
      .send({ code: await totp(body.secret) })
      .expect(200);
    expect(res.body.recoveryCodes).toHaveLength(10);
    expect(new Set(res.body.recoveryCodes).size).toBe(10);
    for (const code of res.body.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const me = (await agent.get('/api/user').expect(200)).body;
    expect(me.twoFactorEnabled).toBe(true);
    const stored: Array<{ code_hash: string }> = await t.db.query(`SELECT code_hash FROM recovery_codes WHERE user_id = $1`, [me.id]);
    expect(stored).toHaveLength(10);
    for (const row of stored) for (const code of res.body.recoveryCodes) expect(row.code_hash).not.toContain(code.replace('-', ''));
    await agent.post('/api/2fa/setup').send({ currentPassword: password }).expect(409);
    await agent
      .post('/api/2fa/enable')
      .send({ code: await totp(body.secret) })
      .expect(409);
  });

  it('the right password alone signs nobody in: a pending sign-in in its own cookie, then the code completes it', async () => {
    const a = await withTwoFactor();
    const { browser, res } = await pendingSignIn(a.email, a.password);
    expect(res.body).toEqual({ twoFactorRequired: true, method: 'totp' });
    const cookies = res.headers['set-cookie'] as unknown as string[];
    expect(cookies.some((c) => c.startsWith('portal.sid='))).toBe(false);
    const pending = cookies.find((c) => c.startsWith('portal.pending='))!;
    expect(pending).toMatch(/Path=\/api\/login\/2fa/);
    expect(pending).toMatch(/HttpOnly/);
    expect(pending).toMatch(/SameSite=Strict/);
    expect(pending).toMatch(/Max-Age=300/);
    await browser.get('/api/user').expect(401);
    // The code that confirmed the app was not spent by /api/2fa/enable: it signs in.
    const done = await browser.post('/api/login/2fa').send({ code: a.enableCode }).expect(200);
    expect(done.body).toMatchObject({ email: a.email, twoFactorEnabled: true });
    expect((await browser.get('/api/user').expect(200)).body.email).toBe(a.email);
    // The pending sign-in is gone once used.
    await browser
      .post('/api/login/2fa')
      .send({ code: await totp(a.secret, 1) })
      .expect(401);
  });

  it('a TOTP code signs in once: replayed in another sign-in it is refused (400), and the next code works', async () => {
    const a = await withTwoFactor();
    const first = await pendingSignIn(a.email, a.password);
    const code = await totp(a.secret);
    await first.browser.post('/api/login/2fa').send({ code }).expect(200);
    const second = await pendingSignIn(a.email, a.password);
    const replay = await second.browser.post('/api/login/2fa').send({ code }).expect(400);
    expect(replay.body).toMatchObject({ message: 'Invalid or expired code', errors: { code: 'Invalid or expired code' } });
    await second.browser.get('/api/user').expect(401);
    await second.browser
      .post('/api/login/2fa')
      .send({ code: await totp(a.secret, 1) })
      .expect(200);
  });

  it('parallel uses of one code complete exactly one sign-in', async () => {
    const a = await withTwoFactor();
    await (await pendingSignIn(a.email, a.password)).browser.post('/api/login/2fa').send({ code: a.enableCode }).expect(200);
    const pendings = await Promise.all(Array.from({ length: 5 }, () => pendingSignIn(a.email, a.password)));
    const code = await totp(a.secret, 1);
    const answers = await Promise.all(pendings.map((p) => p.browser.post('/api/login/2fa').send({ code })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('a recovery code signs in once, in any case and with or without its dash; reused it is refused', async () => {
    const a = await withTwoFactor();
    const [code] = a.recoveryCodes;
    const first = await pendingSignIn(a.email, a.password);
    await first.browser
      .post('/api/login/2fa')
      .send({ recoveryCode: code.toUpperCase().replace('-', '') })
      .expect(200);
    const again = await pendingSignIn(a.email, a.password);
    const reused = await again.browser.post('/api/login/2fa').send({ recoveryCode: code }).expect(400);
    expect(reused.body.errors).toEqual({ recoveryCode: 'Invalid or expired code' });
    await again.browser.post('/api/login/2fa').send({ recoveryCode: a.recoveryCodes[1] }).expect(200);
  });

  it('a pending sign-in after 5 minutes, or from another browser, is 401 and signs nobody in', async () => {
    const a = await withTwoFactor();
    const { browser } = await pendingSignIn(a.email, a.password);
    await t.http().post('/api/login/2fa').send({ code: a.enableCode }).expect(401); // no cookie: another browser
    await t.http().post('/api/login/2fa').set('Cookie', 'portal.pending=forged-token').send({ code: a.enableCode }).expect(401);
    const me = (await t.db.query(`SELECT id FROM users WHERE email = $1`, [a.email]))[0];
    await t.db.query(`UPDATE pending_sign_ins SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [me.id]);
    const expired = await browser.post('/api/login/2fa').send({ code: a.enableCode }).expect(401);
    expect(expired.body.message).toBe('Your sign-in has expired. Please sign in again.');
    await browser.get('/api/user').expect(401);
  });

  it('five wrong codes drop the pending sign-in; wrong codes count toward the address’s sign-in limit', async () => {
    const a = await withTwoFactor();
    const ip = freshIp();
    const { browser } = await pendingSignIn(a.email, a.password, ip);
    for (let i = 0; i < 5; i++) await browser.post('/api/login/2fa').set('X-Forwarded-For', ip).send({ code: '000000' }).expect(400);
    await browser.post('/api/login/2fa').set('X-Forwarded-For', ip).send({ code: a.enableCode }).expect(401);
    // 5 more wrong codes on a new pending sign-in make 10 failures from this address: the address is refused.
    const next = await pendingSignIn(a.email, a.password, ip);
    for (let i = 0; i < 5; i++) await next.browser.post('/api/login/2fa').set('X-Forwarded-For', ip).send({ code: '000000' }).expect(400);
    await t.http().post('/api/login').set('X-Forwarded-For', ip).send({ email: a.email, password: a.password }).expect(429);
    const third = await pendingSignIn(a.email, a.password); // from another address
    await third.browser.post('/api/login/2fa').set('X-Forwarded-For', ip).send({ code: a.enableCode }).expect(429);
    // The owner elsewhere still signs in.
    const owner = await pendingSignIn(a.email, a.password);
    await owner.browser.post('/api/login/2fa').send({ code: a.enableCode }).expect(200);
  });

  it('turns off with the current password and a code (or a recovery code); then the password alone signs in', async () => {
    const a = await withTwoFactor();
    const noPassword = await a.agent.post('/api/2fa/disable').send({ code: a.enableCode }).expect(400);
    expect(noPassword.body.errors).toEqual({ currentPassword: 'Enter your current password to change your email or password' });
    await a.agent.post('/api/2fa/disable').send({ currentPassword: a.password, code: '000000' }).expect(400);
    await a.agent.post('/api/2fa/disable').send({ currentPassword: a.password, code: a.recoveryCodes[0] }).expect(204);
    expect((await a.agent.get('/api/user').expect(200)).body.twoFactorEnabled).toBe(false);
    await a.agent.post('/api/2fa/disable').send({ currentPassword: a.password, code: a.enableCode }).expect(409);
    const res = await t.agent().post('/api/login').send({ email: a.email, password: a.password }).expect(200);
    expect(res.body).toMatchObject({ email: a.email, twoFactorEnabled: false });
    expect(await t.db.query(`SELECT 1 FROM recovery_codes rc JOIN users u ON u.id = rc.user_id WHERE u.email = $1`, [a.email])).toEqual([]);
  });

  it('after 50 failures from many addresses, the right password asks for a code e-mailed to the account, never a 429', async () => {
    const { email, password } = await signedUpAgent();
    // 50 failures, each from its own address (as a botnet would), recorded the way sign-in records them
    for (let i = 0; i < 50; i++)
      await t.http().post('/api/login').set('X-Forwarded-For', freshIp()).send({ email, password: 'Wrong-pass-1' }).expect(401);
    const { browser, res } = await pendingSignIn(email, password);
    expect(res.body).toEqual({ twoFactorRequired: true, method: 'email' });
    await browser.get('/api/user').expect(401);
    const mail = await t.smtp.waitFor((m) => m.to.includes(email) && m.subject === 'Your sign-in code');
    const code = /\b(\d{6})\b/.exec(mail.text)![1];
    const wrong = (Number(code) + 1) % 1_000_000;
    await browser
      .post('/api/login/2fa')
      .send({ code: String(wrong).padStart(6, '0') })
      .expect(400);
    await browser.post('/api/login/2fa').send({ code }).expect(200);
    expect((await browser.get('/api/user').expect(200)).body.email).toBe(email);
    // The back office never shows the code.
    const [row] = await t.db.query(`SELECT id FROM email_outbox WHERE to_address = $1 AND kind = 'sign-in-code'`, [email]);
    const admin = t.agent();
    await admin.post('/api/login').send({ email: 'owner@studio.test', password: 'OwnerPass1!' }).expect(200);
    const detail = await admin.get(`/api/admin/email-outbox/${row.id}`).expect(200);
    expect(detail.body).toMatchObject({ kind: 'sign-in-code', html: null, text: null });
  });
});
