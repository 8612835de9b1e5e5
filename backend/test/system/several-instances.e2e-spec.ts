import { Client } from 'pg';
import { ADMIN, AppProcess, HttpSession, startAppProcess, ScratchDatabase, scratchDatabase } from '../support/processes';
import { SmtpSink } from '../support/smtp-sink';

jest.setTimeout(120_000);

/**
 * Issue 7, point 6: two app processes on one database (the run's throwaway database), with the same
 * SESSION_SECRET, as behind a load balancer. Each test uses client addresses of its own
 * (X-Forwarded-For, honoured from loopback by the default TRUST_PROXY), so their budgets do not mix.
 */
describe('Two app instances on one database (system test, separate processes)', () => {
  let smtp: SmtpSink;
  let a: AppProcess;
  let b: AppProcess;
  let db: Client;
  const tag = `inst${process.pid}x${Math.random().toString(36).slice(2, 6)}`;
  // 198.18.0.0/15 is reserved for benchmarks: never a real client.
  const address = (n: number) => `198.18.${Math.floor(Math.random() * 250)}.${n}`;

  let scratch: ScratchDatabase | undefined;

  beforeAll(async () => {
    smtp = await new SmtpSink().start();
    scratch = await scratchDatabase('instances');
    const databaseUrl = scratch.url;
    const env = { AUTH_IP_LIMIT_PER_MIN: '10', OUTBOX_POLL_MS: '100' };
    // One after the other: both would otherwise run the migrations at once.
    // Instance 1 logs every request (LOG_LEVEL info), so a test can read its request log.
    a = await startAppProcess({ name: 'instance 1', databaseUrl, smtpUrl: smtp.url(), env: { ...env, LOG_LEVEL: 'info' } });
    b = await startAppProcess({ name: 'instance 2', databaseUrl, smtpUrl: smtp.url(), env });
    console.log(`instance processes started in ${a.startupMs} ms and ${b.startupMs} ms`);
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await a?.stop();
    await b?.stop();
    await smtp?.stop();
    await scratch?.drop();
  });

  /** A client on `app` coming from `ip`. */
  const from = (app: AppProcess, ip: string, cookie: string | null = null) => {
    const s = new HttpSession(app.url);
    s.cookie = cookie;
    s.headers['X-Forwarded-For'] = ip;
    return s;
  };

  it('a session made on one instance works on the other, and a logout on either ends it on both', async () => {
    const ip = address(1);
    const account = { username: `Two ${tag}`, email: `two${tag}@example.com`, password: 'secret123' };
    const signUp = from(a, ip);
    expect((await signUp.post('/api/register', account)).status).toBe(201);

    const onA = from(a, ip);
    const login = await onA.post('/api/login', { email: account.email, password: account.password });
    expect(login.status).toBe(200);
    const onB = from(b, ip, onA.cookie);
    const me = await onB.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: account.email, username: account.username });
    expect((await onB.get(`/api/projects/client/${me.body.id}`)).status).toBe(200);

    expect((await onB.post('/api/logout')).status).toBeLessThan(300);
    const after = await from(a, ip, onA.cookie).get('/api/user');
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ statusCode: 401, message: expect.any(String) });

    // And the other way round: made on instance 2, ended on instance 1.
    const onB2 = from(b, ip);
    expect((await onB2.post('/api/login', { email: account.email, password: account.password })).status).toBe(200);
    expect((await from(a, ip, onB2.cookie).get('/api/user')).status).toBe(200);
    expect((await from(a, ip, onB2.cookie).post('/api/logout')).status).toBeLessThan(300);
    expect((await from(b, ip, onB2.cookie).get('/api/user')).status).toBe(401);
    [signUp, onA, onB, onB2].forEach((s) => s.close());
  });

  it('a project list read on one instance shows what the other instance (or SQL) changed at once', async () => {
    const ip = address(4);
    const adminA = from(a, ip);
    const adminB = from(b, ip);
    for (const s of [adminA, adminB])
      expect((await s.post('/api/login', { email: ADMIN.email, password: ADMIN.password })).status).toBe(200);
    const service = await adminB.post('/api/services', { name: `Kept ${tag}`, price: 50 });
    expect(service.status).toBe(201);
    const client = await from(b, ip).post('/api/register', {
      username: `Kept ${tag}`,
      email: `kept${tag}@example.com`,
      password: 'secret123',
    });
    expect(client.status).toBe(201);
    const page = `/api/projects?sort=${encodeURIComponent('["name","ASC"]')}&range=${encodeURIComponent('[0,24]')}&filter=${encodeURIComponent(JSON.stringify({ q: `Kept ${tag}` }))}`;
    const names = async () => {
      const res = await adminA.get(page);
      expect(res.status).toBe(200);
      return (res.body as Array<{ name: string; price: number }>).map((p) => `${p.name} ${p.price}`);
    };
    expect(await names()).toEqual([]);
    expect(await names()).toEqual([]);
    const created = await adminB.post('/api/projects', {
      name: `Kept ${tag} One`,
      clientId: client.body.id,
      price: 0,
      selectedServices: [{ serviceId: service.body.id, quantity: 2 }],
    });
    expect(created.status).toBe(201);
    expect(await names()).toEqual([`Kept ${tag} One 100`]);
    expect(await names()).toEqual([`Kept ${tag} One 100`]);
    await db.query(`UPDATE projects SET name = name || ' Renamed' WHERE id = $1`, [created.body.id]);
    expect(await names()).toEqual([`Kept ${tag} One Renamed 100`]);
    expect((await adminB.request('DELETE', `/api/projects/${created.body.id}`)).status).toBe(204);
    expect(await names()).toEqual([]);
    [adminA, adminB].forEach((s) => s.close());

    // Every read of the page is in instance 1's request log, one short line each, with no query value
    // (the search, a client's name, included: CONTRACT §12).
    const logged = async () => {
      for (let i = 0; ; i++) {
        const lines = a
          .output()
          .split('\n')
          .filter((l) => l.includes('"url":"/api/projects?sort=[redacted]&range=[redacted]&filter=[redacted]"'));
        if (lines.length >= 6 || i > 50) return lines;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const lines = await logged();
    expect(lines).toHaveLength(6);
    for (const line of lines) {
      expect(JSON.parse(line)).toMatchObject({
        level: 30,
        req: { method: 'GET', id: expect.any(String) },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
        msg: 'request completed',
      });
      expect(line).not.toMatch(/portal\.sid|cookie/i);
      expect(line).not.toContain(encodeURIComponent(`Kept ${tag}`));
    }
  });

  it('counts the per-address sign-in budget across both instances (AUTH_IP_LIMIT_PER_MIN=10)', async () => {
    const ip = address(2);
    const statuses: number[] = [];
    // 6 sign-in attempts on each instance, alternating, each for another unknown account (so the
    // per-account lock of CONTRACT §5 plays no part): the 11th and 12th exceed the shared budget.
    for (let i = 0; i < 12; i++) {
      const s = from(i % 2 === 0 ? a : b, ip);
      const res = await s.post('/api/login', { email: `nobody${i}x${tag}@example.com`, password: 'wrong-password' });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body).toMatchObject({ statusCode: 429, message: expect.any(String) });
      else expect(res.status).toBe(401);
      s.close();
    }
    console.log(`12 sign-in attempts from one address over two instances: ${statuses.join(' ')}`);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('sends each message of the shared outbox once, whichever instance queued it', async () => {
    const ip = address(3);
    const adminA = from(a, ip);
    const adminB = from(b, ip);
    for (const s of [adminA, adminB])
      expect((await s.post('/api/login', { email: ADMIN.email, password: ADMIN.password })).status).toBe(200);
    const subject = `Two instances ${tag}`;
    const recipients = (side: string) => Array.from({ length: 20 }, (_, i) => `${side}${i}x${tag}@example.com`);
    const sent = await Promise.all(
      [
        [adminA, recipients('a')],
        [adminB, recipients('b')],
      ].map(([s, to]) =>
        (s as HttpSession).post('/api/admin/send-custom-email', {
          recipients: to,
          subject,
          htmlContent: '<p>Exactly once</p>',
          sendToAll: false,
        }),
      ),
    );
    for (const res of sent) expect(res.body).toMatchObject({ success: true, queued: 20 });
    const all = [...recipients('a'), ...recipients('b')];

    const deadline = Date.now() + 30_000;
    while (smtp.messages.filter((m) => m.subject === subject).length < all.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1_500)); // time for a duplicate to show up
    const got = smtp.messages.filter((m) => m.subject === subject).flatMap((m) => m.to);
    expect(got.sort()).toEqual([...all].sort());
    const rows: Array<{ status: string; attempts: number }> = (
      await db.query(`SELECT status, attempts FROM email_outbox WHERE subject = $1`, [subject])
    ).rows;
    expect(rows).toHaveLength(all.length);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    adminA.close();
    adminB.close();
  });
});
