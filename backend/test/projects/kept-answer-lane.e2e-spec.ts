import type { Server } from 'node:http';
import type { Response } from 'supertest';
import { KeptAnswerLane } from '../../src/shared/http/kept-answer-lane';
import { adminAgent, Agent, clientAgent, createTestApp, listParams, sessionIdOf, TestApp } from '../support/test-app';

/**
 * The kept-answer lane (decision 0017): a kept Projects page or My Projects goes out before Express,
 * Nest and the session middleware. It must answer exactly what the full stack answers, and only to
 * whom the full stack would: everything it does not serve goes on, untouched, to the full stack.
 */
describe('the kept-answer lane', () => {
  let t: TestApp;
  let lane: KeptAnswerLane;
  let admin: Agent;
  let owner: Awaited<ReturnType<typeof clientAgent>>;
  let other: Awaited<ReturnType<typeof clientAgent>>;
  const tag = `lane${process.pid}x${Math.random().toString(36).slice(2, 6)}`;
  const page = listParams(['date', 'DESC'], [0, 24], {});

  beforeAll(async () => {
    t = await createTestApp();
    lane = KeptAnswerLane.of(t.app.getHttpServer() as Server)!;
    admin = await adminAgent(t);
    owner = await clientAgent(t, 'lane');
    other = await clientAgent(t, 'lane');
    const service = await admin.post('/api/services').send({ name: `${tag} Aerial`, price: 150 }).expect(201);
    for (let i = 0; i < 30; i++) {
      await admin
        .post('/api/projects')
        .send({ name: `${tag} House ${i} with a long enough description`, description: 'x'.repeat(40), clientId: i % 2 ? owner.id : other.id, price: 100 + i, selectedServices: [{ serviceId: service.body.id, quantity: 1 }] })
        .expect(201);
    }
  });
  afterAll(() => t.close());

  /** A signed-in client with one project (an empty My Projects is read every time: nothing is kept for it). */
  async function clientWithProject(prefix: string) {
    const client = await clientAgent(t, prefix);
    await admin.post('/api/projects').send({ name: `${tag} ${prefix}`, clientId: client.id, price: 50 }).expect(201);
    return client;
  }

  /** How many answers the lane gave during `run`. */
  async function servedDuring(run: () => Promise<unknown>): Promise<number> {
    const before = lane.served;
    await run();
    return lane.served - before;
  }

  /** An answer's headers, without the two that differ from one answer to the next. */
  const headersOf = (res: Response) => {
    const { date: _date, 'x-request-id': _id, ...rest } = res.headers as Record<string, string>;
    return rest;
  };

  it('is installed in front of the app, and serves nothing that is not kept', async () => {
    expect(lane).toBeInstanceOf(KeptAnswerLane);
    // A page asked for the first time is built by the full stack (and kept by it).
    const fresh = listParams(['name', 'ASC'], [0, 9], { q: tag });
    expect(await servedDuring(() => admin.get('/api/projects').query(fresh).expect(200))).toBe(0);
    expect(await servedDuring(() => admin.get('/api/projects').query(fresh).expect(200))).toBe(1);
  });

  it('answers what the full stack answered: the same status, headers and body, gzipped or not', async () => {
    for (const encoding of ['gzip, deflate, br', 'identity']) {
      // A change moves the list version: the full stack reads the page again (and keeps it), then the lane answers it.
      await t.db.query(`UPDATE projects SET description = description WHERE name LIKE $1`, [`${tag}%`]);
      let full!: Response;
      expect(
        await servedDuring(async () => {
          full = await admin.get('/api/projects').query(page).set('Accept-Encoding', encoding).set('X-Request-Id', 'full-1').expect(200);
        }),
      ).toBe(0);
      let laneAnswer!: Response;
      expect(
        await servedDuring(async () => {
          laneAnswer = await admin.get('/api/projects').query(page).set('Accept-Encoding', encoding).set('X-Request-Id', 'lane-1').expect(200);
        }),
      ).toBe(1);
      expect(laneAnswer.body).toEqual(full.body);
      expect(laneAnswer.body).toHaveLength(25);
      expect(headersOf(laneAnswer)).toEqual(headersOf(full));
      expect(laneAnswer.headers['x-request-id']).toBe('lane-1');
      expect(laneAnswer.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : 'gzip');
    }
  });

  it('answers 304 to a browser that has the kept answer, as the full stack does', async () => {
    const first = await admin.get('/api/projects').query(page).expect(200);
    let notModified!: Response;
    expect(
      await servedDuring(async () => {
        notModified = await admin.get('/api/projects').query(page).set('If-None-Match', first.headers.etag).expect(304);
      }),
    ).toBe(1);
    expect(notModified.headers.etag).toBe(first.headers.etag);
    expect(notModified.headers['content-type']).toBeUndefined();
    expect(notModified.text ?? '').toBe('');
    // A different ETag gets the whole answer.
    await admin.get('/api/projects').query(page).set('If-None-Match', 'W/"other"').expect(200);
  });

  it("gives a client their own My Projects, and an admin the client's, each under their own key", async () => {
    const own = await owner.agent.get(`/api/projects/client/${owner.id}`).expect(200);
    expect(await servedDuring(() => owner.agent.get(`/api/projects/client/${owner.id}`).expect(200))).toBe(1);
    expect(own.body).toHaveLength(15);
    const asAdmin = await admin.get(`/api/projects/client/${owner.id}`).expect(200);
    expect(await servedDuring(() => admin.get(`/api/projects/client/${owner.id}`).expect(200))).toBe(1);
    expect(asAdmin.body.map((p: { id: number }) => p.id)).toEqual(own.body.map((p: { id: number }) => p.id));
  });

  it("never gives a kept answer to whom the full stack refuses: another client, a client on the admin's page, no session", async () => {
    await admin.get('/api/projects').query(page).expect(200);
    await owner.agent.get(`/api/projects/client/${owner.id}`).expect(200);
    const refused = await servedDuring(async () => {
      // Another client asking for the owner's list (kept for the owner): 404, as if it did not exist.
      await other.agent.get(`/api/projects/client/${owner.id}`).expect(404);
      // A client on the admin's Projects page (kept for the admin): 403.
      await owner.agent.get('/api/projects').query(page).expect(403);
      // No cookie, an unsigned cookie, a cookie with a forged signature: not signed in.
      await t.http().get('/api/projects').query(page).expect(401);
      await t.http().get(`/api/projects/client/${owner.id}`).expect(401);
    });
    expect(refused).toBe(0);
  });

  it('refuses a forged or unsigned session cookie (the full stack answers 401)', async () => {
    const login = await t.agent().post('/api/login').send({ email: 'owner@studio.test', password: 'OwnerPass1!' }).expect(200);
    const setCookie = (login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('portal.sid='))!;
    const cookie = setCookie.split(';')[0];
    const sid = sessionIdOf(setCookie)!;
    await t.http().get('/api/projects').query(page).set('Cookie', cookie).expect(200);
    expect(await servedDuring(() => t.http().get('/api/projects').query(page).set('Cookie', cookie).expect(200))).toBe(1);
    const value = decodeURIComponent(cookie.slice('portal.sid='.length));
    const forged = value.slice(0, -2) + (value.endsWith('AA') ? 'BB' : 'AA');
    const refused = await servedDuring(async () => {
      await t.http().get('/api/projects').query(page).set('Cookie', `portal.sid=${encodeURIComponent(forged)}`).expect(401);
      await t.http().get('/api/projects').query(page).set('Cookie', `portal.sid=${sid}`).expect(401);
      await t.http().get('/api/projects').query(page).set('Cookie', `portal.sid=${encodeURIComponent(`s:${sid}`)}`).expect(401);
    });
    expect(refused).toBe(0);
  });

  it('stops at once for a session that signed out, an account deleted, a session past its idle limit', async () => {
    const client = await clientWithProject('lanegone');
    const mine = () => client.agent.get(`/api/projects/client/${client.id}`);
    await mine().expect(200);
    expect(await servedDuring(() => mine().expect(200))).toBe(1);

    // Past the idle limit (its last use moved 31 days back): the full stack ends it (401, X-Session-Ended).
    const [row] = await t.db.query(`SELECT sid FROM session WHERE sess #>> '{passport,user}' = $1`, [String(client.id)]);
    await t.db.query(`UPDATE session SET sess = jsonb_set(sess::jsonb, '{clock,lastSeenAt}', to_jsonb($2::bigint))::json WHERE sid = $1`, [row.sid, Date.now() - 31 * 86_400_000]);
    let ended!: Response;
    expect(await servedDuring(async () => (ended = await mine().expect(401)))).toBe(0);
    expect(ended.headers['x-session-ended']).toMatch(/timeout/);

    // Signed out (on another device holding the same session): 401.
    const again = await clientWithProject('lanegone');
    const theirs = () => again.agent.get(`/api/projects/client/${again.id}`);
    await theirs().expect(200);
    expect(await servedDuring(() => theirs().expect(200))).toBe(1);
    await t.db.query(`DELETE FROM session WHERE sess #>> '{passport,user}' = $1`, [String(again.id)]);
    expect(await servedDuring(() => theirs().expect(401))).toBe(0);

    // An account deleted (by SQL, as another instance would): its sessions are signed out at once.
    const third = await clientWithProject('lanegone');
    const list3 = () => third.agent.get(`/api/projects/client/${third.id}`);
    await list3().expect(200);
    expect(await servedDuring(() => list3().expect(200))).toBe(1);
    await t.db.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [third.id]);
    expect(await servedDuring(() => list3().expect(401))).toBe(0);
  });

  it('leaves a session whose use is due to be recorded to the full stack, which records it', async () => {
    const client = await clientWithProject('laneseen');
    const mine = () => client.agent.get(`/api/projects/client/${client.id}`);
    await mine().expect(200);
    const [row] = await t.db.query(`SELECT sid FROM session WHERE sess #>> '{passport,user}' = $1`, [String(client.id)]);
    const twoMinutesAgo = Date.now() - 2 * 60_000;
    await t.db.query(`UPDATE session SET sess = jsonb_set(sess::jsonb, '{clock,lastSeenAt}', to_jsonb($2::bigint))::json WHERE sid = $1`, [row.sid, twoMinutesAgo]);
    expect(await servedDuring(() => mine().expect(200))).toBe(0);
    const [after] = await t.db.query(`SELECT (sess #>> '{clock,lastSeenAt}')::bigint AS seen FROM session WHERE sid = $1`, [row.sid]);
    expect(Number(after.seen)).toBeGreaterThan(twoMinutesAgo + 60_000);
    // Recorded: the lane serves it again.
    expect(await servedDuring(() => mine().expect(200))).toBe(1);
  });

  it('serves the list as it is now after a change, and refuses what the route refuses', async () => {
    const before = await admin.get('/api/projects').query(page).expect(200);
    await admin.post('/api/projects').send({ name: `${tag} Newest`, clientId: owner.id, price: 10 }).expect(201);
    // The list version moved: the full stack reads the list again, then the lane gives the new answer.
    let after!: Response;
    expect(await servedDuring(async () => (after = await admin.get('/api/projects').query(page).expect(200)))).toBe(0);
    expect(after.body[0].name).toBe(`${tag} Newest`);
    expect(after.headers['content-range']).not.toBe(before.headers['content-range']);
    expect(await servedDuring(() => admin.get('/api/projects').query(page).expect(200))).toBe(1);

    const refused = await servedDuring(async () => {
      await admin.get('/api/projects').query(listParams(['password', 'ASC'], [0, 24], {})).expect(400);
      await admin.get('/api/projects').query({ ...page, range: '[0' }).expect(400);
      await admin.get('/api/projects/client/0').expect(400);
      await admin.get('/api/projects/client/99999999999').expect(400);
      // Other methods and addresses are the full stack's.
      await admin.head('/api/projects').query(page).expect(200);
      await admin.get(`/api/projects/client/0${owner.id}`).expect(200);
    });
    expect(refused).toBe(0);
  });
});
