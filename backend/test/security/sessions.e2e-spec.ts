import type { Response } from 'supertest';
import { ADMIN, createTestApp, newClient, sessionIdOf, TestApp } from '../support/test-app';

/**
 * OWASP ASVS 4.0 level 2, chapters 2 (authentication) and 3 (session management), case by case.
 * docs/security.md lists each case with the test that proves it.
 */
describe('Sessions and sign-in (ASVS level 2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const cookieOf = (res: Response): string => {
    const list = res.headers['set-cookie'] as unknown as string[] | undefined;
    const c = list?.find((x) => x.startsWith('portal.sid='));
    if (!c) throw new Error('no session cookie in the answer');
    return c;
  };
  const pair = (setCookie: string) => setCookie.split(';')[0];
  /** A unique client address, sent through the local proxy header (TRUST_PROXY=loopback). */
  let ipCounter = 0;
  const freshIp = () => `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${(ipCounter += 1)}`;

  async function signedUp() {
    const c = newClient('asvs');
    const res = await t.http().post('/api/register').send(c).expect(201);
    return { ...c, id: res.body.id as number };
  }
  async function signIn(c: { email: string; password: string }, rememberMe = false) {
    const agent = t.agent();
    const res = await agent.post('/api/login').send({ email: c.email, password: c.password, rememberMe }).expect(200);
    return { agent, cookie: pair(cookieOf(res)), sid: sessionIdOf(cookieOf(res))! };
  }
  async function clockOf(sid: string) {
    const [row] = await t.db.query(`SELECT sess -> 'clock' AS clock FROM session WHERE sid = $1`, [sid]);
    return row?.clock as { signedInAt: number; lastSeenAt: number; remember: boolean } | undefined;
  }
  /** Moves a session's recorded sign-in and last use into the past, as if time had passed. */
  async function age(sid: string, ago: { signedInMs: number; seenMs: number }) {
    const now = Date.now();
    await t.db.query(
      `UPDATE session SET sess = jsonb_set(jsonb_set(sess::jsonb, '{clock,signedInAt}', to_jsonb($2::bigint)), '{clock,lastSeenAt}', to_jsonb($3::bigint))::json
       WHERE sid = $1`,
      [sid, now - ago.signedInMs, now - ago.seenMs],
    );
  }
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  describe('V3.2 session binding', () => {
    it('3.2.1 gives a new session id at sign-in: a session planted before sign-in never becomes the signed-in one', async () => {
      const attacker = await signedUp();
      const victim = await signedUp();
      // The attacker's own session cookie ends up in the victim's browser (fixation); the victim signs in.
      const planted = await signIn(attacker);
      const login = await planted.agent.post('/api/login').send({ email: victim.email, password: victim.password }).expect(200);
      const fresh = sessionIdOf(cookieOf(login))!;
      expect(fresh).not.toBe(planted.sid);
      // The planted id is gone: the attacker holding it is not signed in as the victim, nor as anyone.
      await t.http().get('/api/user').set('Cookie', planted.cookie).expect(401);
      expect(await t.db.query(`SELECT 1 FROM session WHERE sid = $1`, [planted.sid])).toHaveLength(0);
      expect((await planted.agent.get('/api/user').expect(200)).body.email).toBe(victim.email);
    });

    it('3.2.2 uses at least 64 bits of entropy: ids are long, random and unique', async () => {
      const c = await signedUp();
      const ids = new Set<string>();
      for (let i = 0; i < 5; i++) ids.add((await signIn(c)).sid);
      expect(ids.size).toBe(5);
      for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{32,}$/); // 24 random bytes, base64url
    });
  });

  describe('V3.3 session termination', () => {
    it('3.3.1 logout ends the session everywhere it was used (another tab or device holding the same cookie)', async () => {
      const c = await signedUp();
      const phone = await signIn(c);
      const laptop = t.agent(); // the same session used from elsewhere
      await laptop.get('/api/user').set('Cookie', phone.cookie).expect(200);
      await phone.agent.post('/api/logout').expect(204);
      await t.http().get('/api/user').set('Cookie', phone.cookie).expect(401);
      expect(await t.db.query(`SELECT 1 FROM session WHERE sid = $1`, [phone.sid])).toHaveLength(0);
    });

    it('3.3.1 deleting the account ends every one of its sessions', async () => {
      const c = await signedUp();
      const one = await signIn(c);
      const two = await signIn(c);
      await one.agent
        .delete('/api/delete-account')
        .send({ password: c.password })
        .expect((r) => expect(r.status).toBeLessThan(300));
      await t.http().get('/api/user').set('Cookie', one.cookie).expect(401);
      await t.http().get('/api/user').set('Cookie', two.cookie).expect(401);
      await t.http().post('/api/login').send({ email: c.email, password: c.password }).expect(401);
    });

    it('3.3.2 ends a standard session after 30 minutes without use', async () => {
      const c = await signedUp();
      const s = await signIn(c);
      await age(s.sid, { signedInMs: 40 * MIN, seenMs: 29 * MIN });
      await t.http().get('/api/user').set('Cookie', s.cookie).expect(200);
      await age(s.sid, { signedInMs: 40 * MIN, seenMs: 31 * MIN });
      const res = await t.http().get('/api/user').set('Cookie', s.cookie).expect(401);
      expect(res.headers['x-session-ended']).toBe('idle_timeout');
      expect(await t.db.query(`SELECT 1 FROM session WHERE sid = $1`, [s.sid])).toHaveLength(0);
    });

    it('3.3.2 ends a standard session 12 hours after sign-in however busy it is', async () => {
      const c = await signedUp();
      const s = await signIn(c);
      await age(s.sid, { signedInMs: 11 * HOUR + 59 * MIN, seenMs: 0 });
      await t.http().get('/api/user').set('Cookie', s.cookie).expect(200);
      await age(s.sid, { signedInMs: 12 * HOUR + MIN, seenMs: 0 });
      const res = await t.http().get('/api/user').set('Cookie', s.cookie).expect(401);
      expect(res.headers['x-session-ended']).toBe('absolute_timeout');
    });

    it("3.3.2 'Remember me' chooses the longer limits: 14 idle days, 30 days in all", async () => {
      const c = await signedUp();
      const s = await signIn(c, true);
      await age(s.sid, { signedInMs: 3 * DAY, seenMs: 13 * DAY });
      await t.http().get('/api/user').set('Cookie', s.cookie).expect(200);
      await age(s.sid, { signedInMs: 20 * DAY, seenMs: 15 * DAY });
      await t.http().get('/api/user').set('Cookie', s.cookie).expect(401);

      const busy = await signIn(c, true);
      await age(busy.sid, { signedInMs: 29 * DAY, seenMs: MIN });
      await t.http().get('/api/user').set('Cookie', busy.cookie).expect(200);
      await age(busy.sid, { signedInMs: 30 * DAY + MIN, seenMs: MIN });
      await t.http().get('/api/user').set('Cookie', busy.cookie).expect(401);
    });

    it('records use, so a session in use does not reach its idle limit', async () => {
      const c = await signedUp();
      const s = await signIn(c);
      await age(s.sid, { signedInMs: 25 * MIN, seenMs: 25 * MIN });
      await t.http().get('/api/user').set('Cookie', s.cookie).expect(200);
      const clock = await clockOf(s.sid);
      expect(Date.now() - clock!.lastSeenAt).toBeLessThan(MIN);
      expect(Date.now() - clock!.signedInAt).toBeGreaterThanOrEqual(25 * MIN); // use never extends the absolute limit
    });

    it('3.3.4 the admin can end all sessions of a client; the client is signed out at once', async () => {
      const c = await signedUp();
      const one = await signIn(c);
      const two = await signIn(c, true);
      const admin = t.agent();
      await admin.post('/api/login').send({ email: ADMIN.email, password: ADMIN.password }).expect(200);
      const res = await admin.post(`/api/clients/${c.id}/end-sessions`).expect(200);
      // Three: the session registration opened, and the two sign-ins.
      expect(res.body).toEqual({ success: true, message: 'Signed out of 3 sessions.', ended: 3 });
      await t.http().get('/api/user').set('Cookie', one.cookie).expect(401);
      await t.http().get('/api/user').set('Cookie', two.cookie).expect(401);
      await admin.get('/api/user').expect(200); // the admin's own session stays
      const again = await admin.post(`/api/clients/${c.id}/end-sessions`).expect(200);
      expect(again.body).toMatchObject({ ended: 0, message: 'This client had no open sessions.' });
      await admin.post('/api/clients/99999999/end-sessions').expect(404);
      // The client can sign in again afterwards, and may not end anyone's sessions.
      const back = await signIn(c);
      await back.agent.post(`/api/clients/${c.id}/end-sessions`).expect(403);
      await t.http().post(`/api/clients/${c.id}/end-sessions`).expect(401);
    });
  });

  describe('V3.4 cookie-based session management', () => {
    it('3.4.1-3.4.3 the cookie is HttpOnly, SameSite=Lax, Path=/, and Secure over HTTPS', async () => {
      const c = await signedUp();
      const plain = cookieOf(await t.http().post('/api/login').send({ email: c.email, password: c.password }).expect(200));
      expect(plain).toMatch(/; HttpOnly/);
      expect(plain).toMatch(/; SameSite=Lax/);
      expect(plain).toMatch(/; Path=\//);
      expect(plain).not.toMatch(/Expires=/); // a browser-session cookie without 'Remember me'
      const https = cookieOf(
        await t.http().post('/api/login').set('X-Forwarded-Proto', 'https').send({ email: c.email, password: c.password }).expect(200),
      );
      expect(https).toMatch(/; Secure/);
      expect(https).toMatch(/; HttpOnly/);
    });

    it('3.4.x the cookie is signed: a forged or altered id signs nobody in', async () => {
      const c = await signedUp();
      const s = await signIn(c);
      const [name, value] = s.cookie.split('=');
      const tampered = `${name}=${value.slice(0, -3)}abc`;
      await t.http().get('/api/user').set('Cookie', tampered).expect(401);
      await t
        .http()
        .get('/api/user')
        .set('Cookie', `portal.sid=${encodeURIComponent(`s:${s.sid}`)}`)
        .expect(401); // no signature
      await t.http().get('/api/user').set('Cookie', `portal.sid=${s.sid}`).expect(401);
    });
  });

  describe('V2.2 anti-automation: 429 per account and per address', () => {
    it('2.2.1 sign-in: 10 failures on one account from one address refuse that address (429), not the owner elsewhere', async () => {
      const c = await signedUp();
      const attacker = freshIp();
      for (let i = 0; i < 10; i++) {
        await t.http().post('/api/login').set('X-Forwarded-For', attacker).send({ email: c.email, password: 'wrong-password' }).expect(401);
      }
      const res = await t
        .http()
        .post('/api/login')
        .set('X-Forwarded-For', attacker)
        .send({ email: c.email, password: c.password })
        .expect(429);
      expect(res.body.message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
      await t.http().post('/api/login').set('X-Forwarded-For', freshIp()).send({ email: c.email, password: c.password }).expect(200);
    });

    it('2.2.1 sign-in: parallel tries from one address cannot slip past the limit (counted atomically)', async () => {
      const c = await signedUp();
      const attacker = freshIp();
      const answers = await Promise.all(
        Array.from({ length: 25 }, () =>
          t.http().post('/api/login').set('X-Forwarded-For', attacker).send({ email: c.email, password: 'wrong-password' }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
      expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
      await t.http().post('/api/login').set('X-Forwarded-For', attacker).send({ email: c.email, password: c.password }).expect(429);
    });

    it('2.2.1 reset-code requests: 5 per account per hour, then 429 from any address', async () => {
      const c = await signedUp();
      for (let i = 0; i < 5; i++)
        await t.http().post('/api/verify/request-code').set('X-Forwarded-For', freshIp()).send({ email: c.email }).expect(200);
      const res = await t.http().post('/api/verify/request-code').set('X-Forwarded-For', freshIp()).send({ email: c.email }).expect(429);
      expect(res.body.message).toBe('Too many verification codes requested. Please try again later.');
    });

    it('2.2.1 reset attempts: 10 wrong codes on one account in an hour, then 429 even across new codes', async () => {
      const c = await signedUp();
      await t.http().post('/api/verify/request-code').send({ email: c.email }).expect(200);
      for (let i = 0; i < 10; i++) {
        await t
          .http()
          .post('/api/verify/reset-password')
          .set('X-Forwarded-For', freshIp())
          .send({ email: c.email, code: String(100000 + i), newPassword: 'Harbour#Light9' })
          .expect(400);
      }
      const res = await t
        .http()
        .post('/api/verify/reset-password')
        .set('X-Forwarded-For', freshIp())
        .send({ email: c.email, code: '999999', newPassword: 'Harbour#Light9' })
        .expect(429);
      expect(res.body).toMatchObject({
        statusCode: 429,
        message: 'Too many attempts to reset this password. Please try again in an hour.',
      });
    });

    it.each([
      ['sign-in', '/api/login', () => ({ email: `n${Math.random()}@example.com`, password: 'secret123' })],
      ['registration', '/api/register', () => newClient('iplimit')],
      ['reset-code requests', '/api/verify/request-code', () => ({ email: `n${Math.random()}@example.com` })],
      [
        'reset attempts',
        '/api/verify/reset-password',
        () => ({ email: `n${Math.random()}@example.com`, code: '123456', newPassword: 'Harbour#Light9' }),
      ],
    ])('2.2.1 %s: one address past AUTH_IP_LIMIT_PER_MIN gets 429', async (_name, path, body) => {
      const limited = await createTestApp({ AUTH_IP_LIMIT_PER_MIN: '4' }, { smtp: t.smtp });
      try {
        const ip = freshIp();
        for (let i = 0; i < 4; i++) {
          const r = await limited.http().post(path).set('X-Forwarded-For', ip).send(body());
          expect(r.status).not.toBe(429);
        }
        const res = await limited.http().post(path).set('X-Forwarded-For', ip).send(body()).expect(429);
        expect(res.body.message).toBe('Too many attempts from your address. Please wait a minute and try again.');
        expect(Number(res.headers['retry-after-auth'] ?? res.headers['retry-after'])).toBeGreaterThan(0);
      } finally {
        await limited.close();
      }
    });
  });

  describe('V2.1 / V2.5 passwords and account enumeration', () => {
    it('2.1.2 accepts 128-character passwords and never truncates them', async () => {
      const long = 'Ab1!' + 'x'.repeat(120) + 'Zz9?';
      expect(long).toHaveLength(128);
      const c = { ...newClient('long'), password: long };
      await t.http().post('/api/register').send(c).expect(201);
      await t.http().post('/api/login').send({ email: c.email, password: long }).expect(200);
      // bcrypt would accept any password sharing the first 72 bytes; argon2 compares all of it.
      await t
        .http()
        .post('/api/login')
        .send({ email: c.email, password: long.slice(0, 72) })
        .expect(401);
      await t
        .http()
        .post('/api/login')
        .send({ email: c.email, password: long.slice(0, 127) + '!' })
        .expect(401);
      const tooLong = await t
        .http()
        .post('/api/register')
        .send({ ...newClient('long'), password: long + 'x' })
        .expect(400);
      expect(tooLong.body.message).toBe('Password must be at most 128 characters');
    });

    /**
     * Median times of two kinds of request, measured in alternation so that both see the same load
     * (other tests, GC), many times so that one slow request does not decide.
     */
    async function medianPairMs(a: (i: number) => Promise<unknown>, b: (i: number) => Promise<unknown>, n = 15): Promise<[number, number]> {
      const ta: number[] = [];
      const tb: number[] = [];
      const time = async (send: () => Promise<unknown>, into: number[]) => {
        const start = process.hrtime.bigint();
        await send();
        into.push(Number(process.hrtime.bigint() - start) / 1e6);
      };
      for (let i = 0; i < n; i++) {
        await time(() => a(i), ta);
        await time(() => b(i), tb);
      }
      const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
      return [median(ta), median(tb)];
    }
    /** Within a factor of two: without the stand-in hash check, the unknown case is about ten times faster. */
    const similar = ([x, y]: [number, number]) => {
      expect(y).toBeGreaterThan(x / 2);
      expect(x).toBeGreaterThan(y / 2);
    };

    it('2.5.x sign-in answers an unknown e-mail exactly like a wrong password, in similar time', async () => {
      const c = await signedUp();
      const known = await t
        .http()
        .post('/api/login')
        .set('X-Forwarded-For', freshIp())
        .send({ email: c.email, password: 'wrong-password' })
        .expect(401);
      const unknown = await t
        .http()
        .post('/api/login')
        .set('X-Forwarded-For', freshIp())
        .send({ email: `nobody-${c.email}`, password: 'wrong-password' })
        .expect(401);
      const strip = (body: Record<string, unknown>) => ({ ...body, requestId: undefined });
      expect(strip(unknown.body)).toEqual(strip(known.body));
      // A fresh known account for each try, so the 10-failure lock is never reached.
      const accounts = await Promise.all(Array.from({ length: 15 }, () => signedUp()));
      similar(
        await medianPairMs(
          (i) => t.http().post('/api/login').send({ email: accounts[i].email, password: 'wrong-password' }).expect(401),
          () =>
            t
              .http()
              .post('/api/login')
              .send({ email: `nobody-${Math.random()}@example.com`, password: 'wrong-password' })
              .expect(401),
        ),
      );
    });

    it('2.5.x a reset-code request answers the same for an unknown e-mail, in similar time', async () => {
      const accounts = await Promise.all(Array.from({ length: 15 }, () => signedUp()));
      const bodies: unknown[] = [];
      similar(
        await medianPairMs(
          async (i) => bodies.push((await t.http().post('/api/verify/request-code').send({ email: accounts[i].email }).expect(200)).body),
          async () =>
            bodies.push(
              (
                await t
                  .http()
                  .post('/api/verify/request-code')
                  .send({ email: `nobody-${Math.random()}@example.com` })
                  .expect(200)
              ).body,
            ),
        ),
      );
      expect(new Set(bodies.map((x) => JSON.stringify(x))).size).toBe(1);
    });
  });
});
