import { connectToE2eDatabase } from '../support/database';
import { ADMIN, expect, signIn, test } from '../support/fixtures';
import { bareServerRate, NOMINAL_BARE_RATE, scaledBudget } from '../support/machine-speed';
import { addSection, table } from './report';

/**
 * Issue 8: with a studio's years of data (20,000 projects), the back office's Projects page shows its
 * first page within a second of the navigation starting (decision 0014), on the machine at its nominal
 * speed (the budget scales when the shared machine measures slower: support/machine-speed.ts). The rows are seeded with SQL
 * in the product's database under a tag of this run, and removed again afterwards.
 */
const PROJECTS = 20_000;
const CLIENTS = 500;
const SERVICES = 10;
const PER_PAGE = 25;
const BUDGET_MS = 1000;
const RUNS = 3;

declare global {
  interface Window {
    __firstPageAt?: number;
  }
}

test('the admin Projects page renders the first page of 20,000 projects within 1 s', async ({ browser, baseURL }) => {
  const tag = `Scale${Date.now().toString(36)}`;
  const db = await connectToE2eDatabase();
  try {
    const seeded = Date.now();
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO users (username, email, password_hash, role)
       SELECT $1 || ' Client ' || g, lower($1) || '.client' || g || '@example.com', 'not-a-hash', 'client' FROM generate_series(1, $2) g`,
      [tag, CLIENTS],
    );
    await db.query(
      `INSERT INTO services (name, description, price_cents, credit_eligible, credit_cost)
       SELECT $1 || ' Service ' || g, 'Seeded for the scale test', 5000 + g * 100, g % 2 = 0, 1 + g % 3 FROM generate_series(1, $2) g`,
      [tag, SERVICES],
    );
    await db.query(
      `INSERT INTO projects (name, description, client_id, price_cents, is_paid, date)
       SELECT $1 || ' Project ' || g || ' ' || (ARRAY['Harbour Lane','Maple Street','Ocean Drive','Hill Road'])[1 + g % 4],
              'Listing photos', c.ids[1 + g % $3], 0, g % 3 = 0, now() - (g || ' minutes')::interval
         FROM generate_series(1, $2) g,
              (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE email LIKE lower($1) || '.client%') c`,
      [tag, PROJECTS, CLIENTS],
    );
    // three service lines a project, then each project's price is the sum of its lines
    await db.query(
      `INSERT INTO project_services (project_id, service_id, quantity, unit_price_cents)
       SELECT p.id, s.ids[1 + (p.id + k) % $2], 1 + p.id % 2, 5000 + k * 100
         FROM projects p, (SELECT array_agg(id ORDER BY id) AS ids FROM services WHERE name LIKE $1 || ' Service %') s,
              generate_series(0, 2) k
        WHERE p.name LIKE $1 || ' Project %'`,
      [tag, SERVICES],
    );
    await db.query(
      `UPDATE projects p SET price_cents = l.total
         FROM (SELECT project_id, sum(unit_price_cents * quantity) AS total FROM project_services GROUP BY project_id) l
        WHERE l.project_id = p.id AND p.name LIKE $1 || ' Project %'`,
      [tag],
    );
    await db.query('COMMIT');
    await db.query('ANALYZE users, services, projects, project_services');
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM projects WHERE name LIKE $1 || ' Project %'`, [tag]);
    expect(rows[0].n).toBe(PROJECTS);
    console.log(
      `seeded ${PROJECTS} projects, ${CLIENTS} clients, ${PROJECTS * 3} service lines in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
    );

    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/?$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    // In the page: the time (ms after the navigation started) of the first frame in which the table
    // holds a full page of real rows (the loading skeleton rows do not count).
    await page.addInitScript(
      ({ perPage }) => {
        const check = () => {
          if (window.__firstPageAt !== undefined) return;
          const rows = document.querySelectorAll('tbody tr');
          if (rows.length < perPage || document.querySelector('tbody .MuiSkeleton-root, tbody .RaPlaceholder-root')) return;
          observer.disconnect();
          requestAnimationFrame(() => {
            window.__firstPageAt = performance.now();
            performance.mark('projects-first-page');
          });
        };
        const observer = new MutationObserver(check);
        observer.observe(document, { childList: true, subtree: true });
      },
      { perPage: PER_PAGE },
    );

    // Three loads of the page (the machine is shared: one load can lose hundreds of ms to another
    // process); the median counts.
    const times: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const listCall = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/projects');
      await page.goto('/admin/projects');
      const call = await listCall;
      await expect(page.locator('tbody tr')).toHaveCount(PER_PAGE);
      await expect(page.locator('tbody tr').first()).toBeVisible();
      const total = Number((await page.getByText(/^\d+-\d+ of [\d,]+$/).textContent())!.replace(/.* of /, '').replace(/,/g, ''));
      expect(total).toBeGreaterThanOrEqual(PROJECTS);
      await expect.poll(() => page.evaluate(() => window.__firstPageAt)).toBeDefined();
      const firstPageAt = (await page.evaluate(() => window.__firstPageAt))!;
      const api = call.request().timing();
      console.log(
        `admin Projects (${total} projects), load ${run}: first page of ${PER_PAGE} rows visible ${firstPageAt.toFixed(0)} ms after navigation start; ` +
          `GET /api/projects sent at ${api.startTime > 0 ? (api.requestStart + api.startTime - (await page.evaluate(() => performance.timeOrigin))).toFixed(0) : '?'} ms, answered in ${(api.responseEnd - api.requestStart).toFixed(0)} ms`,
      );
      times.push(firstPageAt);
    }
    const median = [...times].sort((a, b) => a - b)[Math.floor(RUNS / 2)];
    // The budget holds for the machine at its nominal speed; measured now, right after the loads.
    const rate = await bareServerRate();
    const budget = scaledBudget(BUDGET_MS, rate);
    console.log(
      `admin Projects with ${PROJECTS} projects: median ${median.toFixed(0)} ms to the first page; this machine now: bare node:http ` +
        `${Math.round(rate)} req/s (nominal ${NOMINAL_BARE_RATE}), so the ${BUDGET_MS} ms budget is ${budget} ms`,
    );
    const met = median < budget;
    addSection('admin-scale', {
      title: 'Back office: Projects with 20,000 projects',
      body:
        `The admin opens /admin/projects (desktop, 1280×800) on ${PROJECTS.toLocaleString('en-US')} projects of ${CLIENTS} clients with 3 service lines each; ` +
        `the time from the navigation's start to the first frame showing a full page of ${PER_PAGE} rows, ${RUNS} loads, the median counts. ` +
        `The 1 s target holds for the machine at its nominal speed (bare node:http ${NOMINAL_BARE_RATE.toLocaleString('en-US')} req/s) and scales when it measures slower.\n\n` +
        table(
          ['Loads (ms)', 'Median', 'Bare node:http now', 'Target', ''],
          [
            [
              times.map((t) => t.toFixed(0)).join(', '),
              `${median.toFixed(0)} ms`,
              `${Math.round(rate).toLocaleString('en-US')} req/s`,
              `≤ ${budget} ms`,
              met ? 'met' : '**MISSED**',
            ],
          ],
        ),
      missed: met ? [] : [`admin Projects first page ${median.toFixed(0)} ms (target ${budget} ms)`],
    });
    await context.close();
  } finally {
    await db.query('ROLLBACK').catch(() => {});
    await db.query(`DELETE FROM project_services WHERE project_id IN (SELECT id FROM projects WHERE name LIKE $1 || ' Project %')`, [tag]);
    await db.query(`DELETE FROM projects WHERE name LIKE $1 || ' Project %'`, [tag]);
    await db.query(`DELETE FROM services WHERE name LIKE $1 || ' Service %'`, [tag]);
    await db.query(`DELETE FROM users WHERE email LIKE lower($1) || '.client%'`, [tag]);
    await db.end();
  }
});
