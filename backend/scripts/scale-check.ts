/**
 * A quick check of how the back-office lists behave with a studio's years of data: seeds a throwaway
 * database (2,000 clients, 20,000 projects, 60,000 service lines, 15,000 payments), then times the
 * list calls the pages make. Run: npm run scale-check -w backend. (The full benchmark is `npm run bench`.)
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module';
import { createApp } from '../src/configure-app';
import { loadConfig } from '../src/shared/config/app-config';
import { backfillInvoices } from '../src/shared/database/migrations/1766275200000-invoices';
import { createTestDatabase } from '../test/support/database';

const CLIENTS = 2000;
const PROJECTS = 20000;
const PAYMENTS = 15000;

async function main(): Promise<void> {
  const db = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-scale-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: 'owner@studio.test',
    ADMIN_PASSWORD: 'OwnerPass1!',
    STATIC_DIR: join(dataDir, 'none'),
  });
  const app = await createApp(AppModule.forRoot(config, db.url), config, { quiet: true });
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  try {
    const ds = app.get(DataSource);
    const t0 = Date.now();
    await ds.query(
      `INSERT INTO users (username, email, password_hash, role, created_at)
      SELECT 'Client ' || g, 'client' || g || '@example.com', 'x', 'client', now() - (g || ' hours')::interval FROM generate_series(1, $1) g`,
      [CLIENTS],
    );
    await ds.query(`INSERT INTO services (name, description, price_cents, credit_eligible, credit_cost)
      SELECT 'Service ' || g, 'Description of service number ' || g, 5000 + g * 100, g % 2 = 0, 1 + g % 3 FROM generate_series(1, 50) g`);
    await ds.query(
      `INSERT INTO projects (name, description, client_id, price_cents, is_paid, date)
      SELECT 'Project ' || g || ' on ' || (ARRAY['Harbour Lane','Maple Street','Ocean Drive','Hill Road'])[1 + g % 4],
             'Listing photos', 2 + (g % $2), 0, g % 3 = 0, now() - (g || ' minutes')::interval
        FROM generate_series(1, $1) g`,
      [PROJECTS, CLIENTS],
    );
    await ds.query(`INSERT INTO project_services (project_id, service_id, quantity, unit_price_cents)
      SELECT p.id, s.sid, 1 + (p.id % 2), 5000 + s.sid * 100
        FROM projects p CROSS JOIN LATERAL (VALUES (1 + p.id % 50), (1 + (p.id + 17) % 50), (1 + (p.id + 33) % 50)) AS s(sid)`);
    await ds.query(`UPDATE projects p SET price_cents = l.total FROM (
      SELECT project_id, sum(unit_price_cents * quantity) AS total FROM project_services GROUP BY project_id) l WHERE l.project_id = p.id`);
    await ds.query(
      `INSERT INTO payments (project_id, client_id, amount_cents, status, note, payment_date)
      SELECT p.id, p.client_id, p.price_cents, 'completed', 'Marked as paid by admin', p.date + interval '1 day'
        FROM projects p ORDER BY p.id LIMIT $1`,
      [PAYMENTS],
    );
    // Written directly, as an import of earlier data: their invoices too (CONTRACT §14), and the projects' paid
    // flag from them (the projects module's cache of billing's answer).
    await backfillInvoices(ds, false);
    await ds.query(`UPDATE projects p SET is_paid = (i.status IN ('paid', 'draft') OR i.due_cents = 0)
                      FROM invoices i WHERE i.project_id = p.id AND p.is_paid IS DISTINCT FROM (i.status IN ('paid', 'draft') OR i.due_cents = 0)`);
    await ds.query('ANALYZE');
    console.log(
      `seeded ${CLIENTS} clients, ${PROJECTS} projects, ${PROJECTS * 3} lines, ${PAYMENTS} payments in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );

    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@studio.test', password: 'OwnerPass1!' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v));
    const calls: Array<[string, string]> = [
      ['projects page 1 (date desc)', `/api/projects?sort=${enc(['date', 'DESC'])}&range=${enc([0, 24])}`],
      ['projects page 800', `/api/projects?sort=${enc(['date', 'DESC'])}&range=${enc([19975, 19999])}`],
      ['projects sorted by client', `/api/projects?sort=${enc(['clientName', 'ASC'])}&range=${enc([0, 24])}`],
      ['projects search "ocean"', `/api/projects?range=${enc([0, 24])}&filter=${enc({ q: 'ocean' })}`],
      ['projects search by service', `/api/projects?range=${enc([0, 24])}&filter=${enc({ q: 'service number 42' })}`],
      ['clients search', `/api/clients?range=${enc([0, 24])}&filter=${enc({ q: 'client19' })}`],
      ['payments page 1', `/api/payments?sort=${enc(['paymentDate', 'DESC'])}&range=${enc([0, 24])}`],
      ['payments one day', `/api/payments?range=${enc([0, 24])}&filter=${enc({ day: new Date().toISOString().slice(0, 10), tz: 'UTC' })}`],
      ['payments summary', `/api/payments/summary?filter=${enc({ q: 'harbour' })}`],
      ['dashboard', `/api/dashboard?tz=UTC`],
      ['invoices page 1', `/api/invoices?sort=${enc(['number', 'DESC'])}&range=${enc([0, 24])}`],
      ['invoices overdue', `/api/invoices?range=${enc([0, 24])}&filter=${enc({ overdue: true })}`],
      ['client My Projects (10 projects)', `/api/projects/client/2`],
    ];
    console.log('call'.padEnd(36), 'rows', ' median ms', '  max ms');
    for (const [name, path] of calls) {
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < 15; i++) {
        const s = performance.now();
        const res = await fetch(base + path, { headers: { cookie } });
        const body = await res.json();
        times.push(performance.now() - s);
        if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
        rows = Array.isArray(body) ? body.length : 1;
      }
      times.sort((a, b) => a - b);
      console.log(name.padEnd(36), String(rows).padStart(4), times[7].toFixed(1).padStart(10), times[14].toFixed(1).padStart(8));
    }
  } finally {
    await app.close();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
