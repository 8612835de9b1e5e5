import { Client } from 'pg';
import {
  ADMIN,
  AppProcess,
  HttpAnswer,
  HttpSession,
  percentile,
  startAppProcess,
  TimeoutError,
  ScratchDatabase,
  scratchDatabase,
} from '../support/processes';

// 20 s in `npm test` (the check: no error, the ledger holds); `npm run test:load` runs issue 7's full minute.
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const INSTANCES = Number(process.env.LOAD_INSTANCES ?? 2); // 1 to measure a single process
const CLIENTS = 170;
const ADMINS = 30; // sessions of the studio's admin account: 200 signed-in sessions in all
const START_CREDITS = 100;

jest.setTimeout((SECONDS + 150) * 1000);

/** Runs `fn` over `items` with at most `concurrency` at a time. */
async function inParallel<T, R>(items: T[], concurrency: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];
const range = (start: number, end: number) => `range=${encodeURIComponent(JSON.stringify([start, end]))}`;

/**
 * Issue 7, point 7: 200 signed-in sessions (170 clients, 30 admin sessions), each on its own keep-alive
 * connection with one request in flight at a time, on a mixed read/write workload for LOAD_SECONDS
 * (20 by default, 60 with `npm run test:load`) against two app processes (LOAD_INSTANCES) sharing the run's database. Every answer is counted; the
 * only non-2xx answers that would not be errors are the documented refusals in EXPECTED_REFUSALS, and
 * the workload is designed not to provoke them (clients hold enough credits). Afterwards the credit
 * ledger must still hold: every balance equals the sum of its transactions, none is negative, and
 * each client's balance equals what the 2xx answers they and the admins got add up to.
 */
