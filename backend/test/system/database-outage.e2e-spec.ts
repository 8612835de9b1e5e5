import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { ADMIN, AppProcess, get, HttpSession, PostgresProcess, sleep, startAppProcess, startPostgresProcess } from '../support/processes';

jest.setTimeout(180_000);

/**
 * Issue 7, point 5: the PostgreSQL server is stopped and started again under a write load. The app
 * is a separate process on an embedded PostgreSQL this test owns; nothing restarts the app.
 */
describe('PostgreSQL stopped and started under load (system test, separate processes)', () => {
  let work: string;
  let pg: PostgresProcess;
  let app: AppProcess;
  const tag = `outage${process.pid}x${Math.random().toString(36).slice(2, 6)}`;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'portal-outage-'));
    const t0 = Date.now();
    pg = await startPostgresProcess({ dataDir: join(work, 'pgdata'), database: 'portal' });
    console.log(`embedded PostgreSQL started in ${Date.now() - t0} ms`);
    app = await startAppProcess({ name: 'app', databaseUrl: pg.url, env: { LOG_LEVEL: 'warn' } });
    console.log(`app process started (migrations included) in ${app.startupMs} ms`);
  });

  afterAll(async () => {
    await app?.stop();
    await pg?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  type Phase = 'before' | 'stopping' | 'down' | 'restarting' | 'after';
  interface Write {
    kind: 'service' | 'registration';
    name: string;
    phase: Phase;
    startedAt: number;
    status: number; // 0: no answer (connection error or timeout)
    ms: number;
    body?: unknown;
    error?: string;
  }

  it('answers 503 on /api/health while it is down, recovers by itself, and loses no committed write', async () => {
    const admins = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const s = new HttpSession(app.url, 10_000);
        expect((await s.post('/api/login', { email: ADMIN.email, password: ADMIN.password })).status).toBe(200);
        return s;
      }),
    );

    let phase: Phase = 'before';
    let stop = false;
    const writes: Write[] = [];
    const health: Array<{ phase: Phase; status: number; body: unknown; ms: number }> = [];
    let n = 0;
    const attempt = async (
      kind: Write['kind'],
      name: string,
      send: () => Promise<{ status: number; ms: number; body?: unknown; text: string }>,
    ) => {
      const w: Write = { kind, name, phase, startedAt: Date.now(), status: 0, ms: 0 };
      try {
        const res = await send();
        Object.assign(w, { status: res.status, ms: res.ms, body: res.body ?? res.text.slice(0, 300) });
      } catch (err) {
        Object.assign(w, { error: (err as Error).message, ms: Date.now() - w.startedAt });
      }
      writes.push(w);
    };
    // Four admins create services and new clients sign up (a user row and a session row each), as
    // fast as the app answers; every answer is kept (201 = committed).
    const serviceWriter = async (s: HttpSession) => {
      while (!stop) {
        const name = `${tag} service ${++n}`;
        await attempt('service', name, () => s.post('/api/services', { name, price: 10, description: 'Written under a database outage' }));
        await sleep(10);
      }
    };
    const signUps = async () => {
      while (!stop) {
        const email = `${tag}u${++n}@example.com`;
        const s = new HttpSession(app.url, 10_000);
        await attempt('registration', email, () =>
          s.post('/api/register', { username: `Outage ${n} ${tag}`, email, password: 'secret123' }),
        );
        s.close();
        await sleep(10);
      }
    };
    const prober = async () => {
      while (!stop) {
        const at = phase;
        const res = await get(`${app.url}/api/health`, 10_000).catch((err: Error) => ({ status: 0, body: err.message, ms: 10_000 }));
        health.push({ phase: at, status: res.status, body: res.body, ms: res.ms });
        await sleep(100);
      }
    };
    // The Projects page, read again and again: with the database down it must answer 503 like
    // everything else, never a 500.
    const owner = new HttpSession(app.url, 10_000);
    const ownerEmail = `${tag}owner@example.com`;
    const registered = await owner.post('/api/register', { username: `Outage owner ${tag}`, email: ownerEmail, password: 'secret123' });
    expect(registered.status).toBe(201);
    owner.close();
    expect(
      (await admins[0].post('/api/projects', { name: `${tag} kept page`, clientId: (registered.body as { id: number }).id, price: 100 }))
        .status,
    ).toBe(201);
    const reads: Array<{ phase: Phase; status: number; body: unknown }> = [];
    const pagePath = `/api/projects?sort=${encodeURIComponent('["date","DESC"]')}&range=${encodeURIComponent('[0,24]')}`;
    const reader = async (s: HttpSession) => {
      while (!stop) {
        const at = phase;
        const res = await s.get(pagePath).catch((err: Error) => ({ status: 0, body: err.message }));
        reads.push({ phase: at, status: res.status, body: res.body });
        await sleep(20);
      }
    };
    const pageReader = new HttpSession(app.url, 10_000);
    expect((await pageReader.post('/api/login', { email: ADMIN.email, password: ADMIN.password })).status).toBe(200);
    const running = [...admins.map(serviceWriter), signUps(), prober(), reader(pageReader)];

    await sleep(2_000);
    const t0 = Date.now();
    phase = 'stopping';
    await pg.stop();
    phase = 'down';
    const downAt = Date.now();
    await sleep(4_000);
    phase = 'restarting';
    const restartAt = Date.now();
    await pg.start();
    phase = 'after';
    const upAt = Date.now();
    let recoveredAt = 0;
    while (!recoveredAt && Date.now() - upAt < 30_000) {
      const res = await get(`${app.url}/api/health`, 5_000).catch(() => null);
      if (res?.status === 200) recoveredAt = Date.now();
      else await sleep(50);
    }
    await sleep(2_000);
    stop = true;
    await Promise.all(running);
    admins.forEach((s) => s.close());
    pageReader.close();

    const tally = (list: Array<{ status: number }>) =>
      list.reduce<Record<string, number>>((a, x) => ({ ...a, [x.status]: (a[x.status] ?? 0) + 1 }), {});
    const during = writes.filter((w) => w.phase !== 'before' && w.phase !== 'after');
    console.log(
      [
        `outage: stop took ${downAt - t0} ms, PostgreSQL fully down ${restartAt - downAt} ms, restart took ${upAt - restartAt} ms, ` +
          `unavailable ${upAt - t0} ms in all; /api/health 200 again ${recoveredAt ? recoveredAt - upAt : 'never'} ms after the restart (the app was not restarted)`,
        `writes (POST /api/services by 4 admins, POST /api/register): before ${JSON.stringify(tally(writes.filter((w) => w.phase === 'before')))}, ` +
          `during the outage ${during.length} ${JSON.stringify(tally(during))}, after ${JSON.stringify(tally(writes.filter((w) => w.phase === 'after')))}`,
        `/api/health during the outage: ${JSON.stringify(tally(health.filter((h) => h.phase === 'down')))}; slowest write answer ${Math.round(Math.max(...writes.map((w) => w.ms)))} ms`,
      ].join('\n'),
    );

    // The Projects page: 200 before (a read the stop cuts into answers 503), a JSON 503 while the
    // database is down, 200 again after; never a 500.
    console.log(
      `Projects page reads: ${['before', 'down', 'after'].map((p) => `${p} ${JSON.stringify(tally(reads.filter((r) => r.phase === p)))}`).join(', ')}`,
    );
    const readsBefore = reads.filter((r) => r.phase === 'before');
    expect(readsBefore.filter((r) => r.status === 200).length).toBeGreaterThan(readsBefore.length / 2);
    expect(readsBefore.every((r) => r.status === 200 || r.status === 503)).toBe(true);
    const downReads = reads.filter((r) => r.phase === 'down');
    expect(downReads.length).toBeGreaterThan(0);
    for (const r of downReads) expect(r).toMatchObject({ status: 503, body: { statusCode: 503 } });
    expect(reads.filter((r) => r.phase === 'after').some((r) => r.status === 200)).toBe(true);
    expect(reads.every((r) => r.status !== 500)).toBe(true);

    expect(recoveredAt).toBeGreaterThan(0);
    expect(app.running()).toBe(true); // the same process throughout
    // /api/health: 503 with the JSON error body the whole time the server is down.
    const downHealth = health.filter((h) => h.phase === 'down');
    expect(downHealth.length).toBeGreaterThan(10);
    for (const h of downHealth)
      expect(h).toMatchObject({ status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: expect.any(String) } });

    // Every write answered quickly, with a 201 or a JSON 503 a client can retry; never a hang, never a 500.
    const bad = writes.filter((w) => w.status !== 201 && !(w.status === 503 && (w.body as { statusCode?: number })?.statusCode === 503));
    if (bad.length) {
      // What the app logged about those requests (their error bodies carry the request id), else its last errors.
      const ids = bad.map((w) => (w.body as { requestId?: string })?.requestId).filter(Boolean) as string[];
      const lines = app.output().split('\n');
      const about = lines.filter((l) => ids.some((id) => l.includes(id)));
      console.log(
        `the app logged:\n${(about.length ? about : lines.filter((l) => /"level":(40|50|60)|rror/.test(l)).slice(-10)).join('\n')}`,
      );
    }
    expect(bad.slice(0, 3)).toEqual([]);
    expect(Math.max(...writes.map((w) => w.ms))).toBeLessThan(8_000);
    const downWrites = writes.filter((w) => w.phase === 'down');
    expect(downWrites.length).toBeGreaterThan(10);
    expect(downWrites.every((w) => w.status === 503)).toBe(true);
    expect(downWrites[0].body).toMatchObject({ message: 'The service is temporarily unavailable. Please try again.' });
    // Once /api/health is 200 again, writes succeed again (the pool reconnected by itself, sessions kept).
    const afterRecovery = writes.filter((w) => w.startedAt >= recoveredAt);
    expect(afterRecovery.length).toBeGreaterThan(10);
    expect(afterRecovery.filter((w) => w.status !== 201)).toEqual([]);

    // No committed write is lost.
    const db = new Client({ connectionString: pg.url });
    await db.connect();
    try {
      const rows: Array<{ name: string }> = (
        await db.query(`SELECT name FROM services WHERE name LIKE $1 UNION ALL SELECT email FROM users WHERE email LIKE $2`, [
          `${tag} %`,
          `${tag}u%`,
        ])
      ).rows;
      const stored = new Set(rows.map((r) => r.name));
      const committed = writes.filter((w) => w.status === 201).map((w) => w.name);
      const refused = writes.filter((w) => w.status === 503).map((w) => w.name);
      expect(committed.filter((name) => !stored.has(name))).toEqual([]);
      expect(rows).toHaveLength(new Set(rows.map((r) => r.name)).size);
      expect(new Set(writes.filter((w) => w.status === 201).map((w) => w.kind))).toEqual(new Set(['service', 'registration']));
      // Each committed sign-up queued its welcome e-mail in the same transaction, and the outbox,
      // which failed its passes during the outage, sends (here: logs) every one of them afterwards.
      const signedUp = writes.filter((w) => w.kind === 'registration' && w.status === 201).map((w) => w.name);
      let outbox: Array<{ to_address: string; status: string }> = [];
      for (const until = Date.now() + 20_000; Date.now() < until; await sleep(200)) {
        outbox = (await db.query(`SELECT to_address, status FROM email_outbox WHERE kind = 'welcome' AND to_address LIKE $1`, [`${tag}u%`]))
          .rows;
        if (outbox.length >= signedUp.length && outbox.every((m) => m.status === 'logged')) break;
      }
      const welcomed = new Set(outbox.filter((m) => m.status === 'logged').map((m) => m.to_address));
      expect(signedUp.filter((email) => !welcomed.has(email))).toEqual([]);
      console.log(
        `${committed.length} writes answered 201 and all are stored; ${refused.length} answered 503, of which ${refused.filter((name) => stored.has(name)).length} were stored anyway (cut after the commit)`,
      );
    } finally {
      await db.end();
    }
  });
});
