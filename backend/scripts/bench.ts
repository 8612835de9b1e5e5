/**
 * npm run bench (at the repository root): seeds a studio's years of data into a throwaway database,
 * then measures with autocannon, first a bare node:http server, then the product started as its own
 * process the way `npm start` starts it (`node main.js` of the compiled backend, default settings), for
 * the calls that matter. Prints the figures and writes them with the targets to docs/benchmarks.md.
 * Everything it starts and creates (processes, database, temporary folders) is gone when it ends.
 *
 * Settings (environment): BENCH_DURATION seconds per call (10), BENCH_WARMUP seconds before each (2),
 * BENCH_CONNECTIONS (50), BENCH_ONLY=key,key (a subset: see CALLS, and `startup` for the two timed `npm start` runs), BENCH_OUTPUT (a file instead of
 * docs/benchmarks.md, or "none"), BENCH_REDEEM_POOL (projects prepared for the redemption; default 600
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
import { DataSource } from 'typeorm';
import { typeormOptions } from '../src/shared/database/typeorm-options';
import { createTestDatabase, TestDatabase } from '../test/support/database';
import { seedDataset, SeededDataset } from '../test/support/dataset';
import { ADMIN, AppProcess, compiledBackend, freePort, get, HttpSession, sleep, startAppProcess, startHelloServer } from '../test/support/processes';

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
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
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
  if (existsSync(dist) && statSync(dist).mtimeMs >= newest(join(BACKEND, 'src'))) return { mainJs: dist, how: '`node backend/dist/main.js` (the `npm run build` output)' };
  const { dir } = await compiledBackend();
  return {
    mainJs: join(dir, 'main.js'),
    how: '`node main.js` of the backend compiled with tsconfig.build.json (as `nest build` emits it; backend/dist was missing or older than the sources)',
  };
}

// ---------------------------------------------------------------------------------------------------
interface Call {
  key: string;
  name: string;
  method: 'GET' | 'POST';
  path: string;
  shown?: string;
  cookie?: string;
  body?: unknown;
  /** Per request: a fresh body and cookie (the redemption). */
  setup?: (req: autocannon.Request) => autocannon.Request;
  /** Asked of the second product process, which keeps no list answers (LIST_CACHE_MB=0): every request reads the list. */
  fresh?: boolean;
  onDone?: () => string | undefined;
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

