import { UserRepository } from '../../src/modules/clients';
import { ProjectQueries } from '../../src/modules/projects/infrastructure/persistence/project.queries';
import { adminAgent, Agent, clientAgent, createTestApp, listParams, TestApp } from '../support/test-app';

/**
 * The kept project lists (decision 0016): an instance answers the Projects page and My Projects from
 * what it built before only while nothing those lists show has changed. After every kind of change,
 * made through the API or straight in SQL (as another instance or a maintenance session would), the
 * answers must equal the lists read afresh from the database.
 */
describe('kept project lists are never stale', () => {
  let t: TestApp;
  let admin: Agent;
  let owner: Awaited<ReturnType<typeof clientAgent>>;
  let queries: ProjectQueries;
  let services: number[];
  const tag = `lc${process.pid}x${Math.random().toString(36).slice(2, 6)}`;
  const q = (sql: string, params: unknown[] = []) => t.db.query(sql, params);
  const version = async () => (await q(`SELECT n FROM row_counts WHERE name = 'list_version'`))[0].n as string;

  beforeAll(async () => {
    t = await createTestApp();
    queries = t.app.get(ProjectQueries);
    admin = await adminAgent(t);
    owner = await clientAgent(t, 'listcache');
    services = [];
    for (const [name, creditCost] of [
      ['Aerial', 2],
      ['Twilight', 1],
      ['Floor plan', 3],
    ] as const) {
      const res = await admin.post('/api/services').send({ name: `${tag} ${name}`, price: 100 + creditCost, creditEligible: true, creditCost }).expect(201);
      services.push(res.body.id);
    }
    for (let i = 0; i < 3; i++) await createProject(`Start ${i}`);
  });
  afterAll(() => t.close());

  function createProject(name: string) {
    return admin
      .post('/api/projects')
      .send({ name: `${tag} ${name}`, clientId: owner.id, price: 0, downloadLink: 'https://files.example.com/set.zip', selectedServices: [{ serviceId: services[0], quantity: 1 }, { serviceId: services[1], quantity: 2 }] })
      .expect(201)
      .then((res) => res.body.id as number);
  }

  const adminPage = listParams(['date', 'DESC'], [0, 24], {});
  const ownPage = () => listParams(['name', 'ASC'], [0, 24], { clientId: owner.id });

  /** What the database says now, read without any kept answer. */
  async function fresh() {
    const users = t.app.get(UserRepository);
    const adminUser = (await users.findById((await admin.get('/api/user').expect(200)).body.id))!;
    const ownerUser = (await users.findById(owner.id))!;
    const listQuery = { paged: true, sortField: 'name' as const, sortOrder: 'ASC' as const, offset: 0, limit: 25, filter: { clientId: owner.id } };
    const page = await queries.list(listQuery, adminUser);
    const mine = await queries.ofClient(owner.id, ownerUser);
    return { page: JSON.parse(JSON.stringify(page.rows)), total: page.total, mine: JSON.parse(JSON.stringify(mine.rows)) };
  }

  /** What the app answers (asked twice, so the second is answered from what the first kept). */
  async function answered() {
    let last: { page: unknown; range: string; mine: unknown } | undefined;
    for (let i = 0; i < 2; i++) {
      const page = await admin.get('/api/projects').query(ownPage()).expect(200);
      const mine = await owner.agent.get(`/api/projects/client/${owner.id}`).expect(200);
      await admin.get('/api/projects').query(adminPage).expect(200);
      last = { page: page.body, range: page.headers['content-range'], mine: mine.body };
    }
    return last!;
  }

  async function expectCurrent(step: string) {
    const now = await answered();
    const truth = await fresh();
    expect({ step, page: now.page, mine: now.mine }).toEqual({ step, page: truth.page, mine: truth.mine });
    expect(now.range).toMatch(new RegExp(`/${truth.total}$`));
  }

  it('answers what the database holds after every kind of change, through the API or in SQL', async () => {
    const [first] = (await q(`SELECT id FROM projects WHERE client_id = $1 ORDER BY id LIMIT 1`, [owner.id])).map((r: { id: number }) => r.id);
    const steps: Array<[string, () => Promise<unknown>]> = [
      ['a new project (API)', () => createProject('Added')],
      ['a project edited (API)', () => admin.put(`/api/projects/${first}`).send({ name: `${tag} Renamed`, clientId: owner.id, price: 0, selectedServices: [{ serviceId: services[2], quantity: 1 }] }).expect(200)],
      ['a service line added (API)', () => admin.post(`/api/projects/${first}/add-service`).send({ serviceId: services[0], quantity: 3 }).expect(200)],
      ['a service renamed (SQL)', () => q(`UPDATE services SET name = name || ' II' WHERE id = $1`, [services[0]])],
      ['a service credit cost changed (SQL)', () => q(`UPDATE services SET credit_cost = credit_cost + 1 WHERE id = $1`, [services[1]])],
      ['a completed payment (SQL)', () => q(`INSERT INTO payments (project_id, client_id, amount_cents, status) VALUES ($1, $2, 5000, 'completed')`, [first, owner.id])],
      ['a payment failing afterwards (SQL)', () => q(`UPDATE payments SET status = 'failed' WHERE project_id = $1`, [first])],
      ['a service paid with credits (SQL)', () => q(`INSERT INTO project_service_payments (project_id, service_id, paid_with_credits, credit_amount) VALUES ($1, $2, true, 3)`, [first, services[2]])],
      ['the client renamed (SQL)', () => q(`UPDATE users SET username = username || 'R' WHERE id = $1`, [owner.id])],
      ['a project marked paid (API)', () => admin.patch(`/api/projects/${first}/mark-paid`).send({ note: 'cash' }).expect(200)],
      ['a project moved in time (SQL)', () => q(`UPDATE projects SET date = date - interval '400 days' WHERE id = $1`, [first])],
      ['a line removed (SQL)', () => q(`DELETE FROM project_services WHERE project_id = $1 AND service_id = $2`, [first, services[0]])],
      ['a project deleted (API)', () => admin.delete(`/api/projects/${first}`).expect(204)],
    ];
    await expectCurrent('at the start');
    for (const [step, change] of steps) {
      const before = await version();
      await change();
      expect({ step, moved: BigInt(await version()) > BigInt(before) }).toEqual({ step, moved: true });
      await expectCurrent(step);
    }
  });

  it('moves the version once per transaction, at its commit, and not for one rolled back', async () => {
    const runner = t.db.createQueryRunner();
    await runner.connect();
    try {
      const before = await version();
      await runner.startTransaction();
      await runner.query(`UPDATE services SET name = name || ' T' WHERE id = $1`, [services[2]]);
      await runner.query(`UPDATE projects SET photo_count = photo_count + 1 WHERE client_id = $1`, [owner.id]);
      await runner.query(`UPDATE services SET name = name || 'T' WHERE id = $1`, [services[2]]);
      // Not yet committed: other sessions still read the old version (and the old lists).
      expect(await version()).toBe(before);
      await runner.commitTransaction();
      expect(BigInt(await version())).toBe(BigInt(before) + 1n);

      await runner.startTransaction();
      await runner.query(`UPDATE projects SET photo_count = photo_count + 1 WHERE client_id = $1`, [owner.id]);
      await runner.rollbackTransaction();
      expect(BigInt(await version())).toBe(BigInt(before) + 1n);
    } finally {
      await runner.release();
    }
    await expectCurrent('after a transaction of several changes');
  });

  it('keeps the version when an account changes what no list shows (a sign-in, a password)', async () => {
    const before = await version();
    await q(`UPDATE users SET password_hash = password_hash WHERE id = $1`, [owner.id]);
    await owner.agent.post('/api/logout').expect((res) => expect(res.status).toBeLessThan(300));
    await owner.agent.post('/api/login').send({ email: owner.email, password: 'secret123' }).expect(200);
    expect(await version()).toBe(before);
  });

  it('answers a page asked again with the same ETag, and 304 when the browser has it', async () => {
    const one = await admin.get('/api/projects').query(adminPage).expect(200);
    const two = await admin.get('/api/projects').query(adminPage).expect(200);
    expect(two.headers.etag).toBe(one.headers.etag);
    expect(two.headers['content-type']).toMatch(/^application\/json/);
    await admin.get('/api/projects').query(adminPage).set('If-None-Match', one.headers.etag).expect(304);
  });

  it('sends a kept answer gzipped (made once) to a client that accepts gzip, and as it is to one that does not', async () => {
    const plain = await admin.get('/api/projects').query(adminPage).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await admin.get('/api/projects').query(adminPage).set('Accept-Encoding', 'gzip, deflate, br').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(zipped.headers['content-length'])).toBeLessThan(Number(plain.headers['content-length']));
    expect(zipped.body).toEqual(plain.body);
    expect(zipped.headers.etag).toBe(plain.headers.etag);
  });

  it('gives a client only their own list, whatever another viewer had kept for it', async () => {
    const stranger = await clientAgent(t, 'listcachex');
    await admin.get(`/api/projects/client/${owner.id}`).expect(200);
    await owner.agent.get(`/api/projects/client/${owner.id}`).expect(200);
    await stranger.agent.get(`/api/projects/client/${owner.id}`).expect(404);
    const asAdmin = await admin.get(`/api/projects/client/${owner.id}`).expect(200);
    const asOwner = await owner.agent.get(`/api/projects/client/${owner.id}`).expect(200);
    // The admin sees download links of unpaid projects, the client does not: two different kept answers.
    type Listed = { id: number; isPaid: boolean; downloadLink: string | null };
    expect(asAdmin.body.map((p: Listed) => p.id)).toEqual(asOwner.body.map((p: Listed) => p.id));
    const unpaid = asOwner.body.filter((p: Listed) => !p.isPaid);
    expect(unpaid.length).toBeGreaterThan(0);
    expect(unpaid.every((p: Listed) => p.downloadLink === null)).toBe(true);
    expect(asAdmin.body.filter((p: Listed) => !p.isPaid).every((p: Listed) => p.downloadLink !== null)).toBe(true);
  });
});
