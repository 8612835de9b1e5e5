import { ChildProcess, execFile, spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { databaseOnServer } from './database';

/**
 * The product as real, separate OS processes: the backend started the way `npm start` starts it
 * (`node <compiled>/main.js` with its configuration in the environment), and an embedded PostgreSQL
 * server that a test can stop and start again. Every child is killed by its own PID.
 */

const BACKEND = join(__dirname, '..', '..');
const CACHE = join(BACKEND, 'node_modules', '.cache', 'portal-system-tests');
/** Preloaded into every child: it ends itself if this test process dies without stopping it. */
const EXIT_WITH_PARENT = join(__dirname, 'exit-with-parent.cjs');

export const SESSION_SECRET = 'system-test-session-secret-0123456789';
export const ADMIN = { email: 'owner@studio.test', password: 'OwnerPass1!', username: 'Studio Owner' };

const children = new Set<ChildProcess>();
let exitHookInstalled = false;
function track(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // Last resort if a test run dies without its afterAll: no child outlives the test process.
    process.once('exit', () => {
      for (const c of children) if (c.pid && c.exitCode === null) safeKill(c.pid, 'SIGTERM');
    });
  }
}

function safeKill(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/**
 * The bare node:http hello server `npm run bench` measures as this machine's ceiling (and the browser
 * tests' machine-speed check measures again), as a process of its own on 127.0.0.1:`port`.
 */
export function startHelloServer(port: number): Promise<ChildProcess> {
  const code = `require('node:http').createServer((req, res) => { res.writeHead(200, { 'content-type': 'text/plain' }); res.end('hello world'); })
    .listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const child = spawn(process.execPath, ['-r', EXIT_WITH_PARENT, '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  track(child);
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (c) => reject(new Error(`the bare server exited (${c})`)));
  });
}

/** Whether process `pid` holds the socket listening on TCP `port` (Linux's /proc; elsewhere, assumed). */
export function listensOn(pid: number, port: number): boolean {
  if (process.platform !== 'linux') return true;
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st … inode: state 0A is LISTEN
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9 && cols[1].endsWith(hexPort) && cols[3] === '0A') inodes.add(cols[9]);
    }
  }
  let fds: string[] = [];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false;
  }
  return fds.some((fd) => {
    try {
      return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? '');
    } catch {
      return false;
    }
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

let compiled: Promise<{ dir: string; compileMs: number }> | null = null;
/**
 * The backend compiled to JavaScript (test/support/compile-backend.mjs: tsconfig.build.json, no type
 * check, cached by the sources), in a Node process of its own. Answers the folder holding main.js.
 */
export function compiledBackend(): Promise<{ dir: string; compileMs: number }> {
  compiled ??= new Promise((resolve, reject) => {
    execFile(process.execPath, [join(__dirname, 'compile-backend.mjs')], { cwd: BACKEND, env: baseEnv() }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`compiling the backend failed: ${stderr || err.message}`));
      const result = JSON.parse(stdout.trim().split('\n').pop()!) as { dir: string; compileMs: number };
      if (result.compileMs) console.log(`backend compiled for the system tests in ${result.compileMs} ms`);
      resolve(result);
    });
  });
  return compiled;
}

/** Keeps the last `max` characters a child printed, for failure messages. */
class OutputTail {
  private chunks: string[] = [];
  private length = 0;
  constructor(private readonly max = 4_000_000) {}
  attach(child: ChildProcess): void {
    // Chunks are kept as they come and trimmed only once twice the limit is held: a busy child's
    // request log costs the parent (the benchmark's load generator) next to nothing.
    const add = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      this.chunks.push(text);
      this.length += text.length;
      if (this.length > 2 * this.max) {
        const kept = this.toString();
        this.chunks = [kept];
        this.length = kept.length;
      }
    };
    child.stdout?.on('data', add);
    child.stderr?.on('data', add);
  }
  toString(): string {
    return this.chunks.join('').slice(-this.max);
  }
}

async function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(t);
      resolve(true);
    });
  });
}

/** Ends a child by its PID: SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  safeKill(child.pid, 'SIGTERM');
  if (!(await waitForExit(child, graceMs))) {
    safeKill(child.pid, 'SIGKILL');
    await waitForExit(child, 5_000);
  }
}

/** A minimal environment: nothing of the test runner's own configuration leaks into a child. */
function baseEnv(): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR'];
  return Object.fromEntries(keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]]));
}

export interface AppProcess {
  name: string;
  url: string;
  port: number;
  pid: number;
  /** From spawn to the first 200 of /api/health. */
  startupMs: number;
  output(): string;
  running(): boolean;
  stop(): Promise<void>;
}

export interface AppProcessOptions {
  name?: string;
  databaseUrl: string;
  smtpUrl?: string;
  /** Added to (or, with undefined, removed from) the child's environment. */
  env?: Record<string, string | undefined>;
  /** The compiled entry point to run; default: main.js of compiledBackend(). */
  mainJs?: string;
  /** How long to wait for /api/health to answer 200. */
  timeoutMs?: number;
}

/** Starts `node main.js` like `npm start` does, on a free port, and waits until /api/health answers 200. */
export async function startAppProcess(opts: AppProcessOptions): Promise<AppProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAppProcessOnce(opts);
    } catch (err) {
      // The free port was taken by someone else between the probe and the listen: another port.
      if (attempt >= 3 || !/EADDRINUSE/.test((err as Error).message)) throw err;
    }
  }
}

async function startAppProcessOnce(opts: AppProcessOptions): Promise<AppProcess> {
  const mainJs = opts.mainJs ?? join((await compiledBackend()).dir, 'main.js');
  const port = await freePort();
  const name = opts.name ?? `app:${port}`;
  const started = Date.now();
  const child = spawn(process.execPath, ['-r', EXIT_WITH_PARENT, mainJs], {
    cwd: BACKEND,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...baseEnv(),
      PORT: String(port),
      DATABASE_URL: opts.databaseUrl,
      SESSION_SECRET,
      LOG_LEVEL: 'warn',
      AUTH_IP_LIMIT_PER_MIN: '1000000',
      OUTBOX_POLL_MS: '200',
      APP_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_USERNAME: ADMIN.username,
      STATIC_DIR: join(BACKEND, 'no-frontend-in-system-tests'),
      DATA_DIR: join(CACHE, 'data-unused'),
      // The photo worker in the web process, as the in-process tests have it; worker-process.e2e-spec.ts
      // tests npm start's default (a process of its own).
      PHOTO_WORKER: 'inline',
      ...(opts.smtpUrl ? { SMTP_URL: opts.smtpUrl } : {}),
      ...opts.env,
    },
  });
  track(child);
  const out = new OutputTail();
  out.attach(child);
  const url = `http://127.0.0.1:${port}`;
  const deadline = started + (opts.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${out}`);
    }
    const res = await get(`${url}/api/health`, 1_000).catch(() => null);
    // Another test's app can take the "free" port first and answer for this one, which then dies with
    // EADDRINUSE (and is started again on another port): only this child's own socket counts.
    if (res?.status === 200 && listensOn(child.pid!, port)) break;
    if (Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`${name} was not healthy within ${opts.timeoutMs ?? 60_000} ms:\n${out}`);
    }
    await sleep(100);
  }
  return {
    name,
    url,
    port,
    pid: child.pid!,
    startupMs: Date.now() - started,
    output: () => out.toString(),
    running: () => child.exitCode === null && child.signalCode === null,
    stop: () => stopChild(child),
  };
}

export interface PostgresProcess {
  /** postgres://… of the test's database on this server. */
  url: string;
  port: number;
  dataDir: string;
  running(): boolean;
  /** Fast shutdown of the server (open connections are cut); the data folder stays. */
  stop(): Promise<void>;
  /** Starts the server again on the same data folder and port. */
  start(): Promise<void>;
  output(): string;
}

/**
 * An embedded PostgreSQL (the same `startEmbeddedPostgres` the product uses without DATABASE_URL), run
 * by a small Node process of its own, because the package is ESM-only and Jest's sandbox cannot load it.
 * Stopping that process stops the server.
 */
export async function startPostgresProcess(opts: { dataDir: string; database: string; port?: number }): Promise<PostgresProcess> {
  const { dir } = await compiledBackend();
  const port = opts.port ?? (await freePort());
  const out = new OutputTail();
  let child: ChildProcess | null = null;
  let url = '';
  const script = `
    const { startEmbeddedPostgres } = require(${JSON.stringify(join(dir, 'shared', 'database', 'embedded-postgres.js'))});
    startEmbeddedPostgres({ dir: process.env.PG_DIR, database: process.env.PG_DB, port: Number(process.env.PG_PORT), log: (l) => console.error(l) })
      .then((db) => {
        let stopping = false;
        const stop = () => { if (stopping) return; stopping = true; db.stop().finally(() => process.exit(0)); };
        process.on('SIGTERM', stop);
        process.on('SIGINT', stop);
        process.stdout.write(JSON.stringify({ url: db.url }) + '\\n');
      })
      .catch((err) => { console.error('embedded PostgreSQL failed:', err && err.message || err); process.exit(1); });
  `;
  const start = async () => {
    const c = spawn(process.execPath, ['-r', EXIT_WITH_PARENT, '-e', script], {
      cwd: BACKEND,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...baseEnv(), PG_DIR: opts.dataDir, PG_DB: opts.database, PG_PORT: String(port) },
    });
    track(c);
    out.attach(c);
    child = c;
    url = await new Promise<string>((resolve, reject) => {
      let buffer = '';
      const timer = setTimeout(() => reject(new Error(`PostgreSQL did not start within 120 s:\n${out}`)), 120_000);
      c.stdout!.on('data', (chunk: Buffer) => {
        buffer += chunk.toString('utf8');
        const line = buffer.split('\n').find((l) => l.startsWith('{'));
        if (line) {
          clearTimeout(timer);
          resolve((JSON.parse(line) as { url: string }).url);
        }
      });
      c.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`PostgreSQL process exited (${code}):\n${out}`));
      });
    });
  };
  await start();
  return {
    get url() {
      return url;
    },
    port,
    dataDir: opts.dataDir,
    running: () => child !== null && child.exitCode === null && child.signalCode === null,
    stop: async () => {
      if (child) await stopChild(child, 30_000);
      child = null;
    },
    start,
    output: () => out.toString(),
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The parsed JSON body, or undefined when it is not JSON. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  ms: number;
}

/**
 * One browser-like client over its own keep-alive connection: keeps the session cookie, and every
 * request has a deadline (a hang is an error, status 0 with `timedOut`).
 */
export class HttpSession {
  cookie: string | null = null;
  /** Sent with every request (e.g. X-Forwarded-For: the client's address behind the proxy). */
  headers: Record<string, string> = {};
  // Idle connections are dropped after 4 s, before the server's own 5 s keep-alive timeout.
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1, timeout: 4_000 });

  constructor(
    public baseUrl: string,
    private readonly timeoutMs = 10_000,
  ) {}

  /** Requests sent again because the server had closed the idle keep-alive connection they went out on. */
  static staleConnectionRetries = 0;

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> {
    const go = () =>
      send(this.baseUrl + path, {
        method,
        body,
        headers: { ...this.headers, ...(this.cookie ? { Cookie: this.cookie } : {}), ...headers },
        agent: this.agent,
        timeoutMs: this.timeoutMs,
      });
    let res: HttpAnswer;
    try {
      res = await go();
    } catch (err) {
      // As browsers do (and Node's docs for `request.reusedSocket` advise): a request that failed on a
      // reused keep-alive connection before any answer, because the server had just closed it, goes
      // once more on a new connection. The server never saw it.
      if (!(err as StaleConnection).staleConnection) throw err;
      HttpSession.staleConnectionRetries++;
      res = await go();
    }
    const setCookie = res.headers['set-cookie'];
    const sid = (Array.isArray(setCookie) ? setCookie : []).find((c) => c.startsWith('portal.sid='));
    if (sid) this.cookie = sid.split(';')[0];
    return res;
  }

  get(path: string) {
    return this.request('GET', path);
  }
  post(path: string, body?: unknown) {
    return this.request('POST', path, body ?? {});
  }

  close(): void {
    this.agent.destroy();
  }
}

export class TimeoutError extends Error {}
interface StaleConnection {
  staleConnection?: boolean;
}

export async function get(url: string, timeoutMs = 10_000): Promise<HttpAnswer> {
  return send(url, { method: 'GET', timeoutMs });
}

function send(
  url: string,
  o: { method: string; body?: unknown; headers?: Record<string, string>; agent?: Agent; timeoutMs: number },
): Promise<HttpAnswer> {
  const started = performance.now();
  const payload = o.body === undefined ? undefined : Buffer.from(JSON.stringify(o.body));
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: o.method,
        agent: o.agent,
        headers: {
          Accept: 'application/json',
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': String(payload.length) } : {}),
          ...o.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          clearTimeout(timer);
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown;
          if (String(res.headers['content-type'] ?? '').includes('json')) {
            try {
              body = JSON.parse(text);
            } catch {
              body = undefined;
            }
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body, ms: performance.now() - started });
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new TimeoutError(`${o.method} ${url}: no answer within ${o.timeoutMs} ms`));
    }, o.timeoutMs);
    req.on('error', (err: Error & StaleConnection & { code?: string }) => {
      clearTimeout(timer);
      if (req.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE')) err.staleConnection = true;
      reject(err);
    });
    if (payload) req.write(payload);
    req.end();
  });
}

/** Latency percentile of sorted milliseconds. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of its own for one system test, created on the run's test server (next to
 * TEST_DATABASE_URL) and dropped afterwards: the processes it starts, their outbox workers and the
 * rows they write never meet the other test files' data.
 */
export async function scratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `${new URL(base).pathname.slice(1)}_${prefix}_${Math.random().toString(36).slice(2, 8)}`.toLowerCase();
  return databaseOnServer(base, name);
}
