import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scratchDatabase, type ScratchDatabase } from '../support/processes';
import { changedTables, tableSnapshot } from '../support/table-snapshot';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The first run in the browser (CONTRACT §13, decision 0041): an app on a fresh database of its own,
 * without ADMIN_EMAIL, so nobody can sign in until /setup names the studio and creates its admin with
 * the code printed on the console.
 */
const WRONG = "The setup code is not right. It is printed in the server's console.";
const REPLACED = "Too many wrong codes: a new setup code is printed in the server's console.";

/** What the app wrote on standard output: the codes it printed, oldest first. */
class Stdout {
  private text = '';
  private original = process.stdout.write.bind(process.stdout);

  start(): this {
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      return (this.original as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stdout.write;
    return this;
  }

  stop(): void {
    process.stdout.write = this.original;
  }

  codes(): string[] {
    return [...this.text.matchAll(/^SETUP CODE: (\d{3}-\d{3})$/gm)].map((m) => m[1]);
  }

  lastCode(): string {
    const codes = this.codes();
    if (!codes.length) throw new Error('no setup code was printed');
    return codes[codes.length - 1];
  }
}

const snapshot = tableSnapshot({
  users: 'SELECT id, username, email, role, password_hash FROM users',
  studio: 'SELECT * FROM studio_settings',
  audit: 'SELECT id, action FROM audit_events',
  sessions: 'SELECT sid FROM session',
});

const form = (code: string, overrides: Record<string, unknown> = {}) => ({
  studioName: 'Harbour Light Photography',
  name: 'Maya Harbour',
  email: 'maya@harbourlight.test',
  password: 'secret123',
  code,
  timeZone: 'Europe/Dublin',
  ...overrides,
});

/** A code that is not `code` (the next one round). */
const otherThan = (code: string) => {
  const digits = code.replace('-', '');
  const other = String((Number(digits) + 1) % 1_000_000).padStart(6, '0');
  return `${other.slice(0, 3)}-${other.slice(3)}`;
};

describe('first run (setup)', () => {
  let db: ScratchDatabase;
  let t: TestApp;
  let staticDir: string;
  const stdout = new Stdout();

  beforeAll(async () => {
    db = await scratchDatabase('setup');
    // A built frontend of one page, so the page handler (and its redirect to /setup) is there.
    staticDir = mkdtempSync(join(tmpdir(), 'portal-setup-static-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Studio Portal</title><div id="root"></div>');
    stdout.start();
    t = await createTestApp({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '', STATIC_DIR: staticDir }, { databaseUrl: db.url });
  }, 120_000);

  afterAll(async () => {
    stdout.stop();
    await t?.close();
    await db?.drop();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('prints one setup code at start, and only its hash is stored', async () => {
    const codes = stdout.codes();
    expect(codes).toHaveLength(1);
    const rows: Array<{ code_hash: string; failures: number }> = await t.db.query('SELECT code_hash, failures FROM setup_codes');
    expect(rows).toHaveLength(1);
    expect(rows[0].failures).toBe(0);
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].code_hash).not.toContain(codes[0].replace('-', ''));
  });

  it('says setup is needed, and every page leads to /setup', async () => {
    await t.http().get('/api/setup').expect(200, { needed: true });
    for (const path of ['/projects', '/', '/auth', '/admin', '/projects/12?x=1']) {
      const res = await t.http().get(path).expect(302);
      expect(res.headers.location).toBe('/setup');
    }
    const page = await t.http().get('/setup').expect(200);
    expect(page.text).toContain('<div id="root">');
    // the API is not redirected
    await t.http().get('/api/health').expect(200);
    await t.http().get('/api/user').expect(401);
  });

  it("refuses bad fields with registration's messages, and creates nothing", async () => {
    const before = await snapshot(t.db);
    const res = await t
      .http()
      .post('/api/setup')
      .send({ studioName: '   ', name: 'Al', email: 'not-an-email', password: '123', code: stdout.lastCode(), timeZone: 'Mars/Olympus' })
      .expect(400);
    expect(res.body.errors).toEqual({
      studioName: 'Studio name is required',
      name: 'Name must be at least 3 characters',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
      timeZone: 'Time zone must be a time zone such as Europe/Paris',
    });
    await t.http().post('/api/setup').send(form('')).expect(400);
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
    // the code was not used up by the refused tries
    await t.http().get('/api/setup').expect(200);
  });

  it('refuses a wrong code (400, counted) and creates nothing', async () => {
    const code = stdout.lastCode();
    const before = await snapshot(t.db);
    const res = await t
      .http()
      .post('/api/setup')
      .send(form(otherThan(code)))
      .expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'SETUP.WRONG_CODE', message: WRONG, errors: { code: WRONG } });
    // not a code at all: refused the same way
    await t
      .http()
      .post('/api/setup')
      .send(form('abc-def'))
      .expect(400, /SETUP.WRONG_CODE/);
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
    const [row] = await t.db.query('SELECT failures FROM setup_codes');
    expect(row.failures).toBe(2);
  });

  it('replaces the code at the fifth wrong one and prints the new one; the old code is refused', async () => {
    const old = stdout.lastCode();
    const before = await snapshot(t.db);
    // two wrong tries were counted above: three more, the last of them the fifth
    await t
      .http()
      .post('/api/setup')
      .send(form(otherThan(old)))
      .expect(400, /SETUP.WRONG_CODE/);
    await t
      .http()
      .post('/api/setup')
      .send(form(otherThan(old)))
      .expect(400, /SETUP.WRONG_CODE/);
    const fifth = await t
      .http()
      .post('/api/setup')
      .send(form(otherThan(old)))
      .expect(400);
    expect(fifth.body).toMatchObject({ code: 'SETUP.CODE_REPLACED', message: REPLACED, errors: { code: REPLACED } });
    expect(stdout.codes()).toHaveLength(2);
    const fresh = stdout.lastCode();
    const [row] = await t.db.query('SELECT failures FROM setup_codes');
    expect(row.failures).toBe(0);
    // the code printed first no longer works (unless the new one happens to be the same, 1 in a million)
    if (fresh !== old)
      await t
        .http()
        .post('/api/setup')
        .send(form(old))
        .expect(400, /SETUP.WRONG_CODE/);
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
  });

  it('sets the studio up with the printed code: the admin is created and signed in, the studio named', async () => {
    const agent = t.agent();
    const res = await agent
      .post('/api/setup')
      .send(form(stdout.lastCode().replace('-', ' ')))
      .expect(201);
    expect(res.body).toMatchObject({ username: 'Maya Harbour', email: 'maya@harbourlight.test', role: 'admin' });
    expect(String(res.headers['set-cookie'])).toContain('portal.sid=');
    // the session works: the admin's own account, and an admin-only route
    const me = await agent.get('/api/user').expect(200);
    expect(me.body).toMatchObject({ email: 'maya@harbourlight.test', role: 'admin' });
    await agent.get('/api/studio/settings').expect(200);
    const studio = await t.http().get('/api/studio').expect(200);
    expect(studio.body).toMatchObject({ name: 'Harbour Light Photography', timeZone: 'Europe/Dublin' });
    const admins = await t.db.query(`SELECT email, email_verified_at IS NOT NULL AS verified FROM users WHERE role = 'admin'`);
    expect(admins).toEqual([{ email: 'maya@harbourlight.test', verified: true }]);
    expect(await t.db.query('SELECT * FROM setup_codes')).toEqual([]);
    const events = await t.db.query(`SELECT actor_id, summary FROM audit_events WHERE action = 'studio.setup_completed'`);
    expect(events).toEqual([{ actor_id: res.body.id, summary: expect.stringContaining('"Harbour Light Photography"') }]);
    // the password chosen signs in
    await t.agent().post('/api/login').send({ email: 'maya@harbourlight.test', password: 'secret123' }).expect(200);
  });

  it('is gone afterwards: GET and POST are 404 (even with the used code or a bad body), pages are served, /setup is a 404 page', async () => {
    const before = await snapshot(t.db);
    const get = await t.http().get('/api/setup').expect(404);
    expect(get.body).toMatchObject({ statusCode: 404, message: 'No route for GET /api/setup' });
    await t
      .http()
      .post('/api/setup')
      .send(form(stdout.lastCode(), { email: 'second@harbourlight.test', name: 'Second Admin' }))
      .expect(404);
    await t.http().post('/api/setup').send({}).expect(404);
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
    await t.http().get('/projects').expect(200);
    const setupPage = await t.http().get('/setup').expect(404);
    expect(setupPage.text).toContain('<div id="root">');
  });
});