describe(`Load: ${CLIENTS + ADMINS} signed-in sessions for ${SECONDS} s (system test, ${INSTANCES} app processes on one database)`, () => {
  const apps: AppProcess[] = [];
  let db: Client;
  const tag = `load${process.pid}x${Math.random().toString(36).slice(2, 6)}`;
  const EXPECTED_REFUSALS = ['Insufficient credits'];

  let scratch: ScratchDatabase | undefined;

  beforeAll(async () => {
    scratch = await scratchDatabase('load');
    const databaseUrl = scratch.url;
    // No SMTP_URL: the mock transport (project e-mails go through the outbox and are only logged).
    for (let i = 1; i <= INSTANCES; i++)
      apps.push(await startAppProcess({ name: `instance ${i}`, databaseUrl, env: { LOG_LEVEL: 'error' } }));
    console.log(`load instances started in ${apps.map((a) => a.startupMs).join(' ms and ')} ms`);
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await Promise.all(apps.map((a) => a.stop()));
    await scratch?.drop();
  });

  interface ClientSession {
    s: HttpSession;
    id: number;
    /** Projects with an eligible service not yet paid with credits. */
    redeemable: number[];
    redeemed: Set<number>;
  }

  it('answers every request without an error or a timeout, and the credit ledger holds afterwards', async () => {
    const setupStarted = Date.now();
    const instance = (i: number) => apps[i % apps.length].url;
    const must = (res: HttpAnswer, status: number, what: string) => {
      if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
      return res.body;
    };

    // Set-up, through the API: the admin sessions, the catalogue, the clients (registered), credits and a project each.
    const admins = await inParallel(
      Array.from({ length: ADMINS }, (_, i) => i),
      6,
      async (i) => {
        const s = new HttpSession(instance(i), 30_000);
        must(await s.post('/api/login', { email: ADMIN.email, password: ADMIN.password }), 200, 'admin login');
        return s;
      },
    );
    const service = must(
      await admins[0].post('/api/services', { name: `${tag} Floor plan`, price: 40, creditEligible: true, creditCost: 1 }),
      201,
      'service',
    );
    const bundle = must(await admins[0].post('/api/credit-bundles', { name: `${tag} Five`, price: 20, creditAmount: 5 }), 201, 'bundle');
    const clients: ClientSession[] = await inParallel(
      Array.from({ length: CLIENTS }, (_, i) => i),
      ADMINS,
      async (i) => {
        const s = new HttpSession(instance(i), 30_000);
        const admin = admins[i % ADMINS];
        const body = must(
          await s.post('/api/register', { username: `Load ${tag} ${i}`, email: `${tag}c${i}@example.com`, password: 'secret123' }),
          201,
          'register',
        );
        must(await admin.post('/api/credit-adjustments', { userId: body.id, amount: START_CREDITS, type: 'add' }), 201, 'credits');
        const project = must(
          await admin.post('/api/projects', {
            name: `${tag} first project ${i}`,
            clientId: body.id,
            selectedServices: [{ serviceId: service.id, quantity: 1 }],
          }),
          201,
          'project',
        );
        return { s, id: body.id as number, redeemable: [project.id as number], redeemed: new Set<number>() };
      },
    );
    const setupMs = Date.now() - setupStarted;

    // What the 2xx answers say each client's balance must be.
    const expected = new Map(clients.map((c) => [c.id, START_CREDITS]));
    const credit = (id: number, delta: number) => expected.set(id, expected.get(id)! + delta);
    const createdProjects: number[] = [];

    const latencies: number[] = [];
    const byOp = new Map<string, { n: number; ms: number[] }>();
    const statuses: Record<string, number> = {};
    const refusals: Record<string, number> = {};
    const errors: string[] = [];
    let timeouts = 0;
    const deadline = Date.now() + SECONDS * 1000;

    /** One request, counted; answers the body of a 2xx, or null (counted as an expected refusal or an error). */
    const call = async (op: string, s: HttpSession, method: string, path: string, body?: unknown) => {
      let res: HttpAnswer;
      try {
        res = await s.request(method, path, body);
      } catch (err) {
        if (err instanceof TimeoutError) timeouts++;
        errors.push(`${op}: ${(err as Error).message}`);
        return null;
      }
      latencies.push(res.ms);
      const o = byOp.get(op) ?? { n: 0, ms: [] };
      o.n++;
      o.ms.push(res.ms);
      byOp.set(op, o);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status >= 200 && res.status < 300) return res.body ?? {};
      const message = (res.body as { message?: string } | undefined)?.message ?? res.text.slice(0, 200);
      if (res.status >= 400 && res.status < 500 && EXPECTED_REFUSALS.includes(message)) refusals[message] = (refusals[message] ?? 0) + 1;
      else errors.push(`${op}: ${res.status} ${message}`);
      return null;
    };

    const clientLoop = async (c: ClientSession) => {
      while (Date.now() < deadline) {
        const r = Math.random();
        if (r < 0.25) await call('client GET /api/user', c.s, 'GET', '/api/user');
        else if (r < 0.5) {
          const projects = await call('client GET /api/projects/client/:id', c.s, 'GET', `/api/projects/client/${c.id}`);
          for (const p of (projects ?? []) as Array<{ id: number; creditsDue: number }>) {
            if (p.creditsDue > 0 && !c.redeemed.has(p.id) && !c.redeemable.includes(p.id)) c.redeemable.push(p.id);
          }
        } else if (r < 0.7) await call('client GET /api/user-credits/:id', c.s, 'GET', `/api/user-credits/${c.id}`);
        else if (r < 0.8) await call('client GET /api/credit-bundles', c.s, 'GET', '/api/credit-bundles');
        else if (r < 0.88) {
          const p = c.redeemable[0] ?? [...c.redeemed][0];
          if (p) await call('client GET /api/project-services-with-credits/:id', c.s, 'GET', `/api/project-services-with-credits/${p}`);
        } else if (r < 0.95) {
          const projectId = c.redeemable.shift();
          if (projectId === undefined) continue;
          c.redeemed.add(projectId);
          const res = await call('client POST /api/redeem-credits', c.s, 'POST', '/api/redeem-credits', {
            projectId,
            description: 'Paid under load',
          });
          if (res) credit(c.id, -1); // one eligible line of 1 credit
        } else {
          // A credit purchase through the payment emulator: intent, card confirmation, purchase.
          const intent = await call('client POST /api/create-credit-payment-intent', c.s, 'POST', '/api/create-credit-payment-intent', {
            bundleId: bundle.id,
            amount: 20,
          });
          if (!intent) continue;
          const paid = await call(
            'client POST emulator confirm',
            c.s,
            'POST',
            `/api/payment-emulator/payment_intents/${intent.paymentIntentId}/confirm`,
            { payment_method: 'pm_card_visa' },
          );
          if (!paid) continue;
          const bought = await call('client POST /api/purchase-credits', c.s, 'POST', '/api/purchase-credits', {
            bundleId: bundle.id,
            stripePaymentId: intent.paymentIntentId,
          });
          if (bought) credit(c.id, bought.creditsAdded as number);
        }
      }
    };

    const adminLoop = async (s: HttpSession) => {
      while (Date.now() < deadline) {
        const r = Math.random();
        const start = Math.floor(Math.random() * 100);
        if (r < 0.2) await call('admin GET /api/projects?range', s, 'GET', `/api/projects?${range(start, start + 24)}`);
        else if (r < 0.4) await call('admin GET /api/clients?range', s, 'GET', `/api/clients?${range(start, start + 24)}`);
        else if (r < 0.6) await call('admin GET /api/payments?range', s, 'GET', `/api/payments?${range(0, 24)}`);
        else if (r < 0.7) await call('admin GET /api/dashboard', s, 'GET', '/api/dashboard');
        else if (r < 0.82) {
          const c = pick(clients);
          const amount = 1 + Math.floor(Math.random() * 5);
          if (
            await call('admin POST /api/credit-adjustments (add)', s, 'POST', '/api/credit-adjustments', {
              userId: c.id,
              amount,
              type: 'add',
            })
          )
            credit(c.id, amount);
        } else if (r < 0.87) {
          const c = pick(clients);
          if (
            await call('admin POST /api/credit-adjustments (remove)', s, 'POST', '/api/credit-adjustments', {
              userId: c.id,
              amount: 1,
              type: 'remove',
            })
          )
            credit(c.id, -1);
        } else {
          const c = pick(clients);
          const body = await call('admin POST /api/projects', s, 'POST', '/api/projects', {
            name: `${tag} project ${Math.random().toString(36).slice(2, 9)}`,
            clientId: c.id,
            selectedServices: [{ serviceId: service.id, quantity: 1 }],
          });
          if (body) createdProjects.push(body.id as number);
        }
      }
    };

    const loadStarted = Date.now();
    await Promise.all([...clients.map(clientLoop), ...admins.map(adminLoop)]);
    const loadMs = Date.now() - loadStarted;
    [...clients.map((c) => c.s), ...admins].forEach((s) => s.close());

    latencies.sort((x, y) => x - y);
    const ops = [...byOp.entries()]
      .sort((x, y) => y[1].n - x[1].n)
      .map(([op, o]) => {
        o.ms.sort((x, y) => x - y);
        return `  ${op.padEnd(52)} ${String(o.n).padStart(6)}   p50 ${percentile(o.ms, 50).toFixed(0).padStart(5)} ms   p99 ${percentile(o.ms, 99).toFixed(0).padStart(5)} ms`;
      });
    console.log(
      [
        `load: ${CLIENTS} clients + ${ADMINS} admin sessions on ${apps.length} app processes for ${(loadMs / 1000).toFixed(1)} s (set-up ${(setupMs / 1000).toFixed(1)} s)`,
        `requests ${latencies.length}, ${(latencies.length / (loadMs / 1000)).toFixed(0)} req/s; latency p50 ${percentile(latencies, 50).toFixed(0)} ms, ` +
          `p90 ${percentile(latencies, 90).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${(latencies[latencies.length - 1] ?? 0).toFixed(0)} ms`,
        `statuses ${JSON.stringify(statuses)}; expected refusals ${JSON.stringify(refusals)}; errors ${errors.length}; timeouts ${timeouts}; ` +
          `sent again after the server closed an idle keep-alive connection: ${HttpSession.staleConnectionRetries}`,
        ...ops,
      ].join('\n'),
    );

    expect(errors.slice(0, 10)).toEqual([]);
    expect(timeouts).toBe(0);
    expect(latencies.length).toBeGreaterThan(0);

    // The ledger: every balance is the sum of its transactions, none negative, no transactions without a balance row.
    const ledger: Array<{ user_id: number; balance: number | null; sum: number }> = (
      await db.query(`
        SELECT coalesce(b.user_id, t.user_id) AS user_id, b.balance, coalesce(t.sum, 0)::int AS sum
        FROM user_credits b
        FULL JOIN (
          SELECT user_id, sum(CASE WHEN type IN ('purchase', 'adjustment-add') THEN amount ELSE -amount END) AS sum
          FROM credit_transactions GROUP BY user_id
        ) t ON t.user_id = b.user_id`)
    ).rows;
    expect(ledger.filter((r) => r.balance === null || r.balance !== r.sum || r.balance < 0)).toEqual([]);
    // And each of our clients holds exactly what the 2xx answers add up to: no write lost, none doubled.
    const balances = new Map(ledger.map((r) => [r.user_id, r.balance]));
    const mismatches = clients
      .filter((c) => balances.get(c.id) !== expected.get(c.id))
      .map((c) => ({ id: c.id, db: balances.get(c.id), expected: expected.get(c.id) }));
    expect(mismatches).toEqual([]);
    const stored = Number(
      (await db.query(`SELECT count(*) AS n FROM projects WHERE id = ANY($1::int[]) AND name LIKE $2`, [createdProjects, `${tag} %`]))
        .rows[0].n,
    );
    expect(stored).toBe(createdProjects.length);
    console.log(
      `ledger: ${ledger.length} balances equal the sums of their transactions; ${clients.length} client balances match the answers ` +
        `(${[...expected.values()].reduce((a, b) => a + b, 0)} credits in all); ${createdProjects.length} projects created under load, all stored`,
    );
  });
});