async function measure(url: string, call: Call, seconds: number, connections: number, progress: boolean): Promise<Measured> {
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
  });
  if (progress && tty) autocannon.track(instance, { renderProgressBar: true, renderResultsTable: false, renderLatencyTable: false, outputStream: process.stderr });
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
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
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
  console.log(`database: a throwaway one on ${db.kind === 'external' ? 'the server of DATABASE_URL' : 'an embedded PostgreSQL in a temporary folder'}`);

  // The schema, by the app's own migrations.
  const ds = new DataSource(typeormOptions(db.url, []));
  await ds.initialize();
  await ds.destroy();

  const pg = new Client({ connectionString: db.url });
  await pg.connect();
  let data: SeededDataset;
  let pgVersion: string;
  try {
    pgVersion = (await pg.query('SHOW server_version')).rows[0].server_version as string;
    const s0 = Date.now();
    data = await seedDataset(pg, { onProgress: bar, redemptionPool: REDEEM_POOL });
    if (tty) process.stderr.write('\n');
    const c = data.counts;
    console.log(
      `seeded ${c.clients} clients, ${c.projects} projects, ${c.lines} service lines, ${c.payments} payments, ` +
        `${c.creditTransactions} credit transactions (${c.bundles} bundles, ${c.creditPaidLines} services paid with credits) in ${((Date.now() - s0) / 1000).toFixed(1)} s`,
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
  const startProduct = (name: string, extra: Record<string, string> = {}): Promise<AppProcess> =>
    startAppProcess({
      name,
      databaseUrl: db.url,
      mainJs: entry.mainJs,
      timeoutMs: 120_000,
      env: {
        ...extra,
        DATA_DIR: dataDir,
        // Defaults of `npm start`: the processes helper's test settings are taken back.
        LOG_LEVEL: undefined,
        OUTBOX_POLL_MS: undefined,
        STATIC_DIR: undefined,
        // Sign-in is measured from one address: its per-address budget would answer 429 after 60 a minute.
        AUTH_IP_LIMIT_PER_MIN: '1000000',
        // e.g. --require a profiler to look inside the product while it is measured.
        NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS,
      },
    });
  const app = await startProduct('product');
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
    body: { projectId: 0 },
    setup: (req) => {
      const next = pool.shift();
      if (!next) throw new Error('the redemption pool ran dry');
      poolUsed++;
      if (pool.length < RESERVE && !poolOut) {
        poolOut = true;
        (redeem as Call & { instance?: { stop(): void } }).instance?.stop();
      }
      return {
        ...req,
        headers: { ...req.headers, cookie: redeemerCookies.get(next.clientId)!, 'content-type': 'application/json' },
        body: JSON.stringify({ projectId: next.projectId, description: 'Benchmark redemption' }),
      };
    },
    onDone: () => (poolOut ? `stopped early: the ${data.redemptionPool.length} prepared projects ran out` : undefined),
  };

  const CALLS: Call[] = [
    { key: 'login', name: 'Sign in', method: 'POST', path: '/api/login', body: { email: my.email, password: data.password } },
    { key: 'user', name: 'Current user', method: 'GET', path: '/api/user', cookie: myCookie },
    {
      key: 'projects',
      name: 'Admin projects, page 1',
      method: 'GET',
      path: `/api/projects?sort=${enc(['date', 'DESC'])}&range=${enc([0, 24])}`,
      shown: 'GET /api/projects?sort=["date","DESC"]&range=[0,24]',
      cookie: adminCookie,
    },
    {
      key: 'projects800',
      name: 'Admin projects, page 800',
      method: 'GET',
      path: `/api/projects?sort=${enc(['date', 'DESC'])}&range=${enc([19975, 19999])}`,
      shown: 'GET /api/projects?sort=["date","DESC"]&range=[19975,19999]',
      cookie: adminCookie,
    },
    {
      key: 'search',
      name: 'Admin projects, search',
      method: 'GET',
      path: `/api/projects?sort=${enc(['date', 'DESC'])}&range=${enc([0, 24])}&filter=${enc({ q: 'ocean' })}`,
      shown: 'GET /api/projects?sort=["date","DESC"]&range=[0,24]&filter={"q":"ocean"}',
      cookie: adminCookie,
    },
    {
      key: 'projectsfresh',
      name: 'Admin projects, page 1, read every time',
      method: 'GET',
      path: `/api/projects?sort=${enc(['date', 'DESC'])}&range=${enc([0, 24])}`,
      shown: 'the same, LIST_CACHE_MB=0',
      cookie: adminCookie,
      fresh: true,
    },
    {
      key: 'searchfresh',
      name: 'Admin projects, search, read every time',
      method: 'GET',
      path: `/api/projects?sort=${enc(['date', 'DESC'])}&range=${enc([0, 24])}&filter=${enc({ q: 'ocean' })}`,
      shown: 'the same, LIST_CACHE_MB=0',
      cookie: adminCookie,
      fresh: true,
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
      key: 'myprojectsfresh',
      name: `My Projects, read every time`,
      method: 'GET',
      path: `/api/projects/client/${my.id}`,
      shown: 'the same, LIST_CACHE_MB=0',
      cookie: myCookie,
      fresh: true,
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
  ];
  const calls = ONLY.length ? CALLS.filter((c) => ONLY.includes(c.key)) : CALLS;
  const unknown = ONLY.filter((k) => k !== 'startup' && !CALLS.some((c) => c.key === k));
  if (unknown.length) throw new Error(`BENCH_ONLY: unknown key ${unknown.join(', ')}; known: ${CALLS.map((c) => c.key).join(', ')}, startup`);

  // The second process (same database and data folder, so the same sessions) for the "read every time" rows.
  let freshApp: AppProcess | undefined;
  if (calls.some((c) => c.fresh)) {
    freshApp = await startProduct('product, lists read every time', { LIST_CACHE_MB: '0' });
    cleanups.push({ what: 'the second product process', run: () => freshApp!.stop() });
  }
  const urlOf = (call: Call) => (call.fresh ? freshApp!.url : app.url);

  // Each call answers 2xx before it is measured (a benchmark of error answers would mean nothing).
  const problems: string[] = [];
  for (const call of calls) {
    const s = new HttpSession(urlOf(call), 60_000);
    if (call.cookie) s.cookie = call.cookie;
    let body = call.body;
    if (call.setup) {
      const req = call.setup({ method: call.method, path: call.path, headers: {} });
      s.cookie = req.headers!.cookie;
      body = JSON.parse(String(req.body));
    }
    const res = await s.request(call.method, call.path, body);
    s.close();
    const rows = Array.isArray(res.body) ? `${res.body.length} rows, ` : '';
    console.log(`  check ${call.key}: ${res.status}, ${rows}${(res.text.length / 1024).toFixed(1)} kB (gzipped ${(gzipSync(res.text).length / 1024).toFixed(1)} kB), ${res.ms.toFixed(0)} ms`);
    if (res.status < 200 || res.status > 299) problems.push(`${call.name}: ${res.status} ${res.text.slice(0, 200)}`);
  }
  if (problems.length) console.error(`some calls do not answer 2xx:\n  ${problems.join('\n  ')}`);

  // Measurements: the bare server first, then each call (warm-up, then the measured run).
  console.log(`\nbare node:http server`);
  if (WARMUP) await measure(`http://127.0.0.1:${helloPort}/`, { key: 'bare', name: 'bare', method: 'GET', path: '/' }, WARMUP, CONNECTIONS, false);
  const bare = await measure(`http://127.0.0.1:${helloPort}/`, { key: 'bare', name: 'Bare node:http hello server', method: 'GET', path: '/', shown: 'GET / ("hello world")' }, DURATION, CONNECTIONS, true);
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
      await measure(urlOf(call) + call.path, { ...call, onDone: undefined }, WARMUP, CONNECTIONS, false);
      await settle();
    }
    const m = await measure(urlOf(call) + call.path, call, DURATION, CONNECTIONS, true);
    results.push(m);
    console.log(
      `  ${Math.round(m.rps)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, non-2xx ${m.non2xx}${m.codes ? ` (${m.codes})` : ''}${m.errors ? `, errors ${m.errors}` : ''}, ${((m.rps / bare.rps) * 100).toFixed(1)}% of bare${m.note ? ` (${m.note})` : ''}`,
    );
    if (!app.running() || (freshApp && !freshApp.running())) throw new Error(`the product exited during "${call.name}":\n${(call.fresh ? freshApp! : app).output().slice(-3000)}`);
    if (m.non2xx) {
      const lines = app.output().split('\n').filter((l) => /"level":(40|50)|error/i.test(l)).slice(-3);
      if (lines.length) console.log(`  the product logged:\n    ${lines.map((l) => l.slice(0, 400)).join('\n    ')}`);
    }
  }
  if (calls.includes(redeem)) console.log(`  redemptions sent: ${poolUsed} (warm-up included), projects left in the pool: ${pool.length}`);

  // Start-up: npm start on a new data folder (it creates the embedded database), then on the same folder again.
  let startup: { cold: { healthMs: number; pageMs: number }; warm: { healthMs: number; pageMs: number } } | null = null;
  if (!ONLY.length || ONLY.includes('startup')) {
    const startDir = mkdtempSync(join(tmpdir(), 'portal-bench-start-'));
    cleanups.push({ what: 'the start-up data folder', run: () => rmSync(startDir, { recursive: true, force: true }) });
    console.log('npm start on a new data folder, then on the same folder again');
    const cold = await timeNpmStart(startDir);
    const warm = await timeNpmStart(startDir);
    startup = { cold, warm };
    console.log(`  new folder: /api/health ${cold.healthMs} ms, page ${cold.pageMs} ms; existing folder: /api/health ${warm.healthMs} ms, page ${warm.pageMs} ms`);
  }

  // Targets.
  const by = (key: string) => results.find((r) => r.call.key === key);
  const verdicts = new Map<string, { target: string; met: boolean }>();
  const p1 = by('projects');
  if (p1) {
    verdicts.set('projects', { target: `≥ 8% of bare req/s (≥ ${Math.round(bare.rps * 0.08)}), p99 ≤ 50 ms`, met: p1.rps >= bare.rps * 0.08 && p1.p99 <= 50 && p1.non2xx === 0 });
  }
  const p800 = by('projects800');
  if (p800 && p1) {
    verdicts.set('projects800', {
      target: `within 1.5× of page 1: p50 ≤ ${(p1.p50 * 1.5).toFixed(1)} ms, ≥ ${Math.round(p1.rps / 1.5)} req/s`,
      met: p800.p50 <= p1.p50 * 1.5 && p800.rps >= p1.rps / 1.5 && p800.non2xx === 0,
    });
  }
  if (startup) {
    verdicts.set('startup', { target: 'existing data folder: serving within 5 s', met: startup.warm.healthMs <= 5000 && startup.warm.pageMs <= 5000 });
  }
  const mp = by('myprojects');
  if (mp) verdicts.set('myprojects', { target: 'p99 ≤ 50 ms', met: mp.p99 <= 50 && mp.non2xx === 0 });

  const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));
  const rows = [
    `| Bare node:http hello server | \`${bare.call.shown}\` | ${fmt(bare.rps)} | ${bare.p50} | ${bare.p99} | ${bare.non2xx} | 100% | | |`,
    ...results.map((m) => {
      const v = verdicts.get(m.call.key);
      const verdict = v ? (v.met ? 'met' : '**MISSED**') : '';
      const note = m.note ? ` (${m.note})` : '';
      const errors = (m.codes ? ` (${m.codes})` : '') + (m.errors ? ` (+${m.errors} errors)` : '');
      return `| ${m.call.name}${note} | \`${m.call.shown ?? `${m.call.method} ${m.call.path}`}\` | ${fmt(m.rps)} | ${m.p50} | ${m.p99} | ${m.non2xx}${errors} | ${((m.rps / bare.rps) * 100).toFixed(1)}% | ${v?.target ?? ''} | ${verdict} |`;
    }),
  ];
  if (startup) {
    const v = verdicts.get('startup')!;
    rows.push(
      `| \`npm start\`, new data folder | time to /api/health 200, then to the portal's page | | ${startup.cold.healthMs} | ${startup.cold.pageMs} | | | | |`,
      `| \`npm start\`, existing data folder | time to /api/health 200, then to the portal's page | | ${startup.warm.healthMs} | ${startup.warm.pageMs} | | | ${v.target} | ${v.met ? 'met' : '**MISSED**'} |`,
    );
  }
  const table = [
    '| Call | Request | req/s | p50 ms | p99 ms | non-2xx | vs bare | Target | |',
    '|---|---|---:|---:|---:|---:|---:|---|---|',
    ...rows,
  ].join('\n');
  console.log(`\n${table}\n`);
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

