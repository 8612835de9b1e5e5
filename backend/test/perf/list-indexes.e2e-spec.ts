import { Client } from 'pg';
import { openDataSource } from '../../src/shared/database/migrate';
import { typeormOptions } from '../../src/shared/database/typeorm-options';
import { seedDataset } from '../support/dataset';
import { scratchDatabase, ScratchDatabase } from '../support/processes';
import { installSqlProbe, isSessionStatement, newProbeId, PROBE_HEADER, Statement, statementsOf } from '../support/sql-probe';
import { adminAgent, Agent, clientAgent, createTestApp, listParams, TestApp } from '../support/test-app';

/**
 * Issue 8: every filter and sort the back office and the portal use is served by an index. The app
 * answers each page's request (in-process, on the run's database) and the exact statements it sent
 * are then run with EXPLAIN ANALYZE on a database of their own seeded with half the benchmark's data
 * (10,000 projects, 30,000 service lines, 7,500 payments, 20,000 credit transactions), with
 * sequential scans priced out (`enable_seqscan = off`) so that the plan shows whether an index can serve
 * the WHERE: it fails on a Seq Scan of a big table or a scan that throws away more than 500 rows by a
 * filter. The ORDER BY of a paged statement is checked with sorts priced out too (`enable_sort = off`):
 * a Sort, or an Incremental Sort of big groups, over more than 500 rows means no index gives that order.
 */
const BIG = new Set([
  'projects',
  'project_services',
  'payments',
  'users',
  'credit_transactions',
  'project_service_payments',
  'user_credits',
  'invoices',
  'invoice_installments',
  'invoice_lines',
  'invoice_postings',
]);
const LIMIT = 500;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Join Filter'?: number;
  'Full-sort Groups'?: { 'Sort Space Memory'?: { 'Peak Sort Space Used': number } };
  'Pre-sorted Groups'?: { 'Sort Space Memory'?: { 'Peak Sort Space Used': number } };
  Plans?: PlanNode[];
}

