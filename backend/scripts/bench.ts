/**
 * npm run bench (at the repository root): seeds a studio's years of data into a throwaway database,
 * then measures with autocannon, first a bare node:http server, then the product started as its own
 * process the way `npm start` starts it (`node main.js` of the compiled backend, default settings), for
 * the calls that matter. Prints the figures and writes them with the targets to docs/benchmarks.md.
 * Everything it starts and creates (processes, database, temporary folders) is gone when it ends.
 *
 * Settings (environment): BENCH_DURATION seconds per call (10), BENCH_WARMUP seconds before each (2),
 * BENCH_CONNECTIONS (50), BENCH_ONLY=key,key (a subset of the keys of CALLS: login, user, health, clients,
 * projects, projects800, search, browse400, myprojects, payments, paymentsday, clientcredits,
 * clientcreditsall, redeem, mixed; and `startup` for the two timed `npm start` runs), BENCH_OUTPUT (a file
 * instead of docs/benchmarks.md, or "none"), BENCH_REDEEM_POOL (projects prepared for the redemption; default 600
 * a second of measuring), BENCH_NODE_OPTIONS (given to the product as NODE_OPTIONS, e.g. --require of a
 * profiler), DATABASE_URL (a PostgreSQL server to create the database on; otherwise an embedded one in
 * a temporary folder).
 */
import 'reflect-metadata';
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Client } from 'pg';
import { openDataSource } from '../src/shared/database/migrate';
import { typeormOptions } from '../src/shared/database/typeorm-options';
import { benchGalleries, type GalleriesRow } from './bench-galleries';
import { createTestDatabase, TestDatabase } from '../test/support/database';
import { seedDataset, SeededDataset } from '../test/support/dataset';
import {
  ADMIN,
  AppProcess,
  compiledBackend,
  freePort,
  get,
  HttpAnswer,
  HttpSession,
  sleep,
  startAppProcess,
  startHelloServer,
} from '../test/support/processes';

const BACKEND = join(__dirname, '..');
const ROOT = join(BACKEND, '..');
const num = (name: string, dflt: number) => {
  const v = process.env[name];
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
  return n;
};
const DURATION = num('BENCH_DURATION', 10);
const WARMUP = process.env.BENCH_WARMUP === '0' ? 0 : num('BENCH_WARMUP', 2);
const CONNECTIONS = Math.round(num('BENCH_CONNECTIONS', 50));
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
/**
 * The galleries' processing row measures the users' calls at a steady rate, many times a studio's busiest
 * hour (BENCH_GALLERY_LOGIN_RATE sign-ins and BENCH_GALLERY_PROJECTS_RATE Projects pages a second), not
 * as a closed loop of 50 connections: on 2 cores such a loop takes every cycle there is, and a processing
 * rate measured beside it only says that the CPU was shared. The p99 is what a user meets meanwhile.
 */
const GALLERY_RATES = { login: num('BENCH_GALLERY_LOGIN_RATE', 10), projects: num('BENCH_GALLERY_PROJECTS_RATE', 50) };
const GALLERY_CONNECTIONS = 10;
const REDEEM_POOL = Math.round(num('BENCH_REDEEM_POOL', Math.max(6000, (DURATION + WARMUP) * 600)));
const OUTPUT = process.env.BENCH_OUTPUT ?? join(ROOT, 'docs', 'benchmarks.md');
const tty = process.stderr.isTTY;

// ---------------------------------------------------------------------------------------------------
// Cleanup: everything started or created is registered here and undone in reverse order.
const cleanups: Array<{ what: string; run: () => Promise<void> | void }> = [];
let cleaning: Promise<void> | null = null;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const c of cleanups.reverse()) {
      try {
        await c.run();
      } catch (err) {
        console.error(`cleanup of ${c.what} failed: ${(err as Error).message}`);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------------
let barEnded = false;
function bar(done: number, total: number, label: string): void {
  if (barEnded) return;
  barEnded = done === total;
  const width = 30;
  const filled = Math.round((done / total) * width);
  const line = `  seeding [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round((done / total) * 100)).padStart(3)}%  ${label}`;
  if (tty) process.stderr.write(`\r${line.padEnd(90)}`);
  else if (done === total) process.stderr.write(`${line}\n`);
}

const LOAD_AT_START = loadavg();
function machine(pgVersion: string): Record<string, string> {
  const cpu = cpus();
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
  return {
    CPU: `${cpu[0]?.model.trim() ?? 'unknown'}`,
    Cores: `${cpu.length}`,
    'Load average (1 / 5 / 15 min)': `${load(LOAD_AT_START)} at the start, ${load(loadavg())} at the end (other work on the machine shows here)`,
    Memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    Node: process.version,
    PostgreSQL: pgVersion,
    Date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  };
}

/** backend/dist/main.js when it is at least as new as every source (what `npm start` runs then), else the same compile done here. */
async function backendEntry(): Promise<{ mainJs: string; how: string }> {
  const dist = join(BACKEND, 'dist', 'main.js');
  const newest = (p: string): number => {
    const st = statSync(p);
    if (!st.isDirectory()) return st.mtimeMs;
    return Math.max(0, ...readdirSync(p).map((n) => newest(join(p, n))));
  };
  if (existsSync(dist) && statSync(dist).mtimeMs >= newest(join(BACKEND, 'src')))
    return { mainJs: dist, how: '`node backend/dist/main.js` (the `npm run build` output)' };
  const { dir } = await compiledBackend();
  return {
    mainJs: join(dir, 'main.js'),
    how: '`node main.js` of the backend compiled with tsconfig.build.json (as `nest build` emits it; backend/dist was missing or older than the sources)',
  };
}

// ---------------------------------------------------------------------------------------------------
type Method = 'GET' | 'POST' | 'PUT';

/** One HTTP request as a call sends it (a JSON body, when there is one). */
interface Req {
  method: Method;
  path: string;
  cookie?: string;
  body?: unknown;
}

interface Call {
  key: string;
  name: string;
  method: Method;
  path: string;
  shown?: string;
  cookie?: string;
  body?: unknown;
  /** Per request: another request each time (see `cycling`). */
  setup?: (req: autocannon.Request) => autocannon.Request;
  /**
   * Requests that must each answer 2xx (a list: with at least one row) before the call is measured, or
   * the run stops (for a call that cycles through many requests: a sample of them). Without it the
   * call's own request is checked, and a failure is only reported.
   */
  checks?: Req[];
  onDone?: () => string | undefined;
}

/**
 * autocannon's setupRequest for a call that sends another request each time: next(0), next(1), … in
 * the order autocannon's connections ask for their next request (one counter shared by all of them,
 * the warm-up included).
 */
function cycling(next: (i: number) => Req): (req: autocannon.Request) => autocannon.Request {
  let i = 0;
  return (req) => {
    const r = next(i++);
    const headers: Record<string, string> = { ...req.headers };
    delete headers.cookie;
    delete headers['content-type'];
    if (r.cookie) headers.cookie = r.cookie;
    if (r.body !== undefined) headers['content-type'] = 'application/json';
    return { ...req, method: r.method, path: r.path, headers, body: r.body === undefined ? undefined : JSON.stringify(r.body) };
  };
}

/** next(i) of `cycling` going round a fixed list. */
const roundRobin =
  <T>(list: readonly T[]) =>
  (i: number): T =>
    list[i % list.length];

/** A small seeded PRNG (mulberry32): the same numbers in [0, 1) on every run. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Measured {
  call: Call;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  /** e.g. "503×21" for the answers that were not 2xx. */
  codes: string;
  errors: number;
  note?: string;
}

async function measure(
  url: string,
  call: Call,
  seconds: number,
  connections: number,
  progress: boolean,
  /** requests per second across all connections (a paced load); unset: as fast as the answers come */
  rate?: number,
): Promise<Measured> {
  // As a browser asks (Chromium's Accept-Encoding): the product may answer gzipped.
  const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd' };
  if (call.cookie) headers.cookie = call.cookie;
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 30,
    method: call.method,
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
    requests: call.setup ? [{ setupRequest: call.setup }] : undefined,
    ...(rate ? { overallRate: rate } : {}),
  });
  if (progress && tty)
    autocannon.track(instance, {
      renderProgressBar: true,
      renderResultsTable: false,
      renderLatencyTable: false,
      outputStream: process.stderr,
    });
  (call as Call & { instance?: unknown }).instance = instance;
  const r = await instance;
  return {
    call,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    codes: Object.entries(r.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, v]) => `${code}×${v.count}`)
      .join(', '),
    errors: r.errors + r.timeouts,
    note: call.onDone?.(),
  };
}

