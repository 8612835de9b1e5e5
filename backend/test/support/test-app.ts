import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { createApp } from '../../src/configure-app';
import { AppConfig, loadConfig } from '../../src/shared/config/app-config';
import { ResponseRecorder } from './response-recorder';
import { SmtpSink } from './smtp-sink';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  db: DataSource;
  smtp: SmtpSink;
  /** Every route the app serves, as "METHOD /path/{param}" (HEAD twins of GET routes left out). */
  routes: string[];
  /** A cookie-keeping client, like one browser. */
  agent(): ReturnType<typeof request.agent>;
  http(): ReturnType<typeof request>;
  close(): Promise<void>;
}

export const ADMIN = { email: 'owner@studio.test', password: 'OwnerPass1!', username: 'Studio Owner' };

/** The whole app in-process, as `npm start` builds it, on the run's throwaway database and a real SMTP sink. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { smtp?: SmtpSink; logFile?: string; databaseUrl?: string } = {},
): Promise<TestApp> {
  // `databaseUrl`: a database of the test's own (a fresh one, e.g. for the first run), instead of the worker's.
  const databaseUrl = options.databaseUrl ?? process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set: run the API tests through jest.api.config.js');
  // A sink passed in is shared (several instances) and stays running when this app closes.
  const smtp = options.smtp ?? (await new SmtpSink().start());
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-session-secret-0123456789',
    LOG_LEVEL: 'silent',
    AUTH_IP_LIMIT_PER_MIN: '100000',
    OUTBOX_POLL_MS: '200',
    SMTP_URL: smtp.url(),
    APP_URL: 'http://portal.test',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_USERNAME: ADMIN.username,
    STATIC_DIR: join(tmpdir(), 'no-frontend-in-api-tests'),
    // The job queue (the payment reminders, decision 0047) only where a test asks for it (JOBS: 'on'): a
    // reminder run at start-up would send e-mails other tests count, and it adds some 0.25 s to an app's start.
    JOBS: 'off',
    ...env,
  });
  // `logFile`: the app's log (at the env's LOG_LEVEL) is written there, as npm start writes it to standard output.
  const app = await createApp(AppModule.forRoot(config, databaseUrl), config, {
    quiet: !process.env.TEST_APP_LOGS && !options.logFile,
    logFile: options.logFile,
  });
  // Every answer is held against openapi.yaml when the app closes (see ResponseRecorder).
  const recorder = new ResponseRecorder();
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  recorder.attach(fastify);
  const routes: string[] = [];
  fastify.addHook('onRoute', (route) => {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  // Each file starts with the default studio's money (currency, locale, tax): a file before it on the worker's
  // database may have left its own, and amounts, messages and invoices follow them (decisions 0042, 0045).
  // Written with SQL: the currency is locked by the API once money has moved.
  await app.get(DataSource).query(
    `UPDATE studio_settings SET currency = 'USD', locale = 'en-US', time_zone = 'UTC', tax_rate = 0, tax_name = 'Sales tax', tax_inclusive = false,
              payment_due_days = 14 WHERE id = 1 AND (currency, locale, time_zone, tax_rate, tax_name, tax_inclusive, payment_due_days)
              IS DISTINCT FROM ('USD', 'en-US', 'UTC', 0::numeric, 'Sales tax', false, 14::smallint)`,
  );
  const server = app.getHttpServer();
  return {
    app,
    config,
    db: app.get(DataSource),
    smtp,
    routes,
    agent: () => request.agent(server),
    http: () => request(server),
    close: async () => {
      await app.close();
      if (!options.smtp) await smtp.stop();
      rmSync(dataDir, { recursive: true, force: true });
      recorder.check();
    },
  };
}

let counter = 0;
/** A unique, valid sign-up for this run. */
export function newClient(prefix = 'client') {
  counter += 1;
  const tag = `${prefix}${process.pid}x${counter}x${Math.random().toString(36).slice(2, 7)}`;
  return { username: `User ${tag}`, email: `${tag}@example.com`, password: 'secret123' };
}

/** The session id inside a signed `portal.sid` cookie from a Set-Cookie header. */
export function sessionIdOf(setCookie: string[] | string | undefined): string | null {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const c = list.find((x) => x.startsWith('portal.sid='));
  if (!c) return null;
  const value = decodeURIComponent(c.split(';')[0].slice('portal.sid='.length));
  return value.startsWith('s:') ? value.slice(2).split('.')[0] : value;
}

/** Retries `check` until it stops throwing, for effects that happen after the response (the outbox). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export type Agent = ReturnType<typeof request.agent>;

/** A browser-like client signed in as the admin of ADMIN. */
export async function adminAgent(t: TestApp): Promise<Agent> {
  const agent = t.agent();
  await agent.post('/api/login').send({ email: ADMIN.email, password: ADMIN.password }).expect(200);
  return agent;
}

/** A newly registered client, signed in. */
export async function clientAgent(t: TestApp, prefix = 'client'): Promise<{ agent: Agent; id: number; email: string; username: string }> {
  const agent = t.agent();
  const c = newClient(prefix);
  const res = await agent.post('/api/register').send(c).expect(201);
  return { agent, id: res.body.id, email: c.email, username: c.username };
}

/** The Content-Range header of a paged list answer, parsed. */
export function contentRange(header: string | undefined): { resource: string; start: number; end: number; total: number } {
  const m = /^([\w-]+) (\d+)-(\d+)\/(\d+)$/.exec(header ?? '');
  if (!m) throw new Error(`bad Content-Range: ${header}`);
  return { resource: m[1], start: Number(m[2]), end: Number(m[3]), total: Number(m[4]) };
}

export const listParams = (sort?: [string, 'ASC' | 'DESC'], range?: [number, number], filter?: Record<string, unknown>) => ({
  ...(sort ? { sort: JSON.stringify(sort) } : {}),
  ...(range ? { range: JSON.stringify(range) } : {}),
  ...(filter ? { filter: JSON.stringify(filter) } : {}),
});