/** What the plan says about the WHERE: a big table read without an index, or rows an index did not rule out. */
function filterViolations(root: PlanNode): string[] {
  const out: string[] = [];
  const walk = (n: PlanNode) => {
    const rel = n['Relation Name'];
    if (n['Node Type'] === 'Seq Scan' && rel && BIG.has(rel)) out.push(`Seq Scan on ${rel}`);
    const removed = ((n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Join Filter'] ?? 0)) * (n['Actual Loops'] ?? 1);
    // A scan's filter, or a join's filter over the joined rows (an OR across tables lands there).
    if (removed > LIMIT)
      out.push(
        `${n['Node Type']}${rel ? ` on ${rel}` : ''}${n['Index Name'] ? ` using ${n['Index Name']}` : ''} filtered out ${removed} rows`,
      );
    (n.Plans ?? []).forEach(walk);
  };
  walk(root);
  return out;
}

/**
 * An incremental sort puts in order the rows of each group of equal leading keys, which come in order:
 * it is index-served when those groups are small (the projects of one client name, by id). It sorts
 * them in batches of at least 32 rows; the memory of its largest batch tells whether a group was big.
 */
const SMALL_BATCH_KB = 64;
const peakKb = (n: PlanNode) =>
  Math.max(
    n['Full-sort Groups']?.['Sort Space Memory']?.['Peak Sort Space Used'] ?? 0,
    n['Pre-sorted Groups']?.['Sort Space Memory']?.['Peak Sort Space Used'] ?? 0,
  );

/** What the plan says about the ORDER BY of a page: a sort (or an incremental sort of big groups) over many rows. */
function orderViolations(root: PlanNode): string[] {
  const out: string[] = [];
  const walk = (n: PlanNode) => {
    if (n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort') {
      const input = (n.Plans ?? []).reduce((sum, c) => sum + (c['Actual Rows'] ?? 0) * (c['Actual Loops'] ?? 1), 0);
      const smallGroups = n['Node Type'] === 'Incremental Sort' && peakKb(n) <= SMALL_BATCH_KB;
      if (input > LIMIT && !smallGroups)
        out.push(`${n['Node Type']} over ${input} rows${n['Node Type'] === 'Incremental Sort' ? ` (batches up to ${peakKb(n)} kB)` : ''}`);
    }
    (n.Plans ?? []).forEach(walk);
  };
  walk(root);
  return out;
}

describe('indexes behind every list filter and sort (EXPLAIN)', () => {
  let t: TestApp;
  let admin: Agent;
  let client: { agent: Agent; id: number };
  let projectId: number;
  let scratch: ScratchDatabase;
  let pg: Client;

  beforeAll(async () => {
    scratch = await scratchDatabase('perfidx');
    await (await openDataSource(typeormOptions(scratch.url, []))).destroy(); // runs the migrations
    pg = new Client({ connectionString: scratch.url });
    await pg.connect();
    const seeded = await seedDataset(pg, { scale: 0.5, redemptionPool: 1000, installments: 3 });
    expect(seeded.counts.projects).toBe(10_000);
    expect(seeded.invoices.total).toBe(10_000);
    expect(seeded.invoices.overdue).toBeGreaterThan(LIMIT); // enough overdue invoices that a sort of them would show
    // A studio has a few thousand clients: too few for the planner to prefer an index on users (the
    // trigram index of the search costs more than reading 2,000 rows). With 100,000 more accounts (no
    // projects), it does wherever one can serve.
    await pg.query(
      `INSERT INTO users (username, email, password_hash, role) SELECT 'Lead ' || g, 'lead' || g || '@example.com', 'x', 'client' FROM generate_series(1, 100000) g`,
    );
    await pg.query('ANALYZE users');

    t = await createTestApp();
    installSqlProbe(t.app.getHttpServer());
    admin = await adminAgent(t);
    client = await clientAgent(t, 'perfidx');
    const rows: Array<{ id: number }> = await t.db.query(
      `INSERT INTO projects (name, description, client_id, price_cents) VALUES ('Index check', '', $1, 1000) RETURNING id`,
      [client.id],
    );
    projectId = rows[0].id;
  }, 240_000); // seeding alone takes ~13 s on a quiet 2-core machine; CI runs three API workers beside it (it once took over 60 s)

  afterAll(async () => {
    await t?.close();
    await pg?.end();
    await scratch?.drop();
  });

  /** The statements the app sends for one request, each with its plan's violations on the big database. */
  async function check(agent: Agent, path: string, query: Record<string, string> = {}): Promise<string[]> {
    const id = newProbeId();
    const res = await agent.get(path).query(query).set(PROBE_HEADER, id);
    expect(res.status).toBe(200);
    const statements = statementsOf(id).filter((s: Statement) => !isSessionStatement(s));
    expect(statements.length).toBeGreaterThan(0);
    const found: string[] = [];
    const explain = async (settings: string[], s: Statement): Promise<PlanNode> => {
      await pg.query('BEGIN');
      try {
        for (const setting of settings) await pg.query(`SET LOCAL ${setting}`);
        return (await pg.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${s.text}`, s.values)).rows[0]['QUERY PLAN'][0].Plan as PlanNode;
      } finally {
        await pg.query('ROLLBACK');
      }
    };
    for (const s of statements) {
      const where = `in: ${s.text.replace(/\s+/g, ' ').slice(0, 160)}`;
      // The WHERE: could an index serve it (sequential scans priced out)?
      for (const v of filterViolations(await explain(['enable_seqscan = off'], s))) found.push(`${v} ${where}`);
      // The ORDER BY of a page: could an index give the order (sorts priced out too)?
      if (/\bLIMIT\b/i.test(s.text)) {
        for (const v of orderViolations(await explain(['enable_seqscan = off', 'enable_sort = off'], s))) found.push(`${v} ${where}`);
      }
    }
    return found;
  }

  const sorts = (fields: string[]) => fields.flatMap((f) => [[f, 'ASC'] as [string, 'ASC'], [f, 'DESC'] as [string, 'DESC']]);
  type Page = [string, string, Record<string, string>];
  /** Every sort of a list, both ways, at deep offsets: in the first half of the rows and in the second (read from the other end). */
  const deep = (name: string, path: string, fields: string[], offsets: number[], filter?: Record<string, unknown>): Page[] =>
    sorts(fields).flatMap((s) =>
      offsets.map((o): Page => [`${name} sorted by ${s.join(' ')} at ${o}`, path, listParams(s, [o, o + 24], filter)]),
    );
  const pages: Page[] = [
    ...sorts(['date', 'name', 'clientName', 'price', 'isPaid']).map((s): [string, string, Record<string, string>] => [
      `projects sorted by ${s.join(' ')}`,
      '/api/projects',
      listParams(s, [0, 24]),
    ]),
    ['projects, the last page (400)', '/api/projects', listParams(['date', 'DESC'], [9975, 9999])],
    ...sorts(['id', 'username', 'email', 'role']).map((s): [string, string, Record<string, string>] => [
      `clients sorted by ${s.join(' ')}`,
      '/api/clients',
      listParams(s, [0, 24]),
    ]),
    ['clients search', '/api/clients', listParams(['id', 'ASC'], [0, 24], { q: 'walker' })],
    ...sorts(['name', 'price']).map((s): [string, string, Record<string, string>] => [
      `services sorted by ${s.join(' ')}`,
      '/api/services',
      listParams(s, [0, 24]),
    ]),
    ...sorts(['paymentDate', 'amount']).map((s): [string, string, Record<string, string>] => [
      `payments sorted by ${s.join(' ')}`,
      '/api/payments',
      listParams(s, [0, 24]),
    ]),
    ['payments of one day', '/api/payments', listParams(['paymentDate', 'DESC'], [0, 24], { day: '2025-06-01', tz: 'Europe/Paris' })],
    ['payments summary of one day', '/api/payments/summary', listParams(undefined, undefined, { day: '2025-06-01', tz: 'UTC' })],
    ['clients with credits', '/api/clients-with-credits', {}],
    ['clients with credits, a page', '/api/clients-with-credits', { range: '[0,24]' }],
    ['clients with credits, a deep page', '/api/clients-with-credits', { range: '[1000,1024]' }],
    ['clients with credits, by name DESC', '/api/clients-with-credits', listParams(['username', 'DESC'], [0, 24])],
    ['clients with credits search', '/api/clients-with-credits', { q: 'walker', range: '[0,24]' }],
    ['projects search', '/api/projects', listParams(['date', 'DESC'], [0, 24], { q: 'ocean' })],
    ['payments search', '/api/payments', listParams(['paymentDate', 'DESC'], [0, 24], { q: 'walker' })],
    ['payments search, by amount', '/api/payments', listParams(['amount', 'ASC'], [0, 24], { q: '12.5' })],
    // Deep pages (10,000 projects, 7,500 payments, 102,000 accounts): the page's ids from an index at any offset.
    ...deep('projects', '/api/projects', ['date', 'name', 'clientName', 'price', 'isPaid', 'id'], [4000, 9000]),
    ...deep('unpaid projects', '/api/projects', ['date', 'name', 'clientName', 'price', 'id'], [1500], { isPaid: false }),
    ...deep('paid projects', '/api/projects', ['date', 'name', 'price', 'id'], [3000], { isPaid: true }),
    ...deep('payments', '/api/payments', ['paymentDate', 'amount', 'id'], [3000, 7000]),
    ...deep('completed payments', '/api/payments', ['paymentDate', 'amount', 'id'], [2000], { status: 'completed' }),
    ...deep('clients', '/api/clients', ['id', 'username', 'email', 'role', 'createdAt'], [40000, 90000]),
    ['client accounts by e-mail, deep', '/api/clients', listParams(['email', 'DESC'], [40000, 40024], { role: 'client' })],
    ['clients with credits, a page in the second half', '/api/clients-with-credits', { range: '[90000,90024]' }],
    // The Invoices page (CONTRACT §14): its default order, its filters Overdue / Open / Paid, one client's, deep pages.
    ['invoices, page 1', '/api/invoices', { range: '[0,24]' }],
    ['invoices sorted by number DESC', '/api/invoices', listParams(['number', 'DESC'], [0, 24])],
    ['invoices sorted by number ASC', '/api/invoices', listParams(['number', 'ASC'], [0, 24])],
    ['invoices overdue', '/api/invoices', listParams(undefined, [0, 24], { overdue: true })],
    ['invoices open', '/api/invoices', listParams(['number', 'DESC'], [0, 24], { status: 'open' })],
    ['invoices paid', '/api/invoices', listParams(['number', 'DESC'], [0, 24], { status: 'paid' })],
    ['invoices of one client', '/api/invoices', listParams(['number', 'DESC'], [0, 24], { clientId: 2 })],
    ['invoices, a deep page', '/api/invoices', listParams(['number', 'DESC'], [9000, 9024])],
    ['paid invoices, a deep page', '/api/invoices', listParams(['number', 'DESC'], [3000, 3024], { status: 'paid' })],
  ];

  /**
   * Known slow paths no index can serve, reported in docs/benchmarks.md: the query has to change.
   * Each must still show its problem; when one is fixed, this test fails until its entry goes.
   */
  const KNOWN: Record<string, { why: string; shows: RegExp }> = {
    'projects search': {
      why: 'the matches of the search text trigram index are sorted for the page: no index has their order (read once, at a cost that follows the matches)',
      shows: /^Sort over/,
    },
    'payments search': {
      why: 'the matches of three trigram index searches are sorted for the page: no one index has their order (read by id, once, at a cost that follows the matches)',
      shows: /^Sort over/,
    },
  };

  it.each(pages.map(([name, path, query]) => [KNOWN[name] ? `${name} (known: ${KNOWN[name].why})` : name, name, path, query] as const))(
    '%s',
    async (_title, name, path, query) => {
      const found = await check(admin, path, query);
      const known = KNOWN[name];
      if (!known) expect(found).toEqual([]);
      else {
        expect(found.length).toBeGreaterThan(0);
        expect(found.filter((f) => !known.shows.test(f))).toEqual([]);
      }
    },
  );

  it("the client's My Projects, Invoices and a project's services with credits", async () => {
    expect(await check(client.agent, `/api/projects/client/${client.id}`)).toEqual([]);
    expect(await check(client.agent, '/api/my/invoices')).toEqual([]);
    expect(await check(client.agent, `/api/project-services-with-credits/${projectId}`)).toEqual([]);
  });
});