The product keeps the answers of its two most read lists, the Projects page and My Projects, for as long as
nothing they show changes (docs/decisions/0016-kept-list-answers.md); asking the same page again and again,
as autocannon does, measures that path: the kept-answer lane in front of Express
(docs/decisions/0017-kept-answer-lane.md) reads the session with its one statement, which also reads the list
version, checks the session and the route's guard, and sends the kept answer. The rows "read every time" ask a second process of the product that keeps nothing
(\`LIST_CACHE_MB=0\`): what a page costs right after a change, or the first time it is asked for.

## Machine

| | |
|---|---|
${Object.entries(m)
  .map(([k, v]) => `| ${k} | ${v} |`)
  .join('\n')}

## Data

${c.clients.toLocaleString('en-US')} clients, ${c.projects.toLocaleString('en-US')} projects with ${c.lines.toLocaleString('en-US')} service lines, ${c.payments.toLocaleString('en-US')} payments,
${c.creditTransactions.toLocaleString('en-US')} credit transactions (purchases of ${c.bundles} bundles, redemptions, adjustments; every balance is the sum of
its transactions), ${c.creditPaidLines.toLocaleString('en-US')} services paid with credits (backend/test/support/dataset.ts). My Projects is
a client with ${my.projects} projects with 3 services each; every redemption spends a fresh unpaid project of one
of ${data.redeemers.length} signed-in agency clients (${data.redemptionPool.length.toLocaleString('en-US')} prepared).

## Results

${table}

For the two \`npm start\` rows the p50 and p99 columns hold the milliseconds from the spawn to the first 200 of
\`/api/health\` and of the portal's page (the embedded PostgreSQL included; the build was already there).

${missed.length ? `Targets missed: ${missed.map((k) => results.find((r) => r.call.key === k)?.call.name ?? k).join('; ')}.` : verdicts.size ? 'Every target is met.' : ''}
`;
    writeFileSync(OUTPUT, doc);
    console.log(`written to ${OUTPUT}`);
  }
  console.log(`done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

main()
  .then(
    () => cleanup().then(() => process.exit(0)),
    (err) => {
      console.error(err instanceof Error ? err.stack ?? err.message : err);
      return cleanup().then(() => process.exit(1));
    },
  );
