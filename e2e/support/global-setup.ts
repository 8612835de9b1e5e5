import { spawn } from 'node:child_process';
import { createServer as createHttpServer } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SmtpSink } from '../../backend/test/support/smtp-sink';
import { freePort } from '../../backend/test/support/processes';

export const E2E_ADMIN = { email: 'owner@studio.test', password: 'OwnerPass1!', username: 'Studio Owner' };

/**
 * Starts a real SMTP server (messages written as JSON into MAIL_DIR) and the product through
 * `npm start` on a fresh data folder (embedded PostgreSQL unless DATABASE_URL is set), and waits
 * for /api/health. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const work = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const mailDir = join(work, 'mail');
  mkdirSync(mailDir);
  const smtp = await new SmtpSink().start({ saveTo: mailDir });
  // A stand-in for the studio's scheduling page, embedded at /booking.
  const booking = createHttpServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Scheduling</title><h1>Pick a time for your session</h1>');
  });
  await new Promise<void>((resolve) => booking.listen(0, '127.0.0.1', () => resolve()));
  const bookingUrl = `http://127.0.0.1:${(booking.address() as { port: number }).port}/studio`;
  process.env.E2E_BOOKING_URL = bookingUrl;
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_MAIL_DIR = mailDir;
  // the product's data folder: tests that seed with SQL find the embedded PostgreSQL there
  process.env.E2E_DATA_DIR = join(work, 'data');

  const app = spawn('node', ['scripts/start.mjs'], {
    cwd: join(__dirname, '..', '..'),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: join(work, 'data'),
      SMTP_URL: smtp.url(),
      APP_URL: baseURL,
      BOOKING_URL: bookingUrl,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_USERNAME: E2E_ADMIN.username,
      AUTH_IP_LIMIT_PER_MIN: '10000',
      OUTBOX_POLL_MS: '500',
      // webhook endpoints on this machine (http://127.0.0.1:…) for the Integrations page's tests
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  let log = '';
  app.stdout.on('data', (d) => (log += d));
  app.stderr.on('data', (d) => (log += d));

  const started = Date.now();
  for (;;) {
    if (app.exitCode !== null) throw new Error(`the portal exited before it was healthy:\n${log}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 300_000) throw new Error(`the portal was not healthy within 300 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  console.log(`portal started for the browser tests at ${baseURL} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  return async () => {
    try {
      process.kill(-app.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        try {
          process.kill(-app.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
        resolve();
      }, 10_000);
      app.once('exit', () => {
        clearTimeout(t);
        resolve();
      });
    });
    await smtp.stop();
    booking.close();
    rmSync(work, { recursive: true, force: true });
  };
}