describe('first run: two tries with the right code at once', () => {
  it('makes exactly one admin; the other try gets a 404 or a 409', async () => {
    const db = await scratchDatabase('setup_race');
    const stdout = new Stdout().start();
    let t: TestApp | undefined;
    try {
      t = await createTestApp({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }, { databaseUrl: db.url });
      const code = stdout.lastCode();
      const answers = await Promise.all([
        t
          .http()
          .post('/api/setup')
          .send(form(code, { email: 'first@race.test', name: 'First Owner' })),
        t
          .http()
          .post('/api/setup')
          .send(form(code, { email: 'second@race.test', name: 'Second Owner' })),
        t
          .http()
          .post('/api/setup')
          .send(form(code, { email: 'first@race.test', name: 'First Owner' })),
      ]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      for (const s of statuses.filter((s) => s !== 201)) expect([404, 409]).toContain(s);
      const admins = await t.db.query(`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`);
      expect(admins[0].n).toBe(1);
      const setups = await t.db.query(`SELECT count(*)::int AS n FROM audit_events WHERE action = 'studio.setup_completed'`);
      expect(setups[0].n).toBe(1);
    } finally {
      stdout.stop();
      await t?.close();
      await db.drop();
    }
  }, 120_000);
});

describe('first run with ADMIN_EMAIL (scripted installs)', () => {
  it('is not needed: no code is printed, the routes are 404, pages are not redirected', async () => {
    const db = await scratchDatabase('setup_env');
    const stdout = new Stdout().start();
    const staticDir = mkdtempSync(join(tmpdir(), 'portal-setup-static-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
    let t: TestApp | undefined;
    try {
      t = await createTestApp({ STATIC_DIR: staticDir }, { databaseUrl: db.url });
      expect(stdout.codes()).toEqual([]);
      await t.http().get('/api/setup').expect(404);
      await t.http().post('/api/setup').send(form('123-456')).expect(404);
      await t.http().get('/projects').expect(200);
      await t.http().get('/setup').expect(404);
      expect(await t.db.query('SELECT * FROM setup_codes')).toEqual([]);
      const admins = await t.db.query(`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`);
      expect(admins[0].n).toBe(1);
    } finally {
      stdout.stop();
      await t?.close();
      await db.drop();
      rmSync(staticDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('first run: tries from one address', () => {
  it("count toward the address's sign-in budget: past it a 429, and the code is not even checked", async () => {
    const db = await scratchDatabase('setup_limit');
    const stdout = new Stdout().start();
    let t: TestApp | undefined;
    try {
      t = await createTestApp({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '', AUTH_IP_LIMIT_PER_MIN: '3' }, { databaseUrl: db.url });
      const code = stdout.lastCode();
      for (let i = 0; i < 3; i++)
        await t
          .http()
          .post('/api/setup')
          .send(form(otherThan(code)))
          .expect(400, /SETUP.WRONG_CODE/);
      const limited = await t.http().post('/api/setup').send(form(code)).expect(429);
      expect(limited.body.message).toBe('Too many attempts from your address. Please wait a minute and try again.');
      const [row] = await t.db.query('SELECT failures FROM setup_codes');
      expect(row.failures).toBe(3);
      const admins = await t.db.query(`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`);
      expect(admins[0].n).toBe(0);
      // GET is not counted
      await t.http().get('/api/setup').expect(200);
    } finally {
      stdout.stop();
      await t?.close();
      await db.drop();
    }
  }, 120_000);
});