const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v));

/** Rows a page of the back office's lists. */
const PAGE = 25;
/** The Projects list's page from `offset`, as the back office asks for it (`filter` only when searching). */
const projectsPath = (sort: [string, 'ASC' | 'DESC'], offset: number, q?: string) =>
  `/api/projects?sort=${enc(sort)}&range=${enc([offset, offset + PAGE - 1])}${q === undefined ? '' : `&filter=${enc({ q })}`}`;

/** The sorts of the Projects page's columns (ProjectList.tsx; the API's PROJECT_SORTS): Created Date, Name, Client, Price, Status. */
const BROWSE_SORTS = ['date', 'name', 'clientName', 'price', 'isPaid'] as const;
/** Words of the seeded data (dataset.ts): streets and kinds of the projects, clients' names; each matches 1,000+ projects. */
const SEARCH_WORDS = [
  'harbour',
  'maple',
  'ocean',
  'station',
  'river',
  'twilight',
  'drone',
  'virtual',
  'walker',
  'patel',
  'tanaka',
  'garcia',
];
/** One browsing path in this many searches. */
const SEARCH_EVERY = 8;
/** Searches ask one of the first pages of their results. */
const SEARCH_PAGES = 20;

/**
 * `count` distinct Projects pages, the same on every run: every sort of the page in both directions in
 * turn, a random page of the whole list (`projects` rows), and every SEARCH_EVERY-th a search for a word
 * of the data (a random page of its first SEARCH_PAGES).
 */
function browsePaths(count: number, projects: number): string[] {
  const random = seededRandom(20_000);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const pages = Math.ceil(projects / PAGE);
  const paths = new Set<string>();
  while (paths.size < count) {
    const i = paths.size;
    const sort: [string, 'ASC' | 'DESC'] = [
      BROWSE_SORTS[i % BROWSE_SORTS.length],
      Math.floor(i / BROWSE_SORTS.length) % 2 ? 'ASC' : 'DESC',
    ];
    const search = i % SEARCH_EVERY === SEARCH_EVERY - 1;
    const page = Math.floor(random() * (search ? SEARCH_PAGES : pages));
    paths.add(projectsPath(sort, page * PAGE, search ? pick(SEARCH_WORDS) : undefined));
  }
  return [...paths];
}

/** A project as GET /api/projects answers it: what the back office's edit form starts from. */
interface ProjectRow {
  id: number;
  name: string;
  description: string | null;
  clientId: number;
  thumbnailUrl: string | null;
  downloadLink: string | null;
  photoCount: number | null;
  isPaid: boolean;
  date: string;
  services: Array<{ serviceId: number; price: number; quantity: number }>;
}

/**
 * PUT /api/projects/{id} as the back office's Edit Project dialog sends it (frontend/src/admin/projects,
 * projectToForm then toProjectBody), with the name changed; everything else as it was.
 */
function projectEdit(p: ProjectRow, name: string): Req {
  const cents = p.services.reduce((sum, l) => sum + Math.round(l.price * 100) * l.quantity, 0);
  return {
    method: 'PUT',
    path: `/api/projects/${p.id}`,
    body: {
      name,
      clientId: p.clientId,
      thumbnailUrl: p.thumbnailUrl ?? '',
      downloadLink: p.downloadLink ?? '',
      photoCount: p.photoCount ?? 0,
      isPaid: p.isPaid,
      price: cents / 100,
      selectedServices: p.services.map((l) => ({ serviceId: l.serviceId, quantity: l.quantity })),
      id: p.id,
      date: p.date,
      description: p.description ?? '',
    },
  };
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  const s = new HttpSession(base, 30_000);
  try {
    const res = await s.post('/api/login', { email, password });
    if (res.status !== 200 || !s.cookie) throw new Error(`sign-in of ${email} answered ${res.status}: ${res.text.slice(0, 200)}`);
    return s.cookie;
  } finally {
    s.close();
  }
}

/** The request a call sends (for a call with `setup`: the next one it would send). */
function requestOf(call: Call): Req {
  if (!call.setup) return { method: call.method, path: call.path, cookie: call.cookie, body: call.body };
  const r = call.setup({ method: call.method, path: call.path, headers: call.cookie ? { cookie: call.cookie } : {} });
  return {
    method: r.method as Method,
    path: r.path ?? call.path,
    cookie: r.headers?.cookie,
    body: r.body === undefined ? undefined : JSON.parse(String(r.body)),
  };
}

