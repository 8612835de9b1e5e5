import { generate } from 'otplib';
import { Agent, createTestApp, newClient, TestApp } from '../support/test-app';

/**
 * CONTRACT §12, sign-in limits that count only what they should: a refused try is no failure, the
 * many-address rule needs many addresses, second proofs are capped per account (with a notice to the
 * owner), and every limit is checked and recorded in one atomic step (parallel bursts cannot pass).
 * docs/security.md lists each threat with its test here.
 */
describe('Limits count only what they should (CONTRACT §12)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A unique client address, sent through the local proxy header (TRUST_PROXY=loopback). */
  let ipCounter = 0;
  const freshIp = () => `10.${128 + ((process.pid >> 8) & 127)}.${process.pid & 255}.${(ipCounter += 1) & 255}`;
  let netCounter = 0;
  /** Addresses far apart from those of freshIp, for tests that need many. */
  const otherIp = () => `172.${16 + ((netCounter += 1) >> 8)}.${process.pid & 255}.${netCounter & 255}`;

  const totp = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

  async function registered(app: TestApp = t) {
    const c = newClient('limits');
    const agent = app.agent();
    await agent.post('/api/register').send(c).expect(201);
    return { ...c, agent };
  }

  async function withTwoFactor() {
    const account = await registered();
    const setup = await account.agent.post('/api/2fa/setup').send({ currentPassword: account.password }).expect(200);
    const secret: string = setup.body.secret;
    const enabled = await account.agent
      .post('/api/2fa/enable')
      .send({ code: await totp(secret) })
      .expect(200);
    return { ...account, secret, recoveryCodes: enabled.body.recoveryCodes as string[] };
  }

  const wrongPassword = (app: TestApp, email: string, ip: string) =>
    app.http().post('/api/login').set('X-Forwarded-For', ip).send({ email, password: 'Wrong-pass-1' });

  /** The right password in a new browser: a pending sign-in (its cookie kept by the browser). */
  async function pendingSignIn(email: string, password: string, ip = freshIp()): Promise<Agent> {
    const browser = t.agent();
    const res = await browser.post('/api/login').set('X-Forwarded-For', ip).send({ email, password }).expect(200);
    expect(res.body.twoFactorRequired).toBe(true);
    return browser;
  }

  const failures = async (email: string, kind = 'login_failure') =>
    (await t.db.query(`SELECT count(*)::int AS n FROM auth_attempts WHERE kind = $1 AND subject = $2`, [kind, email]))[0].n as number;
  const outboxed = async (email: string, kind: string) =>
    (await t.db.query(`SELECT count(*)::int AS n FROM email_outbox WHERE to_address = $1 AND kind = $2`, [email, kind]))[0].n as number;

  describe('a refused try is not a failure', () => {
    it('50 wrong passwords from one address: 10 failures, then 429s not counted; the owner elsewhere signs in directly, even with no SMTP', async () => {
      const noMail = await createTestApp({ SMTP_URL: '' }, { smtp: t.smtp });
      try {
        const c = await registered(noMail);
        const attacker = freshIp();
        const statuses: number[] = [];
        for (let i = 0; i < 50; i++) statuses.push((await wrongPassword(noMail, c.email, attacker)).status);
        expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
        expect(statuses.slice(10)).toEqual(Array(40).fill(429));
        const [row] = await noMail.db.query(`SELECT count(*)::int AS n FROM auth_attempts WHERE kind = 'login_failure' AND subject = $1`, [
          c.email,
        ]);
        expect(row.n).toBe(10);
        // The owner, from home: the password alone signs in, no e-mailed code is asked for.
        const res = await noMail
          .agent()
          .post('/api/login')
          .set('X-Forwarded-For', freshIp())
          .send({ email: c.email, password: c.password });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ email: c.email });
        expect(res.body.twoFactorRequired).toBeUndefined();
      } finally {
        await noMail.close();
      }
    });
  });

  describe('the many-address rule needs many addresses', () => {
    it('54 failures from 9 addresses leave the password enough; a 10th address turns on the e-mailed code', async () => {
      const c = await registered();
      for (let a = 0; a < 9; a++) {
        const ip = otherIp();
        for (let i = 0; i < 6; i++) await wrongPassword(t, c.email, ip).expect(401);
      }
      const direct = await t.agent().post('/api/login').set('X-Forwarded-For', freshIp()).send({ email: c.email, password: c.password });
      expect(direct.status).toBe(200);
      expect(direct.body).toMatchObject({ email: c.email });

      await wrongPassword(t, c.email, otherIp()).expect(401); // 55 failures, 10 addresses
      const res = await t.agent().post('/api/login').set('X-Forwarded-For', freshIp()).send({ email: c.email, password: c.password });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ twoFactorRequired: true, method: 'email' });
    });

    it('10 addresses with a few failures each are not enough without the 50 failures', async () => {
      const c = await registered();
      for (let a = 0; a < 12; a++) await wrongPassword(t, c.email, otherIp()).expect(401);
      const res = await t.agent().post('/api/login').set('X-Forwarded-For', freshIp()).send({ email: c.email, password: c.password });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ email: c.email });
    });
  });

  describe('second proofs are capped per account', () => {
    const noticeTo = (email: string) => t.smtp.to(email).filter((m) => m.subject === 'Someone knows your password');

    it('20 wrong TOTP and recovery codes from many addresses and sign-ins: the next second steps are 429, the right code too; one notice', async () => {
      const a = await withTwoFactor();
      for (let s = 0; s < 4; s++) {
        const browser = await pendingSignIn(a.email, a.password, otherIp());
        for (let i = 0; i < 5; i++) {
          const body = i % 2 ? { recoveryCode: 'aaaaa-aaaaa' } : { code: '000000' };
          await browser.post('/api/login/2fa').set('X-Forwarded-For', otherIp()).send(body).expect(400);
        }
      }
      // Another sign-in, another address: the right password still opens a pending sign-in...
      const browser = await pendingSignIn(a.email, a.password, otherIp());
      // ...but no second proof is taken for the rest of the window.
      const refused = await browser
        .post('/api/login/2fa')
        .set('X-Forwarded-For', otherIp())
        .send({ code: await totp(a.secret) });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
      await browser.post('/api/login/2fa').set('X-Forwarded-For', otherIp()).send({ recoveryCode: a.recoveryCodes[0] }).expect(429);
      await browser.get('/api/user').expect(401);
      // The refused tries were not counted as wrong codes.
      expect(await failures(a.email, 'proof_failure')).toBe(20);

      const notice = await t.smtp.waitFor((m) => m.to.includes(a.email) && m.subject === 'Someone knows your password');
      expect(notice.text).toContain('password');
      await new Promise((r) => setTimeout(r, 800));
      expect(noticeTo(a.email)).toHaveLength(1);
      expect(await outboxed(a.email, 'password-known')).toBe(1);
    });

    it('20 wrong e-mailed codes over 4 sign-ins: the 5th sign-in’s right code is 429, and one notice', async () => {
      const c = await registered();
      for (let a = 0; a < 10; a++) for (let i = 0; i < 5; i++) await wrongPassword(t, c.email, otherIp()).expect(401);
      for (let s = 0; s < 4; s++) {
        const browser = await pendingSignIn(c.email, c.password, otherIp());
        for (let i = 0; i < 5; i++)
          await browser.post('/api/login/2fa').set('X-Forwarded-For', otherIp()).send({ code: '000000' }).expect(400);
      }
      const before = t.smtp.to(c.email).filter((m) => m.subject === 'Your sign-in code').length;
      const browser = await pendingSignIn(c.email, c.password, freshIp());
      const mail = await t.smtp.waitFor(
        (m) =>
          m.subject === 'Your sign-in code' &&
          t.smtp
            .to(c.email)
            .filter((x) => x.subject === m.subject)
            .indexOf(m) === before,
      );
      const code = /\b(\d{6})\b/.exec(mail.text)![1];
      await browser.post('/api/login/2fa').set('X-Forwarded-For', freshIp()).send({ code }).expect(429);
      await browser.get('/api/user').expect(401);
      await t.smtp.waitFor((m) => m.to.includes(c.email) && m.subject === 'Someone knows your password');
      expect(await outboxed(c.email, 'password-known')).toBe(1);
    });

    it('a pending sign-in is still dropped after 5 wrong codes (the account cap is on top)', async () => {
      const a = await withTwoFactor();
      const browser = await pendingSignIn(a.email, a.password, otherIp());
      for (let i = 0; i < 5; i++)
        await browser.post('/api/login/2fa').set('X-Forwarded-For', otherIp()).send({ code: '000000' }).expect(400);
      await browser
        .post('/api/login/2fa')
        .set('X-Forwarded-For', otherIp())
        .send({ code: await totp(a.secret) })
        .expect(401);
      const owner = await pendingSignIn(a.email, a.password);
      await owner
        .post('/api/login/2fa')
        .send({ code: await totp(a.secret) })
        .expect(200);
      expect(noticeTo(a.email)).toHaveLength(0);
    });

    it('POST /api/2fa/disable counts wrong codes like a sign-in: the 6th wrong one in 15 minutes is 429, the right one too', async () => {
      const a = await withTwoFactor();
      for (let i = 0; i < 5; i++) {
        const body = i % 2 ? { currentPassword: a.password, code: 'aaaaa-aaaaa' } : { currentPassword: a.password, code: '000000' };
        await a.agent.post('/api/2fa/disable').set('X-Forwarded-For', otherIp()).send(body).expect(400);
      }
      const sixth = await a.agent
        .post('/api/2fa/disable')
        .set('X-Forwarded-For', otherIp())
        .send({ currentPassword: a.password, code: '000000' });
      expect(sixth.status).toBe(429);
      expect(sixth.body.message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
      await a.agent.post('/api/2fa/disable').send({ currentPassword: a.password, code: a.recoveryCodes[0] }).expect(429);
      expect((await a.agent.get('/api/user').expect(200)).body.twoFactorEnabled).toBe(true);
    });
  });

  describe('every limit is checked and recorded in one atomic step', () => {
    it('30 parallel reset-code requests for one account queue at most 5 reset e-mails', async () => {
      const c = await registered();
      const answers = await Promise.all(
        Array.from({ length: 30 }, () =>
          t.http().post('/api/verify/request-code').set('X-Forwarded-For', otherIp()).send({ email: c.email }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s !== 200).every((s) => s === 429)).toBe(true);
      expect(await outboxed(c.email, 'password-reset')).toBe(5);
      expect(await failures(c.email, 'reset_request')).toBe(5);
    });

    it('30 parallel wrong sign-ins from one address: at most 10 answered 401, at most 10 recorded', async () => {
      const c = await registered();
      const attacker = freshIp();
      const answers = await Promise.all(Array.from({ length: 30 }, () => wrongPassword(t, c.email, attacker)));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
      expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
      expect(await failures(c.email)).toBeLessThanOrEqual(10);
      await t.http().post('/api/login').set('X-Forwarded-For', attacker).send({ email: c.email, password: c.password }).expect(429);
    });

    it('30 parallel wrong reset codes: at most 10 answered 400, the rest 429', async () => {
      const c = await registered();
      await t.http().post('/api/verify/request-code').send({ email: c.email }).expect(200);
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          t
            .http()
            .post('/api/verify/reset-password')
            .set('X-Forwarded-For', otherIp())
            .send({ email: c.email, code: String(100000 + i), newPassword: 'Harbour#Light9' }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(10);
      expect(statuses.filter((s) => s !== 400).every((s) => s === 429)).toBe(true);
      expect(await failures(c.email, 'reset_failure')).toBeLessThanOrEqual(10);
    });

    it('parallel right passwords under the many-address rule e-mail at most 5 sign-in codes', async () => {
      const c = await registered();
      for (let a = 0; a < 10; a++) for (let i = 0; i < 5; i++) await wrongPassword(t, c.email, otherIp()).expect(401);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          t.http().post('/api/login').set('X-Forwarded-For', otherIp()).send({ email: c.email, password: c.password }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s !== 200).every((s) => s === 429)).toBe(true);
      expect(await outboxed(c.email, 'sign-in-code')).toBe(5);
    });

    it('parallel wrong second proofs cannot pass the account cap', async () => {
      const a = await withTwoFactor();
      const browsers = await Promise.all(Array.from({ length: 6 }, () => pendingSignIn(a.email, a.password, otherIp())));
      const answers = await Promise.all(
        browsers.flatMap((b) =>
          Array.from({ length: 5 }, () => b.post('/api/login/2fa').set('X-Forwarded-For', otherIp()).send({ code: '000000' })),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(20);
      expect(statuses.filter((s) => s !== 400).every((s) => s === 429 || s === 401)).toBe(true);
      expect(await failures(a.email, 'proof_failure')).toBeLessThanOrEqual(20);
      await t.smtp.waitFor((m) => m.to.includes(a.email) && m.subject === 'Someone knows your password');
      expect(await outboxed(a.email, 'password-known')).toBe(1);
    });

    it('parallel verification-link resends cannot pass 5 links an hour (the welcome’s counted)', async () => {
      const c = await registered();
      const answers = await Promise.all(Array.from({ length: 12 }, () => c.agent.post('/api/verify-email/resend')));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s < 300)).toHaveLength(4);
      expect(statuses.filter((s) => s >= 300).every((s) => s === 429)).toBe(true);
      const [row] = await t.db.query(
        `SELECT count(*)::int AS n FROM email_verifications v JOIN users u ON u.id = v.user_id WHERE u.email = $1`,
        [c.email],
      );
      expect(row.n).toBe(5);
    });
  });
});
