import { Client } from 'pg';
import { createTestApp, newClient, sessionIdOf, TestApp } from '../support/test-app';

/**
 * Issue 14 §3: a request that was running while its session was deleted (sign out, 'Sign out
 * everywhere', a password reset) never writes that session back. The request is held at its save: a
 * second connection locks the session row, the request's save waits on the lock, the row is deleted
 * in the locking transaction (the statement 'Sign out everywhere' and a password reset run) and
 * committed; the save then finds no row. An upsert would have put the session back, signed in.
 */
describe('a session deleted while one of its requests runs', () => {
  let t: TestApp;
  let locker: Client;
  beforeAll(async () => {
    t = await createTestApp();
    locker = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await locker.connect();
  });
  afterAll(async () => {
    await locker.end();
    await t.close();
  });

  /** Signs a new client in and makes its next request save the session (its last use over a minute ago). */
  async function signedInWithSaveDue() {
    const c = newClient('race');
    const agent = t.agent();
    const res = await agent.post('/api/register').send(c).expect(201);
    const sid = sessionIdOf(res.headers['set-cookie'] as unknown as string[])!;
    await t.db.query(`UPDATE session SET sess = jsonb_set(sess::jsonb, '{clock,lastSeenAt}', to_jsonb($2::bigint))::json WHERE sid = $1`, [
      sid,
      Date.now() - 2 * 60_000,
    ]);
    return { agent, sid, id: res.body.id as number };
  }

  /** Waits until a statement of the app that writes the session row waits for a lock. */
  async function saveIsWaiting(): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const [{ n }]: Array<{ n: number }> = await t.db.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%session%' AND datname = current_database()`,
      );
      if (n > 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the request never reached its session save');
  }

  /** Locks the session's row in an open transaction of `locker`, sends GET /api/user, and waits until its save waits on the lock. */
  async function requestHeldAtSave(agent: ReturnType<TestApp['agent']>, sid: string) {
    await locker.query('BEGIN');
    await locker.query('SELECT 1 FROM session WHERE sid = $1 FOR UPDATE', [sid]);
    const response = agent.get('/api/user').then((r) => r);
    await saveIsWaiting();
    return { response }; // not the promise itself: awaiting this function must not wait for the answer
  }

  it('is not written back by the request: the session stays ended', async () => {
    const { agent, sid, id } = await signedInWithSaveDue();
    const { response: running } = await requestHeldAtSave(agent, sid);
    // What 'Sign out everywhere' and a password reset run (PgSessionRegistry.endSessionsOf).
    await locker.query(`DELETE FROM session WHERE (sess -> 'passport' ->> 'user') = $1`, [String(id)]);
    await locker.query('COMMIT');
    const res = await running;
    expect(res.status).toBe(200); // it was signed in when it began
    expect(await t.db.query('SELECT sid FROM session WHERE sid = $1', [sid])).toHaveLength(0);
    await agent.get('/api/user').expect(401);
  });

  it('can fail: without the deletion the same request saves its session (the save was really held)', async () => {
    const { agent, sid } = await signedInWithSaveDue();
    const { response: running } = await requestHeldAtSave(agent, sid);
    await locker.query('COMMIT');
    expect((await running).status).toBe(200);
    const [row] = await t.db.query(`SELECT (sess -> 'clock' ->> 'lastSeenAt')::bigint AS seen FROM session WHERE sid = $1`, [sid]);
    expect(Number(row.seen)).toBeGreaterThan(Date.now() - 60_000);
    await agent.get('/api/user').expect(200);
  });

  it('a sign-out racing another request of the same session leaves it signed out', async () => {
    const { agent, sid } = await signedInWithSaveDue();
    const { response: running } = await requestHeldAtSave(agent, sid);
    // The sign-out waits on the same lock, behind the running request's save.
    const signOut = agent.post('/api/logout').then((r) => r);
    await locker.query('COMMIT');
    expect((await running).status).toBe(200);
    expect((await signOut).status).toBe(204);
    expect(await t.db.query('SELECT sid FROM session WHERE sid = $1', [sid])).toHaveLength(0);
    await agent.get('/api/user').expect(401);
  });
});