/** One request on a connection of its own. */
async function ask(base: string, req: Req): Promise<{ req: Req; res: HttpAnswer }> {
  const s = new HttpSession(base, 60_000);
  if (req.cookie) s.cookie = req.cookie;
  try {
    return { req, res: await s.request(req.method, req.path, req.body) };
  } finally {
    s.close();
  }
}

async function inBatches<T, R>(items: T[], size: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

// ---------------------------------------------------------------------------------------------------
/**
 * `npm start` (scripts/start.mjs) on a data folder with the embedded PostgreSQL, timed from the spawn to
 * the first 200 of /api/health and of the portal's page, then stopped the way a terminal stops it.
 */
async function timeNpmStart(dataDir: string): Promise<{ healthMs: number; pageMs: number }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const started = Date.now();
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    const exited = await Promise.race([new Promise((r) => child.once('exit', () => r(true))), sleep(20_000).then(() => false)]);
    if (!exited) process.kill(-child.pid!, 'SIGKILL');
  };
  cleanups.push({ what: 'npm start', run: stop });
  try {
    const firstOk = async (path: string) => {
      for (;;) {
        if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${out.slice(-2000)}`);
        if (Date.now() - started > 300_000) throw new Error(`npm start: no answer on ${path} within 300 s`);
        const res = await get(`http://127.0.0.1:${port}${path}`, 2_000).catch(() => null);
        if (res?.status === 200) return Date.now() - started;
        await sleep(25);
      }
    };
    const healthMs = await firstOk('/api/health');
    const pageMs = await firstOk('/');
    return { healthMs, pageMs };
  } finally {
    await stop();
  }
}

