import { backfillInvoices } from '../../src/shared/database/migrations/1766275200000-invoices';
import { adminAgent, Agent, clientAgent, createTestApp, listParams, TestApp } from '../support/test-app';
import { installSqlProbe, isSessionStatement, newProbeId, PROBE_HEADER, Statement, statementsOf } from '../support/sql-probe';

/**
 * Issue 8: the SQL a list request sends does not grow with the rows it answers (no query per row).
 * Each list is asked for a page or a list of 1 row and of many rows; the statements the app sent while
 * answering (counted in-process, see sql-probe.ts; the session table's own statements set aside) must
 * be the same number.
 */
const TAG = `perf${process.pid}x${Math.random().toString(36).slice(2, 6)}`;
const tag = (list: string, phase: 'few' | 'many') => `${TAG}${list}${phase}`;
const MANY = 30;

describe('SQL statements per list request', () => {
  let t: TestApp;
  let admin: Agent;
  let fewClient: { agent: Agent; id: number };
  let manyClient: { agent: Agent; id: number };
  let owner: number;
  const q = (sql: string, params: unknown[] = []) => t.db.query(sql, params);

  /**
   * Asks twice (a once-a-minute session save can add a statement to one of them) and keeps the smaller
   * count. Nothing is kept between requests: every run builds the list.
   */
  async function count(agent: Agent, path: string, query: Record<string, string>, rows: number | ((n: number) => boolean)) {
    const runs: Statement[][] = [];
    for (let i = 0; i < 2; i++) {
      const id = newProbeId();
      const res = await agent.get(path).query(query).set(PROBE_HEADER, id);
      expect(res.status).toBe(200);
      const n = Array.isArray(res.body) ? res.body.length : -1;
      if (typeof rows === 'number') expect(n).toBe(rows);
      else expect(rows(n)).toBe(true);
      runs.push(statementsOf(id).filter((s) => !isSessionStatement(s)));
    }
    const best = runs.reduce((a, b) => (b.length < a.length ? b : a));
    return { n: best.length, sql: best.map((s) => s.text.replace(/\s+/g, ' ').slice(0, 120)) };
  }

  async function insertServices(prefix: string, n: number): Promise<number[]> {
    const rows: Array<{ id: number }> = await q(
      `INSERT INTO services (name, description, price_cents, credit_eligible, credit_cost)
       SELECT $1 || ' ' || g, 'perf', 1000 + g, g % 2 = 0, 1 + g % 3 FROM generate_series(1, $2) g RETURNING id`,
      [prefix, n],
    );
    return rows.map((r) => r.id);
  }

  /** n projects of a client, each with the given services as lines; every other one paid by card. */
  async function insertProjects(prefix: string, clientId: number, n: number, serviceIds: number[]): Promise<number[]> {
    const rows: Array<{ id: number }> = await q(
      `INSERT INTO projects (name, description, client_id, price_cents, is_paid, date)
       SELECT $1 || ' ' || g, 'perf', $2, 0, false, now() - (g || ' minutes')::interval FROM generate_series(1, $3) g RETURNING id`,
      [prefix, clientId, n],
    );
    const ids = rows.map((r) => r.id);
    await q(
      `INSERT INTO project_services (project_id, service_id, quantity, unit_price_cents)
       SELECT p, s, 1, 1000 FROM unnest($1::int[]) p CROSS JOIN unnest($2::int[]) s`,
      [ids, serviceIds],
    );
    await q(`UPDATE projects SET price_cents = 1000 * $2 WHERE id = ANY($1::int[])`, [ids, serviceIds.length]);
    await q(
      // every other project paid in full (the database then keeps it paid, decision 0038)
      `INSERT INTO payments (project_id, client_id, amount_cents, status)
       SELECT p.id, p.client_id, p.price_cents, 'completed' FROM projects p
         JOIN unnest($1::int[]) WITH ORDINALITY AS x(id, n) ON x.id = p.id WHERE x.n % 2 = 0`,
      [ids],
    );
    // One eligible service of every third project paid with credits, as a redemption records it.
    await q(
      `INSERT INTO project_service_payments (project_id, service_id, paid_with_credits, credit_amount)
       SELECT ps.project_id, ps.service_id, true, s.credit_cost FROM project_services ps JOIN services s ON s.id = ps.service_id
        WHERE ps.project_id = ANY($1::int[]) AND ps.project_id % 3 = 0 AND s.credit_eligible`,
      [ids],
    );
    // Written directly, as an import: their invoices as the Invoices migration makes them (CONTRACT §14), and the
    // projects' paid flag (the projects module's cache of billing's answer) from them.
    await backfillInvoices(t.db, false);
    await q(
      `UPDATE projects p SET is_paid = (i.status IN ('paid', 'draft') OR i.due_cents = 0) FROM invoices i
        WHERE i.project_id = p.id AND p.id = ANY($1::int[])`,
      [ids],
    );
    return ids;
  }

  async function insertClients(prefix: string, n: number, withCredits: boolean): Promise<number[]> {
    const rows: Array<{ id: number }> = await q(
      `INSERT INTO users (username, email, password_hash, role)
       SELECT $1 || ' ' || g, $1 || g || '@perf.example', 'x', 'client' FROM generate_series(1, $2) g RETURNING id`,
      [prefix, n],
    );
    const ids = rows.map((r) => r.id);
    if (withCredits) {
      await q(
        `INSERT INTO credit_transactions (user_id, amount, type, description, transaction_date)
         SELECT u, 5 + k, 'adjustment-add', 'perf', now() - (k || ' hours')::interval FROM unnest($1::int[]) u CROSS JOIN generate_series(1, 4) k`,
        [ids],
      );
      await q(`INSERT INTO user_credits (user_id, balance) SELECT u, 4 * 5 + 10 FROM unnest($1::int[]) u`, [ids]);
    }
    return ids;
  }

  const insertBundles = (prefix: string, n: number) =>
    q(
      `INSERT INTO credit_bundles (name, description, credit_amount, price_cents) SELECT $1 || ' ' || g, 'perf', g, 1000 + g FROM generate_series(1, $2) g`,
      [prefix, n],
    );

  const page = (sort: [string, 'ASC' | 'DESC'], filter: Record<string, unknown>) => listParams(sort, [0, 24], filter);

  beforeAll(async () => {
    t = await createTestApp();
    installSqlProbe(t.app.getHttpServer());
    admin = await adminAgent(t);
    fewClient = await clientAgent(t, 'perffew');
    manyClient = await clientAgent(t, 'perfmany');
    [owner] = await insertClients(`${TAG}owner`, 1, false);

    const lineServices = await insertServices(`${TAG}line`, 12);
    await insertServices(tag('srv', 'few'), 1);
    await insertServices(tag('srv', 'many'), MANY);
    await insertClients(tag('cli', 'few'), 1, false);
    await insertClients(tag('cli', 'many'), MANY, false);
    await insertProjects(tag('prj', 'few'), owner, 1, lineServices.slice(0, 3));
    await insertProjects(tag('prj', 'many'), owner, MANY, lineServices.slice(0, 3));
    // Payments: every project of these is paid (even g) or not; the payment list filters on the project name.
    const payFew = await insertProjects(tag('pay', 'few'), owner, 2, lineServices.slice(0, 1));
    const payMany = await insertProjects(tag('pay', 'many'), owner, 2 * MANY, lineServices.slice(0, 1));
    expect(payFew.length + payMany.length).toBe(2 + 2 * MANY);
    await insertBundles(tag('bnd', 'few'), 1);
    await insertBundles(tag('bnd', 'many'), MANY);
    await insertClients(tag('ccr', 'few'), 1, true);
    await insertClients(tag('ccr', 'many'), MANY, true);
    await insertProjects(`${TAG}mine`, fewClient.id, 1, lineServices.slice(0, 1));
    await insertProjects(`${TAG}mine`, manyClient.id, 50, lineServices.slice(0, 3));
  });

  afterAll(async () => {
    await t?.close();
  });

  const lists: Array<[string, string, (phase: 'few' | 'many') => Record<string, string>]> = [
    ['projects (search)', '/api/projects', (p) => page(['date', 'DESC'], { q: tag('prj', p) })],
    ['clients (search)', '/api/clients', (p) => page(['id', 'ASC'], { q: tag('cli', p) })],
    ['services (search)', '/api/services', (p) => page(['name', 'ASC'], { q: tag('srv', p) })],
    ['payments (search)', '/api/payments', (p) => page(['paymentDate', 'DESC'], { q: tag('pay', p) })],
    ['credit bundles (search)', '/api/credit-bundles/admin', (p) => page(['price', 'ASC'], { q: tag('bnd', p) })],
    ['client credits (search)', '/api/clients-with-credits', (p) => ({ q: tag('ccr', p), range: JSON.stringify([0, 24]) })],
  ];

  it('a signed-in request reads its session and its account in one statement, an unfiltered projects page in one more, every time', async () => {
    const all = async (path: string, query: Record<string, string> = {}) => {
      const counts: string[][] = [];
      for (let i = 0; i < 2; i++) {
        const id = newProbeId();
        await admin.get(path).query(query).set(PROBE_HEADER, id).expect(200);
        counts.push(statementsOf(id).map((s) => s.text.replace(/\s+/g, ' ').slice(0, 80)));
      }
      return counts.reduce((a, b) => (b.length < a.length ? b : a));
    };
    const user = await all('/api/user');
    expect(user).toHaveLength(1);
    expect(user[0]).toMatch(/^SELECT s.sess, u.id AS user_id/);
    // The session statement and the page's, and the same again: nothing is answered from memory.
    for (let i = 0; i < 2; i++) {
      const projects = await all('/api/projects', page(['date', 'DESC'], {}));
      expect(projects).toHaveLength(2);
      expect(projects[0]).toMatch(/^SELECT s.sess, u.id AS user_id/);
    }
  });

  it.each(lists)('admin %s: a page of 1 row and of 25 rows send the same statements', async (_name, path, query) => {
    const few = await count(admin, path, query('few'), 1);
    const many = await count(admin, path, query('many'), 25);
    expect(few.n).toBeGreaterThan(0);
    expect(many.sql).toHaveLength(few.n);
  });

  it('admin client credits: a page (1 or 25 clients with their transactions) and the whole list are one statement each', async () => {
    const few = await count(admin, '/api/clients-with-credits', { q: tag('ccr', 'few'), range: JSON.stringify([0, 24]) }, 1);
    const many = await count(admin, '/api/clients-with-credits', { q: tag('ccr', 'many'), range: JSON.stringify([0, 24]) }, 25);
    const searched = await count(admin, '/api/clients-with-credits', { q: tag('ccr', 'many') }, MANY);
    const whole = await count(admin, '/api/clients-with-credits', {}, (n) => n >= 2 * MANY);
    for (const c of [few, many, searched, whole]) expect(c.n).toBe(1);
  });

  it('admin projects of one client: 1 project and a page of 25 send the same statements', async () => {
    const few = await count(admin, '/api/projects', page(['date', 'DESC'], { clientId: fewClient.id }), 1);
    const many = await count(admin, '/api/projects', page(['date', 'DESC'], { clientId: manyClient.id }), 25);
    expect(many.sql).toHaveLength(few.n);
  });

  it("the client's My Projects: 1 project and 50 projects send the same statements", async () => {
    const few = await count(fewClient.agent, `/api/projects/client/${fewClient.id}`, {}, 1);
    const many = await count(manyClient.agent, `/api/projects/client/${manyClient.id}`, {}, 50);
    expect(few.n).toBeGreaterThan(0);
    expect(many.sql).toHaveLength(few.n);
  });

  it('project services with credits: 1 service and 12 services send the same statements', async () => {
    const lineServices: Array<{ id: number }> = await q(`SELECT id FROM services WHERE name LIKE $1 ORDER BY id`, [`${TAG}line %`]);
    const [one] = await insertProjects(`${TAG}svc1`, manyClient.id, 1, [lineServices[0].id]);
    const [twelve] = await insertProjects(
      `${TAG}svc12`,
      manyClient.id,
      1,
      lineServices.map((s) => s.id),
    );
    const few = await count(manyClient.agent, `/api/project-services-with-credits/${one}`, {}, 1);
    const many = await count(manyClient.agent, `/api/project-services-with-credits/${twelve}`, {}, 12);
    expect(few.n).toBeGreaterThan(0);
    expect(many.sql).toHaveLength(few.n);
  });

  it('lists without parameters (Bundles page, Client Credits page): 30 more rows send the same statements', async () => {
    const bundlesBefore = await count(admin, '/api/credit-bundles/admin', {}, (n) => n >= MANY + 1);
    const creditsBefore = await count(admin, '/api/clients-with-credits', {}, (n) => n >= 1);
    const creditRowsBefore = (await admin.get('/api/clients-with-credits')).body.length as number;
    const bundleRowsBefore = (await admin.get('/api/credit-bundles/admin')).body.length as number;
    await insertBundles(`${TAG}later`, MANY);
    await insertClients(`${TAG}credited`, MANY, true);
    const bundlesAfter = await count(admin, '/api/credit-bundles/admin', {}, bundleRowsBefore + MANY);
    const creditsAfter = await count(admin, '/api/clients-with-credits', {}, creditRowsBefore + MANY);
    const credited = (await admin.get('/api/clients-with-credits')).body.filter((c: { username: string }) =>
      c.username.startsWith(`${TAG}credited`),
    );
    expect(credited).toHaveLength(MANY);
    expect(
      credited.every((c: { transactions: unknown[]; creditBalance: number }) => c.transactions.length === 4 && c.creditBalance === 30),
    ).toBe(true);
    expect(bundlesBefore.n).toBeGreaterThan(0);
    expect(bundlesAfter.sql).toHaveLength(bundlesBefore.n);
    expect(creditsAfter.sql).toHaveLength(creditsBefore.n);
  });
});
