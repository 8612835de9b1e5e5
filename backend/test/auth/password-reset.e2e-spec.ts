import { RESET_REQUEST_ANSWER } from '../../src/modules/auth/application/request-reset-code/request-reset-code.handler';
import { createTestApp, newClient, TestApp } from '../support/test-app';

describe('Password reset by e-mailed code (CONTRACT §5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function registered() {
    const c = newClient('reset');
    await t.http().post('/api/register').send(c).expect(201);
    return c;
  }

  async function requestCode(email: string): Promise<string> {
    const before = t.smtp.to(email).filter((m) => m.subject === 'Your password reset code').length;
    const res = await t.http().post('/api/verify/request-code').send({ email }).expect(200);
    expect(res.body).toEqual({ success: true, message: RESET_REQUEST_ANSWER });
    const mail = await t.smtp.waitFor(
      (m) =>
        m.to.includes(email) &&
        m.subject === 'Your password reset code' &&
        t.smtp
          .to(email)
          .filter((x) => x.subject === m.subject)
          .indexOf(m) === before,
    );
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(code!);
    return code!;
  }

  it('answers the same for an unknown address, and sends nothing', async () => {
    const res = await t.http().post('/api/verify/request-code').send({ email: 'nobody-here@example.com' }).expect(200);
    expect(res.body).toEqual({ success: true, message: RESET_REQUEST_ANSWER });
    await new Promise((r) => setTimeout(r, 500));
    expect(t.smtp.to('nobody-here@example.com')).toHaveLength(0);
  });

  it('stores the code hashed, never as written, and never returns it', async () => {
    const c = await registered();
    const code = await requestCode(c.email);
    const [row] = await t.db.query(`SELECT reset_code_hash, reset_code_expires_at FROM users WHERE email = $1`, [c.email]);
    expect(row.reset_code_hash).toMatch(/^\$argon2id\$/);
    expect(row.reset_code_hash).not.toContain(code);
    const minutes = (new Date(row.reset_code_expires_at).getTime() - Date.now()) / 60000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it('resets with the right code: the old password stops working, every session ends, the code is spent', async () => {
    const c = await registered();
    const session = t.agent();
    await session.post('/api/login').send({ email: c.email, password: c.password }).expect(200);
    const code = await requestCode(c.email);
    const newPassword = 'Harbour#Light9';
    const res = await t.http().post('/api/verify/reset-password').send({ email: c.email, code, newPassword }).expect(200);
    expect(res.body).toEqual({ success: true, message: 'Your password has been reset successfully.' });
    await session.get('/api/user').expect(401);
    await t.http().post('/api/login').send({ email: c.email, password: c.password }).expect(401);
    await t.http().post('/api/login').send({ email: c.email, password: newPassword }).expect(200);
    const again = await t
      .http()
      .post('/api/verify/reset-password')
      .send({ email: c.email, code, newPassword: 'Another#Pass1' })
      .expect(400);
    expect(again.body.message).toBe('Invalid or expired verification code');
  });

  it('burns the code after 5 wrong tries, even if the sixth is right', async () => {
    const c = await registered();
    const code = await requestCode(c.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await t
        .http()
        .post('/api/verify/reset-password')
        .send({ email: c.email, code: wrong, newPassword: 'Harbour#Light9' })
        .expect(400);
      expect(r.body.message).toBe('Invalid or expired verification code');
    }
    await t.http().post('/api/verify/reset-password').send({ email: c.email, code, newPassword: 'Harbour#Light9' }).expect(400);
    await t.http().post('/api/login').send({ email: c.email, password: c.password }).expect(200);
  });

  it('counts parallel wrong guesses one by one', async () => {
    const c = await registered();
    const code = await requestCode(c.email);
    const wrong = code === '000000' ? '111111' : '000000';
    await Promise.all(
      Array.from({ length: 8 }, () =>
        t.http().post('/api/verify/reset-password').send({ email: c.email, code: wrong, newPassword: 'Harbour#Light9' }).expect(400),
      ),
    );
    await t.http().post('/api/verify/reset-password').send({ email: c.email, code, newPassword: 'Harbour#Light9' }).expect(400);
  });

  it('refuses an expired code', async () => {
    const c = await registered();
    const code = await requestCode(c.email);
    await t.db.query(`UPDATE users SET reset_code_expires_at = now() - interval '1 second' WHERE email = $1`, [c.email]);
    await t.http().post('/api/verify/reset-password').send({ email: c.email, code, newPassword: 'Harbour#Light9' }).expect(400);
  });

  it('gives one live code: a new request replaces the old code', async () => {
    const c = await registered();
    const first = await requestCode(c.email);
    const second = await requestCode(c.email);
    if (first !== second) {
      await t.http().post('/api/verify/reset-password').send({ email: c.email, code: first, newPassword: 'Harbour#Light9' }).expect(400);
    }
    await t.http().post('/api/verify/reset-password').send({ email: c.email, code: second, newPassword: 'Harbour#Light9' }).expect(200);
  });

  it('allows 5 code requests per address an hour, for known and unknown addresses alike', async () => {
    const c = await registered();
    for (const email of [c.email, 'ghost-' + c.email]) {
      for (let i = 0; i < 5; i++) await t.http().post('/api/verify/request-code').send({ email }).expect(200);
      const res = await t.http().post('/api/verify/request-code').send({ email }).expect(429);
      expect(res.body.message).toBe('Too many verification codes requested. Please try again later.');
    }
  });

  it.each([
    [{ code: '12345', newPassword: 'Harbour#Light9' }, 'Verification code must be 6 digits'],
    [{ code: '12a456', newPassword: 'Harbour#Light9' }, 'Verification code must be 6 digits'],
    [{ code: '123456', newPassword: 'Ab1!' }, 'Password must be at least 8 characters long'],
    [{ code: '123456', newPassword: 'harbour#light9' }, 'Password must contain at least one uppercase letter'],
    [{ code: '123456', newPassword: 'HARBOUR#LIGHT9' }, 'Password must contain at least one lowercase letter'],
    [{ code: '123456', newPassword: 'Harbour#Light' }, 'Password must contain at least one number'],
    [{ code: '123456', newPassword: 'HarbourLight9' }, 'Password must contain at least one special character'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await t
      .http()
      .post('/api/verify/reset-password')
      .send({ email: 'a@example.com', ...body })
      .expect(400);
    expect(res.body.message).toBe(message);
  });

  it('validates the request form', async () => {
    const res = await t.http().post('/api/verify/request-code').send({ email: 'nope' }).expect(400);
    expect(res.body.message).toBe('Please enter a valid email address');
  });
});