async function main(): Promise<void> {
  const t0 = Date.now();
  console.log(`npm run bench: ${CONNECTIONS} connections, ${DURATION} s per call (+${WARMUP} s warm-up)`);

  const db: TestDatabase = await createTestDatabase();
  cleanups.push({ what: 'the database', run: () => db.drop() });
  console.log(
    `database: a throwaway one on ${db.kind === 'external' ? 'the server of DATABASE_URL' : 'an embedded PostgreSQL in a temporary folder'}`,
  );

  // The schema, by the app's own migrations.
  await (await openDataSource(typeormOptions(db.url, []))).destroy();

  const pg = new Client({ connectionString: db.url });
  await pg.connect();
  let data: SeededDataset;
  let pgVersion: string;
  try {
    pgVersion = (await pg.query('SHOW server_version')).rows[0].server_version as string;
    const s0 = Date.now();
    // Every invoice in three installments (CONTRACT §14): the lists read schedules as a studio's would be.
    data = await seedDataset(pg, { onProgress: bar, redemptionPool: REDEEM_POOL, installments: 3 });
    if (tty) process.stderr.write('\n');
    const c = data.counts;
    console.log(
      `seeded ${c.clients} clients, ${c.projects} projects, ${c.lines} service lines, ${c.payments} payments, ` +
        `${c.creditTransactions} credit transactions (${c.bundles} bundles, ${c.creditPaidLines} services paid with credits), ` +
        `${data.invoices.total} invoices in 3 installments (${data.invoices.open} open, ${data.invoices.overdue} overdue) in ${((Date.now() - s0) / 1000).toFixed(1)} s`,
    );
  } finally {
    await pg.end();
  }

  // The bare server.
  const helloPort = await freePort();
  const hello = await startHelloServer(helloPort);
  cleanups.push({ what: 'the bare server', run: () => void hello.kill('SIGTERM') });

  // The product, as `npm start` runs it: its defaults, except the test account, the port and the database.
  const entry = await backendEntry();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  cleanups.push({ what: 'the data folder', run: () => rmSync(dataDir, { recursive: true, force: true }) });
  const productEnv = (extra: Record<string, string> = {}): Record<string, string | undefined> => ({
    DATA_DIR: dataDir,
    // Defaults of `npm start`: the processes helper's test settings are taken back.
    LOG_LEVEL: undefined,
    OUTBOX_POLL_MS: undefined,
    STATIC_DIR: undefined,
    PHOTO_WORKER: undefined,
    // Sign-in is measured from one address: its per-address budget would answer 429 after 60 a minute.
    AUTH_IP_LIMIT_PER_MIN: '1000000',
    // The webhook flood's receiver is on this machine (loopback).
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    // e.g. --require a profiler to look inside the product while it is measured.
    NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS,
    ...extra,
  });
  const app: AppProcess = await startAppProcess({
    name: 'product',
    databaseUrl: db.url,
    mainJs: entry.mainJs,
    timeoutMs: 120_000,
    env: productEnv(),
  });
  cleanups.push({ what: 'the product', run: () => app.stop() });
  console.log(`product: pid ${app.pid}, healthy ${app.startupMs} ms after start, ${entry.how}`);

  // Sessions, signed in beforehand.
  const adminCookie = await signIn(app.url, ADMIN.email, ADMIN.password);
  const my = data.myProjectsClient;
  const myCookie = await signIn(app.url, my.email, data.password);
  const redeemerCookies = new Map<number, string>();
  await inBatches(data.redeemers, 4, async (r) => redeemerCookies.set(r.id, await signIn(app.url, r.email, data.password)));

  // The redemption: every request spends a fresh project of the pool, with its owner's session.
  const pool = data.redemptionPool.slice();
  let poolUsed = 0;
  let poolOut = false;
  const RESERVE = CONNECTIONS * 2;
  const redeem: Call = {
    key: 'redeem',
    name: 'Redeem credits',
    method: 'POST',
    path: '/api/redeem-credits',
    shown: 'POST /api/redeem-credits (a fresh eligible project each time)',
    setup: cycling(() => {
      const next = pool.shift();
      if (!next) throw new Error('the redemption pool ran dry');
      poolUsed++;
      if (pool.length < RESERVE && !poolOut) {
        poolOut = true;
        (redeem as Call & { instance?: { stop(): void } }).instance?.stop();
      }
      return {
        method: 'POST',
        path: '/api/redeem-credits',
        cookie: redeemerCookies.get(next.clientId)!,
        body: { projectId: next.projectId, description: 'Benchmark redemption' },
      };
    }),
    onDone: () => (poolOut ? `stopped early: the ${data.redemptionPool.length} prepared projects ran out` : undefined),
  };

  // Browsing: BROWSE_PATHS different Projects pages, the admin's, in turn; every CHECK_EVERY-th is checked beforehand.
  const BROWSE_PATHS = 400;
  const CHECK_EVERY = 10;
  const browsing: Req[] = browsePaths(BROWSE_PATHS, data.counts.projects).map((path) => ({ method: 'GET', path, cookie: adminCookie }));
  const browseChecks = browsing.filter((_, i) => i % CHECK_EVERY === 0);

  // The same browsing with one request in WRITE_EVERY a write, in turn a project edit (the name of one of
  // EDITABLE projects changed, as the back office's Edit Project dialog sends it) and a credit adjustment
  // (1 credit added to one of their clients). Neither My Projects' client's projects nor those of the
  // redemption pool: they are the oldest and the newest, and the projects edited are in between.
  const WRITE_EVERY = 20;
  const EDITABLE = 200;
  const { res: editable } = await ask(app.url, {
    method: 'GET',
    path: `/api/projects?sort=${enc(['date', 'ASC'])}&range=${enc([1000, 1000 + EDITABLE - 1])}`,
    cookie: adminCookie,
  });
  if (editable.status !== 200 || !Array.isArray(editable.body))
    throw new Error(`the projects to edit: GET /api/projects answered ${editable.status} ${editable.text.slice(0, 200)}`);
  const inPool = new Set(data.redemptionPool.map((p) => p.projectId));
  const edited = (editable.body as ProjectRow[]).filter((p) => p.clientId !== my.id && !inPool.has(p.id));
  const credited = [...new Set(edited.map((p) => p.clientId))];
  if (!edited.length) throw new Error('the mixed call found no project to edit');
  const write = (n: number): Req => {
    const k = Math.floor(n / 2);
    if (n % 2)
      return {
        method: 'POST',
        path: '/api/credit-adjustments',
        cookie: adminCookie,
        body: { userId: credited[k % credited.length], amount: 1, type: 'add' },
      };
    const p = edited[k % edited.length];
    return { ...projectEdit(p, `${p.name} (edit ${k + 1})`), cookie: adminCookie };
  };
  let writes = 0;
  const mixedNext = (i: number): Req => {
    const before = Math.floor(i / WRITE_EVERY); // the writes among requests 0 … i-1
    if (i % WRITE_EVERY < WRITE_EVERY - 1) return browsing[(i - before) % browsing.length];
    writes++;
    return write(before);
  };

  const CALLS: Call[] = [
    { key: 'login', name: 'Sign in', method: 'POST', path: '/api/login', body: { email: my.email, password: data.password } },
    { key: 'user', name: 'Current user', method: 'GET', path: '/api/user', cookie: myCookie },
    { key: 'health', name: 'Health check', method: 'GET', path: '/api/health' },
    {
      key: 'clients',
      name: 'Clients, page 1',
      method: 'GET',
      path: `/api/clients?sort=${enc(['id', 'ASC'])}&range=${enc([0, PAGE - 1])}`,
      shown: 'GET /api/clients?sort=["id","ASC"]&range=[0,24] (the Clients page\'s default sort)',
      cookie: adminCookie,
    },
    {
      key: 'projects',
      name: 'Admin projects, page 1',
      method: 'GET',
      path: projectsPath(['date', 'DESC'], 0),
      shown: 'GET /api/projects?sort=["date","DESC"]&range=[0,24]',
      cookie: adminCookie,
    },
    {
      key: 'projects800',
      name: 'Admin projects, page 800',
      method: 'GET',
      path: projectsPath(['date', 'DESC'], 19975),
      shown: 'GET /api/projects?sort=["date","DESC"]&range=[19975,19999]',
      cookie: adminCookie,
    },
    {
      key: 'search',
      name: 'Admin projects, search',
      method: 'GET',
      path: projectsPath(['date', 'DESC'], 0, 'ocean'),
      shown: 'GET /api/projects?sort=["date","DESC"]&range=[0,24]&filter={"q":"ocean"}',
      cookie: adminCookie,
    },
    {
      key: 'browse400',
      name: `Admin browsing ${BROWSE_PATHS} different Projects pages`,
      method: 'GET',
      path: browsing[0].path,
      shown: `GET /api/projects?… ${BROWSE_PATHS} pages in turn: sorts ${BROWSE_SORTS.join(', ')} both ways, any page of ${data.counts.projects.toLocaleString('en-US')}, 1 in ${SEARCH_EVERY} a search`,
      cookie: adminCookie,
      setup: cycling(roundRobin(browsing)),
      checks: browseChecks,
    },
    {
      key: 'myprojects',
      name: `My Projects (${my.projects} projects)`,
      method: 'GET',
      path: `/api/projects/client/${my.id}`,
      shown: 'GET /api/projects/client/{id} as that client',
      cookie: myCookie,
    },
    {
      key: 'invoices',
      name: 'Invoices, page 1',
      method: 'GET',
      path: `/api/invoices?sort=${enc(['number', 'DESC'])}&range=${enc([0, PAGE - 1])}`,
      shown: 'GET /api/invoices?sort=["number","DESC"]&range=[0,24] (the Invoices page\'s default sort)',
      cookie: adminCookie,
    },
    {
      key: 'invoicesoverdue',
      name: 'Invoices, overdue',
      method: 'GET',
      path: `/api/invoices?range=${enc([0, PAGE - 1])}&filter=${enc({ overdue: true })}`,
      shown: `GET /api/invoices?range=[0,24]&filter={"overdue":true} (${data.invoices.overdue.toLocaleString('en-US')} overdue of ${data.invoices.total.toLocaleString('en-US')})`,
      cookie: adminCookie,
    },
    {
      key: 'myinvoices',
      name: `A client's Invoices page (${my.projects} invoices)`,
      method: 'GET',
      path: '/api/my/invoices',
      shown: 'GET /api/my/invoices as the My Projects client',
      cookie: myCookie,
    },
    {
      key: 'payments',
      name: 'Payment History, page 1',
      method: 'GET',
      path: `/api/payments?sort=${enc(['paymentDate', 'DESC'])}&range=${enc([0, 24])}`,
      shown: 'GET /api/payments?sort=["paymentDate","DESC"]&range=[0,24]',
      cookie: adminCookie,
    },
    {
      key: 'paymentsday',
      name: 'Payments of one day',
      method: 'GET',
      path: `/api/payments?sort=${enc(['paymentDate', 'DESC'])}&range=${enc([0, 24])}&filter=${enc({ day: data.busiestPaymentDay, tz: 'UTC' })}`,
      shown: `GET /api/payments?sort=["paymentDate","DESC"]&range=[0,24]&filter={"day":"${data.busiestPaymentDay}","tz":"UTC"}`,
      cookie: adminCookie,
    },
    {
      key: 'clientcredits',
      name: 'Client Credits page (25 clients)',
      method: 'GET',
      path: `/api/clients-with-credits?range=${enc([0, 24])}`,
      shown: 'GET /api/clients-with-credits?range=[0,24]',
      cookie: adminCookie,
    },
    {
      key: 'clientcreditsall',
      name: 'Clients with credits, all at once',
      method: 'GET',
      path: '/api/clients-with-credits',
      shown: 'GET /api/clients-with-credits (every client; the page no longer asks for this)',
      cookie: adminCookie,
    },
    redeem,
    {
      key: 'mixed',
      name: `Admin browsing, 1 in ${WRITE_EVERY} a write`,
      method: 'GET',
      path: browsing[0].path,
      shown: `the ${BROWSE_PATHS} pages in turn; every ${WRITE_EVERY}th request PUT /api/projects/{id} (a name changed) or POST /api/credit-adjustments {userId, amount: 1, type: "add"}, in turn`,
      cookie: adminCookie,
      setup: cycling(mixedNext),
      // write(0) and write(1) are sent again during the run: the same edit and one more credit.
      checks: [...browseChecks, write(0), write(1)],
      onDone: () => `${writes} writes sent, warm-up included`,
    },
  ];
  const calls = ONLY.length ? CALLS.filter((c) => ONLY.includes(c.key)) : CALLS;
  const unknown = ONLY.filter((k) => !['startup', 'flood', 'galleries'].includes(k) && !CALLS.some((c) => c.key === k));
  if (unknown.length)
    throw new Error(
      `BENCH_ONLY: unknown key ${unknown.join(', ')}; known: ${CALLS.map((c) => c.key).join(', ')}, flood, galleries, startup`,
    );

  // Each call answers 2xx before it is measured (a benchmark of error answers would mean nothing); a call
  // with its own checks is not measured at all unless every one of them does.
  const problems: string[] = [];
  for (const call of calls) {
    const strict = call.checks !== undefined;
    const answers = await inBatches(call.checks ?? [requestOf(call)], 4, (r) => ask(app.url, r));
    if (answers.length === 1) {
      const [{ res }] = answers;
      const rows = Array.isArray(res.body) ? `${res.body.length} rows, ` : '';
      console.log(
        `  check ${call.key}: ${res.status}, ${rows}${(res.text.length / 1024).toFixed(1)} kB (gzipped ${(gzipSync(res.text).length / 1024).toFixed(1)} kB), ${res.ms.toFixed(0)} ms`,
      );
    } else {
      const ms = answers.map((a) => a.res.ms).sort((a, b) => a - b);
      const statuses = [...new Set(answers.map((a) => `${a.req.method} ${a.res.status}`))].map(
        (k) => `${k} ×${answers.filter((a) => `${a.req.method} ${a.res.status}` === k).length}`,
      );
      console.log(
        `  check ${call.key}: ${answers.length} requests: ${statuses.join(', ')}; ${ms[0].toFixed(0)}–${ms[ms.length - 1].toFixed(0)} ms`,
      );
    }
    const failed = answers.flatMap(({ req, res }) => {
      const what = `${call.name}: ${req.method} ${decodeURIComponent(req.path)}`;
      if (res.status < 200 || res.status > 299) return [`${what} answered ${res.status} ${res.text.slice(0, 200)}`];
      if (strict && Array.isArray(res.body) && res.body.length === 0) return [`${what} answered an empty list`];
      return [];
    });
    if (failed.length && strict)
      throw new Error(`"${call.name}" is not measured: requests it sends do not answer as they should:\n  ${failed.join('\n  ')}`);
    problems.push(...failed);
  }
  if (problems.length) console.error(`some calls do not answer 2xx:\n  ${problems.join('\n  ')}`);

  // Measurements: the bare server first, then each call (warm-up, then the measured run).
  console.log(`\nbare node:http server`);
  if (WARMUP)
    await measure(`http://127.0.0.1:${helloPort}/`, { key: 'bare', name: 'bare', method: 'GET', path: '/' }, WARMUP, CONNECTIONS, false);
  const bare = await measure(
    `http://127.0.0.1:${helloPort}/`,
    { key: 'bare', name: 'Bare node:http hello server', method: 'GET', path: '/', shown: 'GET / ("hello world")' },
    DURATION,
    CONNECTIONS,
    true,
  );
  console.log(`  ${Math.round(bare.rps)} req/s, p50 ${bare.p50} ms, p99 ${bare.p99} ms`);

  // autocannon stops sending when its time is up, but the product may still be working through what
  // the connections had asked: the next measurement starts once a health check answers quickly again.
  const settle = async () => {
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      const res = await get(`${app.url}/api/health`, 60_000).catch(() => null);
      if (res && res.status === 200 && res.ms < 50) return;
      await sleep(200);
    }
  };
  const results: Measured[] = [];
  for (const call of calls) {
    console.log(`${call.name}: ${call.shown ?? `${call.method} ${call.path}`}`);
    await settle();
    if (WARMUP) {
      await measure(app.url + call.path, { ...call, onDone: undefined }, WARMUP, CONNECTIONS, false);
      await settle();
    }
    const m = await measure(app.url + call.path, call, DURATION, CONNECTIONS, true);
    results.push(m);
    console.log(
      `  ${Math.round(m.rps)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, non-2xx ${m.non2xx}${m.codes ? ` (${m.codes})` : ''}${m.errors ? `, errors ${m.errors}` : ''}, ${((m.rps / bare.rps) * 100).toFixed(1)}% of bare${m.note ? ` (${m.note})` : ''}`,
    );
    if (!app.running()) throw new Error(`the product exited during "${call.name}":\n${app.output().slice(-3000)}`);
    if (m.non2xx) {
      const lines = app
        .output()
        .split('\n')
        .filter((l) => /"level":(40|50)|error/i.test(l))
        .slice(-3);
      if (lines.length) console.log(`  the product logged:\n    ${lines.map((l) => l.slice(0, 400)).join('\n    ')}`);
    }
  }
  if (calls.includes(redeem)) console.log(`  redemptions sent: ${poolUsed} (warm-up included), projects left in the pool: ${pool.length}`);

  // A flood of webhook deliveries (CONTRACT §9: it must not delay sign-ins or payments). FLOOD_ENDPOINTS
  // endpoints on a receiver in this process that answers at once, so the worker runs every lane flat out;
  // FLOOD_DELIVERIES pending deliveries stored at once (more than it can send during the measurement). Sign-in
  // and a credit payment are measured again while it drains them, against their idle rows above.
  const FLOOD_ENDPOINTS = 8;
  const FLOOD_DELIVERIES = 100_000;
  const floods: Array<{ key: string; idle: Measured; flood: Measured; delivered: number; seconds: number }> = [];
  // Sign-in, the accounts in turn (one account signing in 50 times at once meets its own brute-force limit, 429).
  const floodCalls: Call[] = [];
  if (!ONLY.length || ONLY.includes('flood')) {
    const accounts = new Client({ connectionString: db.url });
    await accounts.connect();
    const emails = (
      await accounts.query(`SELECT email FROM users WHERE role = 'client' AND deleted_at IS NULL ORDER BY id LIMIT 2000`)
    ).rows.map((r: { email: string }) => r.email);
    await accounts.end();
    const body = (i: number) => ({ email: emails[i % emails.length], password: data.password });
    floodCalls.push({
      key: 'loginMany',
      name: `Sign in, ${emails.length.toLocaleString('en-US')} accounts in turn`,
      method: 'POST',
      path: '/api/login',
      body: body(0),
      shown: `POST /api/login (each request the next of ${emails.length} accounts)`,
      setup: cycling((i) => ({ method: 'POST', path: '/api/login', body: body(i) })),
    });
    if (calls.includes(redeem)) floodCalls.push(redeem);
  }
  if (floodCalls.length) {
    // The idle figure of a call not measured above.
    for (const call of floodCalls.filter((c) => !results.some((r) => r.call.key === c.key))) {
      console.log(`${call.name}: ${call.shown}`);
      await settle();
      if (WARMUP) await measure(app.url + call.path, { ...call, onDone: undefined }, WARMUP, CONNECTIONS, false);
      await settle();
      const m = await measure(app.url + call.path, call, DURATION, CONNECTIONS, true);
      results.push(m);
      console.log(`  ${Math.round(m.rps)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, non-2xx ${m.non2xx}${m.codes ? ` (${m.codes})` : ''}`);
    }
    const { createServer } = await import('node:http');
    const receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    cleanups.push({ what: 'the webhook receiver', run: () => new Promise<void>((r) => receiver.close(() => r())) });
    const port = (receiver.address() as { port: number }).port;
    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    try {
      const endpoints = await sql.query(
        `INSERT INTO webhook_endpoints (url, events, secret, created_by)
         SELECT $1 || n, ARRAY['client.created'], 'whsec_bench_flood_secret', (SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1)
           FROM generate_series(1, $2::int) AS n RETURNING id`,
        [`http://127.0.0.1:${port}/hook/`, FLOOD_ENDPOINTS],
      );
      const body = JSON.stringify({ id: 'evt_benchflood', type: 'client.created', createdAt: new Date().toISOString(), data: { id: 1 } });
      const event = await sql.query(
        `INSERT INTO webhook_events (public_id, type, body) VALUES ('evt_benchflood', 'client.created', $1) RETURNING id`,
        [body],
      );
      await sql.query(
        `INSERT INTO webhook_deliveries (event_id, endpoint_id)
         SELECT $1, e FROM unnest($2::int[]) AS e, generate_series(1, $3::int)`,
        [event.rows[0].id, endpoints.rows.map((r: { id: number }) => r.id), FLOOD_DELIVERIES / FLOOD_ENDPOINTS],
      );
      const sent = async () =>
        Number((await sql.query(`SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'succeeded'`)).rows[0].n);
      // The worker's timer finds them within OUTBOX_POLL_MS (2 s by default).
      const until = Date.now() + 30_000;
      while ((await sent()) === 0 && Date.now() < until) await sleep(200);
      for (const call of floodCalls) {
        const idle = results.find((r) => r.call.key === call.key)!;
        await settle();
        console.log(`${call.name}, during a webhook flood: ${call.shown ?? `${call.method} ${call.path}`}`);
        const before = await sent();
        const started = Date.now();
        const m = await measure(
          app.url + call.path,
          { ...call, name: `${call.name}, during a webhook flood` },
          DURATION,
          CONNECTIONS,
          true,
        );
        const seconds = (Date.now() - started) / 1000;
        const delivered = (await sent()) - before;
        floods.push({ key: call.key, idle, flood: m, delivered, seconds });
        console.log(
          `  ${Math.round(m.rps)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms (idle: p99 ${idle.p99} ms), non-2xx ${m.non2xx}${m.codes ? ` (${m.codes})` : ''}; ${delivered} webhook deliveries sent meanwhile (${Math.round(delivered / seconds)}/s)`,
        );
      }
    } finally {
      await sql.query(`DELETE FROM webhook_endpoints WHERE secret = 'whsec_bench_flood_secret'`).catch(() => undefined);
      await sql.query(`DELETE FROM webhook_events WHERE public_id = 'evt_benchflood'`).catch(() => undefined);
      await sql.end();
    }
  }

  // Galleries (CONTRACT §10): processing rate with sign-in and Projects' p99 beside it, upload memory, the ZIP
  // (scripts/bench-galleries.ts). Each runs against a product process of its own, started after this one stops.
  let galleryRows: GalleriesRow[] = [];
  if (!ONLY.length || ONLY.includes('galleries')) {
    const accounts = new Client({ connectionString: db.url });
    await accounts.connect();
    const someone = (
      await accounts.query(`SELECT id, email FROM users WHERE role = 'client' AND deleted_at IS NULL ORDER BY id DESC LIMIT 1`)
    ).rows[0] as { id: number; email: string };
    // Sign-in as in the flood rows: the accounts in turn (one account 50 times at once meets its own limit, 429).
    const emails = (
      await accounts.query(`SELECT email FROM users WHERE role = 'client' AND deleted_at IS NULL ORDER BY id LIMIT 2000`)
    ).rows.map((r: { email: string }) => r.email);
    await accounts.end();
    const loginBody = (i: number) => ({ email: emails[i % emails.length], password: data.password });
    const galleryCalls: Record<'login' | 'projects', Call> = {
      login: {
        key: 'galleriesLogin',
        name: 'Sign in',
        method: 'POST',
        path: '/api/login',
        body: loginBody(0),
        setup: cycling((i) => ({ method: 'POST', path: '/api/login', body: loginBody(i) })),
      },
      projects: CALLS.find((c) => c.key === 'projects')!,
    };
    const client = { id: someone.id, cookie: await signIn(app.url, someone.email, data.password) };
    await app.stop();
    const workDir = mkdtempSync(join(tmpdir(), 'portal-bench-galleries-'));
    cleanups.push({ what: 'the galleries folder', run: () => rmSync(workDir, { recursive: true, force: true }) });
    const settleAt = async (url: string) => {
      const until = Date.now() + 10_000;
      while (Date.now() < until) {
        const res = await get(`${url}/api/health`, 60_000).catch(() => null);
        if (res && res.status === 200 && res.ms < 50) return;
        await sleep(200);
      }
    };
    galleryRows = await benchGalleries({
      dbUrl: db.url,
      mediaDir: join(dataDir, 'media'),
      workDir,
      adminCookie,
      client,
      startProduct: async (env) => {
        const product = await startAppProcess({
          name: 'product (galleries)',
          databaseUrl: db.url,
          mainJs: entry.mainJs,
          timeoutMs: 120_000,
          env: productEnv(env),
        });
        cleanups.push({ what: 'the galleries product', run: () => product.stop() });
        return product;
      },
      measureCall: async (url, key) => {
        const call = galleryCalls[key];
        const rate = GALLERY_RATES[key];
        // The galleries measure while the worker is busy: no settling before the measured run (the worker would
        // keep health slow), only before the warm-up.
        await settleAt(url).catch(() => undefined);
        if (WARMUP) await measure(url + call.path, { ...call, onDone: undefined }, WARMUP, GALLERY_CONNECTIONS, false, rate);
        return { ...(await measure(url + call.path, call, DURATION, GALLERY_CONNECTIONS, true, rate)), rate };
      },
    });
  }

  // Start-up: npm start on a new data folder (it creates the embedded database), then on the same folder again.
  let startup: { cold: { healthMs: number; pageMs: number }; warm: { healthMs: number; pageMs: number } } | null = null;
  if (!ONLY.length || ONLY.includes('startup')) {
    const startDir = mkdtempSync(join(tmpdir(), 'portal-bench-start-'));
    cleanups.push({ what: 'the start-up data folder', run: () => rmSync(startDir, { recursive: true, force: true }) });
    console.log('npm start on a new data folder, then on the same folder again');
    const cold = await timeNpmStart(startDir);
    const warm = await timeNpmStart(startDir);
    startup = { cold, warm };
    console.log(
      `  new folder: /api/health ${cold.healthMs} ms, page ${cold.pageMs} ms; existing folder: /api/health ${warm.healthMs} ms, page ${warm.pageMs} ms`,
    );
  }

  // Targets (req/s as a share of the bare server's in the same run). A row that answered errors or
  // non-2xx misses its target whatever its figures.
  const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));
  interface Target {
    text: string;
    met: (m: Measured) => boolean;
  }
  const ofBare = (pct: number): Target => ({
    text: `≥ ${pct}% of bare (≥ ${fmt((bare.rps * pct) / 100)} req/s)`,
    met: (m) => m.rps >= (bare.rps * pct) / 100,
  });
  const p99Within = (ms: number): Target => ({ text: `p99 ≤ ${ms} ms`, met: (m) => m.p99 <= ms });
  const clean: Target = { text: '0 errors, 0 non-2xx', met: (m) => m.errors === 0 && m.non2xx === 0 };
  const p1 = results.find((r) => r.call.key === 'projects');
  const TARGETS: Record<string, Target[]> = {
    user: [ofBare(6)],
    clients: [ofBare(3)],
    projects: [p99Within(50)],
    // The Invoices pages as the Projects page: a page of 25 rows (or a client's 50) within 50 ms at p99.
    invoices: [p99Within(50)],
    invoicesoverdue: [p99Within(50)],
    myinvoices: [p99Within(50)],
    projects800: [
      p99Within(50),
      ...(p1 ? [{ text: `req/s within 1.5× of page 1 (≥ ${fmt(p1.rps / 1.5)})`, met: (m: Measured) => p1.rps / m.rps <= 1.5 }] : []),
    ],
    browse400: [ofBare(1.5), p99Within(100)],
    payments: [ofBare(3)],
    mixed: [p99Within(150), clean],
  };
  const verdicts = new Map<string, { target: string; met: boolean }>();
  for (const m of results) {
    const targets = TARGETS[m.call.key];
    if (targets)
      verdicts.set(m.call.key, { target: targets.map((t) => t.text).join(', '), met: targets.every((t) => t.met(m)) && clean.met(m) });
  }
  for (const f of floods) {
    const limit = Math.max(2 * f.idle.p99, 1);
    verdicts.set(`flood:${f.key}`, { target: `p99 ≤ 2× idle (≤ ${limit} ms)`, met: f.flood.p99 <= limit && clean.met(f.flood) });
  }
  if (startup) verdicts.set('startup', { target: 'existing data folder: healthy within 5 s', met: startup.warm.healthMs <= 5000 });
  const verdictText = (v: { met: boolean } | undefined) => (v ? (v.met ? 'met' : '**MISSED**') : '');

  const rows = [
    `| Bare node:http hello server | \`${bare.call.shown}\` | ${fmt(bare.rps)} | ${bare.p50} | ${bare.p99} | ${bare.non2xx} | ${bare.errors} | 100% | | |`,
    ...results.map((m) => {
      const v = verdicts.get(m.call.key);
      const note = m.note ? ` (${m.note})` : '';
      const codes = m.codes ? ` (${m.codes})` : '';
      return `| ${m.call.name}${note} | \`${m.call.shown ?? `${m.call.method} ${m.call.path}`}\` | ${fmt(m.rps)} | ${m.p50} | ${m.p99} | ${m.non2xx}${codes} | ${m.errors} | ${((m.rps / bare.rps) * 100).toFixed(1)}% | ${v?.target ?? ''} | ${verdictText(v)} |`;
    }),
  ];
  for (const f of floods) {
    const m = f.flood;
    const v = verdicts.get(`flood:${f.key}`);
    rows.push(
      `| ${m.call.name} (${f.delivered.toLocaleString('en-US')} deliveries sent meanwhile, ${Math.round(f.delivered / f.seconds)}/s) | \`${m.call.shown ?? `${m.call.method} ${m.call.path}`}\` | ${fmt(m.rps)} | ${m.p50} | ${m.p99} | ${m.non2xx} | ${m.errors} | ${((m.rps / bare.rps) * 100).toFixed(1)}% | ${v?.target ?? ''} | ${verdictText(v)} |`,
    );
  }
  if (startup) {
    const v = verdicts.get('startup')!;
    rows.push(
      `| \`npm start\`, new data folder | time to /api/health 200, then to the portal's page | | ${startup.cold.healthMs} | ${startup.cold.pageMs} | | | | | |`,
      `| \`npm start\`, existing data folder | time to /api/health 200, then to the portal's page | | ${startup.warm.healthMs} | ${startup.warm.pageMs} | | | | ${v.target} | ${verdictText(v)} |`,
    );
  }
  const table = [
    '| Call | Request | req/s | p50 ms | p99 ms | non-2xx | errors | vs bare | Target | |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|---|',
    ...rows,
  ].join('\n');
  console.log(`\n${table}\n`);
  const galleryTable = galleryRows.length
    ? [
        '| Galleries | Request | Figure | Target | |',
        '|---|---|---|---|---|',
        ...galleryRows.map((r) => `| ${r.name} | \`${r.shown}\` | ${r.figure} | ${r.target} | ${r.met ? 'met' : '**MISSED**'} |`),
      ].join('\n')
    : '';
  if (galleryTable) console.log(`${galleryTable}\n`);
  for (const r of galleryRows) verdicts.set(`galleries: ${r.name}`, { target: r.target, met: r.met });
  const missed = [...verdicts.entries()].filter(([, v]) => !v.met).map(([k]) => k);
  console.log(missed.length ? `targets missed: ${missed.join(', ')}` : verdicts.size ? 'all targets met' : '');

  if (OUTPUT !== 'none') {
    const c = data.counts;
    const m = machine(pgVersion);
    const doc = `# Benchmarks

Written by \`npm run bench\` (backend/scripts/bench.ts) on ${m.Date}; run it again to refresh this page. Each
call gets ${CONNECTIONS} connections for ${DURATION} s (after a ${WARMUP} s warm-up) from autocannon, with sessions
signed in beforehand. The product runs as its own process, ${entry.how}, with its default settings (log level
\`info\`, mock mail, payment emulator) except a raised per-address sign-in limit (\`AUTH_IP_LIMIT_PER_MIN\`: every
sign-in comes from one address) and ${db.kind === 'external' ? 'a throwaway database on the PostgreSQL server of `DATABASE_URL`' : 'the embedded PostgreSQL, in a temporary folder'}.
autocannon runs in the benchmark's own process on the same machine, so the bare server's figure is the
ceiling of this machine and client together, and "vs bare" is what the product keeps of it.

Most rows ask the same request again and again. "Admin browsing ${BROWSE_PATHS} different Projects pages" goes round
${BROWSE_PATHS} different pages of the Projects list, the same on every run (a seeded PRNG): the sorts of its columns
(${BROWSE_SORTS.map((f) => `\`${f}\``).join(', ')}) in both directions in turn, any page of the whole list, and one page in ${SEARCH_EVERY} a
search for a word of the data (${SEARCH_WORDS.join(', ')}; one of the first ${SEARCH_PAGES} pages of its results).
"Admin browsing, 1 in ${WRITE_EVERY} a write" is the same browsing where every ${WRITE_EVERY}th request changes something, in
turn the name of a project (\`PUT /api/projects/{id}\` with the body of the back office's Edit Project dialog)
and a client's credits (\`POST /api/credit-adjustments\`, 1 credit added). The share of bare is req/s ÷ the bare
server's req/s in the same run; a row that answered errors or non-2xx misses its target.

## Machine

| | |
|---|---|
${Object.entries(m)
  .map(([k, v]) => `| ${k} | ${v} |`)
  .join('\n')}

## Data

${c.clients.toLocaleString('en-US')} clients, ${c.projects.toLocaleString('en-US')} projects with ${c.lines.toLocaleString('en-US')} service lines, ${c.payments.toLocaleString('en-US')} payments,
${c.creditTransactions.toLocaleString('en-US')} credit transactions (purchases of ${c.bundles} bundles, redemptions, adjustments; every balance is the sum of
its transactions), ${c.creditPaidLines.toLocaleString('en-US')} services paid with credits (backend/test/support/dataset.ts), and an invoice for
every project (${data.invoices.total.toLocaleString('en-US')}) in three installments: a 30 % deposit due on the project's date (every third
invoice: in 10 days), 30 % a month later and the balance a month after that (${data.invoices.open.toLocaleString('en-US')} open, ${data.invoices.overdue.toLocaleString('en-US')} of them overdue). My Projects is
a client with ${my.projects} projects with 3 services each; every redemption spends a fresh unpaid project of one
of ${data.redeemers.length} signed-in agency clients (${data.redemptionPool.length.toLocaleString('en-US')} prepared).

## Results

${table}

The two rows "during a webhook flood" measure the same call again while ${FLOOD_DELIVERIES.toLocaleString('en-US')} webhook deliveries to
${FLOOD_ENDPOINTS} endpoints (a receiver in the benchmark's process that answers 204 at once) wait to be sent: the delivery
worker runs all its lanes the whole time, and the target is that the call's p99 stays within twice its idle p99.

${
  galleryTable
    ? `## Galleries

${galleryTable}

Each galleries row runs against a product process of its own (the one above stopped first), with the same settings,
its media in the local folder (\`$DATA_DIR/media\`). Processing: the photos go up in one request, and
sign-in and the Projects page are measured (as above) while the worker makes their thumbnails and previews; their
idle p99 is measured just before, on the same process (sign-in goes through 2,000 accounts in turn, as in the flood
rows); the rate is the photos made ready (\`processed_at\`) while those two calls were measured, and, beside it, the rate
after them, when the worker had the machine to itself. A second run with more worker lanes is made when the default misses
3/s. Memory is the server's VmRSS (\`/proc/<pid>/status\`, every 50 ms), its peak during the request against the median
of the second before. The 1 GB upload's parts are a small JPEG's bytes padded to 50 MB: the worker processes the first
parts (a copy to a temporary file, a tiny decode) while the last ones still arrive. The ZIP's originals are written
through the storage layer and inserted as ready rows of a paid project; its client downloads it, the bytes counted and dropped.

`
    : ''
}For the two \`npm start\` rows the p50 and p99 columns hold the milliseconds from the spawn to the first 200 of
\`/api/health\` and of the portal's page (the embedded PostgreSQL included; the build was already there).

${missed.length ? `Targets missed: ${missed.map((k) => results.find((r) => r.call.key === k)?.call.name ?? k).join('; ')}.` : verdicts.size ? 'Every target is met.' : ''}

The pages as a browser meets them (Lighthouse on a phone and a desktop, first-load JavaScript, the back office
with 20,000 projects) are in [benchmarks-browser.md](benchmarks-browser.md), written by \`npm run bench:browser\`.
`;
    writeFileSync(OUTPUT, doc);
    console.log(`written to ${OUTPUT}`);
  }
  console.log(`done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

main().then(
  () => cleanup().then(() => process.exit(0)),
  (err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    return cleanup().then(() => process.exit(1));
  },
);
