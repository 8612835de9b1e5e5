import type { ClientBase } from 'pg';
import { backfillInvoices } from '../../src/shared/database/migrations/1766275200000-invoices';
import { Argon2PasswordHasher } from '../../src/shared/security/argon2-password-hasher';

/**
 * A studio's years of data, seeded straight into a migrated database with set-based SQL: used by
 * `npm run bench` (scale 1) and by the index checks of test/perf (a smaller scale). At scale 1:
 * 2,000 clients, 50 services, 6 credit bundles, 20,000 projects with 60,000 service lines, 15,000
 * payments and 40,000 credit transactions; the balances equal the sum of their transactions, and the
 * services paid with credits are rows of project_service_payments, as the redemption writes them.
 *
 * Who owns what (client number n = 1 … clients, in id order):
 * - n = 1 is the "My Projects" client: 50 projects with services, some paid by card, some partly with
 *   credits, some unpaid;
 * - n = 2 … 101 are agencies, each with redemptionPool / 100 recent unpaid projects whose eligible
 *   services are not paid yet (the redemption benchmark spends them) and enough credits for all;
 * - every other project goes round-robin to the other clients.
 * Projects other than the pool: by g % 10, 0–5 paid by card or by hand, 6–7 eligible services paid with
 * credits and the rest by card, 8 paid with credits with money still owed, 9 unpaid after a declined card.
 *
 * Invoices (CONTRACT §14): on a schema with the billing tables, every project gets its invoice as the
 * Invoices migration makes them (`backfillInvoices`: an import of earlier data), one payment each, or with
 * `installments: 3` a deposit of 30 %, a second 30 % 30 days later and the balance 60 days after the project's
 * date (the unpaid ones of earlier dates are overdue), or after 10 days from today for every third invoice. On an older schema (the migration comparison seeds
 * one) nothing of the kind is written.
 */
export interface DatasetOptions {
  /** 1 = the full dataset above; 0.25 = a quarter of every count. */
  scale?: number;
  /** The password of every seeded client (hashed once, with the app's own hasher). */
  password?: string;
  /** Unpaid projects kept for the redemption benchmark (default 6,000 at scale 1), spread over the redeemers. */
  redemptionPool?: number;
  onProgress?: (done: number, total: number, step: string) => void;
  /** 3: every invoice split into three installments (Deposit, Installment 2, Balance); default one payment. */
  installments?: 1 | 3;
}

export interface SeededDataset {
  counts: Record<'clients' | 'services' | 'bundles' | 'projects' | 'lines' | 'payments' | 'creditTransactions' | 'creditPaidLines', number>;
  password: string;
  myProjectsClient: { id: number; email: string; projects: number };
  redeemers: Array<{ id: number; email: string }>;
  /** Unpaid projects with eligible services not yet paid with credits, interleaved by owner. */
  redemptionPool: Array<{ projectId: number; clientId: number }>;
  /** The calendar day (UTC) with the most payments, YYYY-MM-DD. */
  busiestPaymentDay: string;
  /** Invoices written (0 on a schema before the billing tables), the open ones and those with an overdue installment. */
  invoices: { total: number; open: number; overdue: number };
}

const FIRST = [
  'Ava',
  'Liam',
  'Mia',
  'Noah',
  'Emma',
  'Oliver',
  'Sophia',
  'Lucas',
  'Isla',
  'Ethan',
  'Chloe',
  'Mateo',
  'Grace',
  'Leo',
  'Zoe',
  'Hugo',
];
const LAST = [
  'Walker',
  'Nguyen',
  'Patel',
  'Rossi',
  'Schmidt',
  'Kowalski',
  'Garcia',
  'Dubois',
  'Okafor',
  'Tanaka',
  'Silva',
  'Berg',
  'Murphy',
  'Haddad',
];
const STREETS = [
  'Harbour Lane',
  'Maple Street',
  'Ocean Drive',
  'Hill Road',
  'Station Road',
  'Park Avenue',
  'Elm Close',
  'River Walk',
  'King Street',
  'Bay View',
];
const KINDS = ['Listing photos', 'Twilight shoot', 'Drone aerials', 'Floor plan and photos', 'Virtual tour', 'Open home photos'];

const sqlArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

export async function seedDataset(db: ClientBase, opts: DatasetOptions = {}): Promise<SeededDataset> {
  const scale = opts.scale ?? 1;
  const password = opts.password ?? 'BenchPass1!';
  const n = (x: number) => Math.max(1, Math.round(x * scale));
  const CLIENTS = n(2000);
  const PROJECTS = n(20000);
  const PAYMENTS = n(15000);
  const CREDIT_TX = n(40000);
  const REDEEMERS = n(100);
  const POOL_PER_REDEEMER = Math.ceil((opts.redemptionPool ?? n(6000)) / REDEEMERS);
  const POOL = REDEEMERS * POOL_PER_REDEEMER;
  const MY = 50;
  if (POOL + MY >= PROJECTS) throw new Error('dataset: the scale is too small for the redemption pool');

  // Progress in rows written; the weights are the rows each step writes.
  const total = CLIENTS + 56 + PROJECTS * 5 + PAYMENTS + CREDIT_TX + CLIENTS;
  let done = 0;
  const progress = (rows: number, step: string) => {
    done += rows;
    opts.onProgress?.(Math.min(done, total), total, step);
  };
  opts.onProgress?.(0, total, 'hashing the password');
  const hash = await new Argon2PasswordHasher().hash(password);

  await db.query('BEGIN');
  try {
    // Services (even numbers are credit-eligible) and bundles.
    await db.query(`CREATE TEMP TABLE bs (n int PRIMARY KEY, id int, eligible boolean, cost int, price bigint) ON COMMIT DROP`);
    await db.query(
      `WITH ins AS (
         INSERT INTO services (name, description, price_cents, is_standard, credit_eligible, credit_cost)
         SELECT (${sqlArray(KINDS)})[1 + g % 6] || ' ' || g, 'Description of service number ' || g, 5000 + g * 100, g % 5 <> 0, g % 2 = 0, 1 + g % 3
           FROM generate_series(1, 50) g ORDER BY g
         RETURNING id, price_cents, credit_eligible, credit_cost)
       INSERT INTO bs SELECT row_number() OVER (ORDER BY id), id, credit_eligible, credit_cost, price_cents FROM ins`,
    );
    await db.query(`CREATE TEMP TABLE bb (n int PRIMARY KEY, id int, credits int) ON COMMIT DROP`);
    await db.query(
      `WITH ins AS (
         INSERT INTO credit_bundles (name, description, credit_amount, price_cents, is_active)
         SELECT 'Bundle ' || c, c || ' credits', c, c * 450, c <> 5 FROM unnest(ARRAY[5, 10, 25, 50, 100, 250]) c
         RETURNING id, credit_amount)
       INSERT INTO bb SELECT row_number() OVER (ORDER BY id), id, credit_amount FROM ins`,
    );
    progress(56, 'services and bundles');

    // Clients, in number order.
    await db.query(`CREATE TEMP TABLE bc (n int PRIMARY KEY, id int, email text) ON COMMIT DROP`);
    await db.query(
      `WITH ins AS (
         INSERT INTO users (username, email, password_hash, company, role, created_at)
         SELECT (${sqlArray(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}] || ' ' || g,
                'client' || g || '@bench.example', $2, CASE WHEN g % 3 = 0 THEN 'Agency ' || (g % 97) END, 'client',
                now() - ((($1 - g) * 13) || ' hours')::interval
           FROM generate_series(1, $1) g ORDER BY g
         RETURNING id, email)
       INSERT INTO bc SELECT row_number() OVER (ORDER BY id), id, email FROM ins`,
      [CLIENTS, hash],
    );
    progress(CLIENTS, 'clients');

    // Projects: g = 1 … 50 the My Projects client, the newest POOL the redeemers' unpaid ones.
    await db.query(`CREATE TEMP TABLE bp (g int PRIMARY KEY, id int, client_id int, kind int) ON COMMIT DROP`);
    const chunk = Math.ceil(PROJECTS / 10);
    for (let from = 1; from <= PROJECTS; from += chunk) {
      const to = Math.min(PROJECTS, from + chunk - 1);
      await db.query(
        `WITH src AS (
           SELECT g,
                  CASE WHEN g <= ${MY} THEN 1
                       WHEN g > $1 - ${POOL} THEN 2 + (g % ${REDEEMERS})
                       ELSE 2 + (g % ($2 - 1)) END AS cn,
                  CASE WHEN g > $1 - ${POOL} THEN -1 ELSE g % 10 END AS kind
             FROM generate_series($3::int, $4::int) g),
         ins AS (
           INSERT INTO projects (name, description, client_id, photo_count, price_cents, is_paid, date, created_at, thumbnail_url, download_link)
           SELECT (1 + g % 180) || ' ' || (${sqlArray(STREETS)})[1 + g % ${STREETS.length}] || ' #' || g,
                  (${sqlArray(KINDS)})[1 + g % ${KINDS.length}], c.id, 10 + g % 40, 0, src.kind BETWEEN 0 AND 7,
                  now() - ((($1 - g) * 78) || ' minutes')::interval, now() - ((($1 - g) * 78) || ' minutes')::interval,
                  'https://photos.example/thumb/' || g || '.jpg', 'https://photos.example/download/' || g
             FROM src JOIN bc c ON c.n = src.cn ORDER BY g
           RETURNING id, client_id)
         INSERT INTO bp SELECT $3 - 1 + row_number() OVER (ORDER BY ins.id), ins.id, ins.client_id, 0 FROM ins`,
        [PROJECTS, CLIENTS, from, to],
      );
      progress(to - from + 1, 'projects');
    }
    await db.query(`UPDATE bp SET kind = CASE WHEN g > $1 - ${POOL} THEN -1 ELSE g % 10 END`, [PROJECTS]);

    // Three service lines a project; every project has at least one eligible and one other line.
    for (let from = 1; from <= PROJECTS; from += chunk) {
      const to = Math.min(PROJECTS, from + chunk - 1);
      await db.query(
        `INSERT INTO project_services (project_id, service_id, quantity, unit_price_cents)
         SELECT bp.id, s.id, 1 + (bp.g + s.n) % 2, s.price
           FROM bp CROSS JOIN LATERAL (VALUES (1 + bp.g % 50), (1 + (bp.g + 17) % 50), (1 + (bp.g + 33) % 50)) AS l(sn)
           JOIN bs s ON s.n = l.sn
          WHERE bp.g BETWEEN $1 AND $2`,
        [from, to],
      );
      progress((to - from + 1) * 3, 'service lines');
    }
    await db.query(
      `UPDATE projects p SET price_cents = l.total
         FROM (SELECT project_id, sum(unit_price_cents * quantity) AS total FROM project_services GROUP BY project_id) l
        WHERE l.project_id = p.id`,
    );

    // Eligible services paid with credits (kinds 6, 7 and 8).
    const credited = await db.query(
      `INSERT INTO project_service_payments (project_id, service_id, paid_with_credits, credit_amount)
       SELECT ps.project_id, ps.service_id, true, s.cost * ps.quantity
         FROM bp JOIN project_services ps ON ps.project_id = bp.id JOIN bs s ON s.id = ps.service_id
        WHERE bp.kind IN (6, 7, 8) AND s.eligible`,
    );
    progress(PROJECTS, 'credit-paid services');

    // Statistics for the tables the paid flag's triggers read (decision 0038): without them the planner,
    // inside this one transaction, reads whole tables for each of the thousands of projects the payments pay.
    await db.query('ANALYZE projects, project_services, project_service_payments, payments');

    // Payments: one completed for kinds 0-7 (the remainder after credits for 6-7), a declined one for
    // kind 9, then declined attempts before a success until PAYMENTS.
    await db.query(
      `INSERT INTO payments (project_id, client_id, amount_cents, stripe_payment_id, payment_date, status, note, created_at)
       SELECT p.id, p.client_id,
              p.price_cents - coalesce((SELECT sum(ps.unit_price_cents * ps.quantity) FROM project_service_payments psp
                                          JOIN project_services ps ON ps.project_id = psp.project_id AND ps.service_id = psp.service_id
                                         WHERE psp.project_id = p.id AND psp.paid_with_credits), 0),
              CASE WHEN bp.g % 7 = 0 AND bp.kind <> 9 THEN NULL ELSE 'pi_bench_' || bp.g END,
              p.date + interval '1 day' + ((bp.g % 600) || ' minutes')::interval,
              CASE WHEN bp.kind = 9 THEN 'failed' ELSE 'completed' END,
              CASE WHEN bp.g % 7 = 0 AND bp.kind <> 9 THEN 'Marked as paid by admin' END,
              p.date + interval '1 day'
         FROM bp JOIN projects p ON p.id = bp.id
        WHERE bp.kind BETWEEN 0 AND 7 OR bp.kind = 9
        ORDER BY bp.g`,
    );
    const have = Number((await db.query(`SELECT count(*) AS n FROM payments`)).rows[0].n);
    if (have < PAYMENTS) {
      await db.query(
        `INSERT INTO payments (project_id, client_id, amount_cents, stripe_payment_id, payment_date, status, created_at)
         SELECT p.id, p.client_id, p.price_cents, 'pi_bench_declined_' || bp.g, p.date + interval '20 hours', 'failed', p.date + interval '20 hours'
           FROM bp JOIN projects p ON p.id = bp.id WHERE bp.kind BETWEEN 0 AND 5 ORDER BY bp.g LIMIT $1`,
        [PAYMENTS - have],
      );
    }
    progress(PAYMENTS, 'payments');

    // Credit transactions: a redemption per credit-paid project, adjustments (first the redeemers' credits,
    // enough for every project of their pool), and purchases of bundles for the rest, over every client.
    const redemptions = await db.query(
      `INSERT INTO credit_transactions (user_id, amount, type, project_id, description, transaction_date)
       SELECT p.client_id, sum(psp.credit_amount), 'redemption', p.id, 'Credits used on ' || p.name, p.date + interval '12 hours'
         FROM bp JOIN projects p ON p.id = bp.id JOIN project_service_payments psp ON psp.project_id = p.id AND psp.paid_with_credits
        WHERE bp.kind IN (6, 7, 8)
        GROUP BY p.id, p.client_id, p.name, p.date`,
    );
    const adds = Math.max(REDEEMERS, n(1500));
    const removes = n(500);
    await db.query(
      `INSERT INTO credit_transactions (user_id, amount, type, description, transaction_date)
       SELECT c.id, CASE WHEN i <= $2 THEN $4::int ELSE 5 + i % 20 END, 'adjustment-add',
              CASE WHEN i <= $2 THEN 'Agency prepayment' ELSE 'Goodwill credits' END, now() - ((i * 17) || ' hours')::interval
         FROM generate_series(1, $1) i JOIN bc c ON c.n = CASE WHEN i <= $2 THEN 1 + i ELSE 1 + i % $3 END`,
      // A pool project costs at most 12 credits (2 eligible lines, cost 3, quantity 2).
      [adds, REDEEMERS, CLIENTS, POOL_PER_REDEEMER * 12],
    );
    await db.query(
      `INSERT INTO credit_transactions (user_id, amount, type, description, transaction_date)
       SELECT c.id, 1 + i % 3, 'adjustment-remove', 'Correction', now() - ((i * 29) || ' hours')::interval
         FROM generate_series(1, $1) i JOIN bc c ON c.n = 1 + (i * 7) % $2`,
      [removes, CLIENTS],
    );
    const purchases = CREDIT_TX - (redemptions.rowCount ?? 0) - adds - removes;
    if (purchases < CLIENTS) throw new Error(`dataset: only ${purchases} purchases left for ${CLIENTS} clients`);
    await db.query(
      `INSERT INTO credit_transactions (user_id, amount, type, bundle_id, description, stripe_payment_id, transaction_date)
       SELECT c.id, b.credits, 'purchase', b.id, 'Purchased ' || b.credits || ' credits', 'pi_credits_bench_' || i,
              now() - interval '3 years' + ((i * 2) || ' minutes')::interval
         FROM generate_series(1, $1) i JOIN bc c ON c.n = 1 + i % $2 JOIN bb b ON b.n = 2 + i % 5`,
      [purchases, CLIENTS],
    );
    progress(CREDIT_TX, 'credit transactions');

    // Balances: exactly the sum of each client's transactions.
    await db.query(
      `INSERT INTO user_credits (user_id, balance, last_updated)
       SELECT user_id, sum(CASE WHEN type IN ('purchase', 'adjustment-add') THEN amount ELSE -amount END), max(transaction_date)
         FROM credit_transactions GROUP BY user_id
       ON CONFLICT (user_id) DO UPDATE SET balance = EXCLUDED.balance, last_updated = EXCLUDED.last_updated`,
    );
    progress(CLIENTS, 'balances');

    const invoices = { total: 0, open: 0, overdue: 0 };
    if ((await db.query(`SELECT to_regclass('invoices') IS NOT NULL AS has`)).rows[0].has) {
      opts.onProgress?.(Math.min(done, total), total, 'invoices');
      await backfillInvoices(db, false);
      // projects.is_paid is the projects module's cache of billing's answer: as the migration writes it.
      await db.query(`UPDATE projects p SET is_paid = (i.status IN ('paid', 'draft') OR i.due_cents = 0)
                        FROM invoices i WHERE i.project_id = p.id AND p.is_paid IS DISTINCT FROM (i.status IN ('paid', 'draft') OR i.due_cents = 0)`);
      if (opts.installments === 3) await threeInstallments(db);
      Object.assign(
        invoices,
        (
          await db.query(
            `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'open')::int AS open,
                    count(*) FILTER (WHERE status = 'open' AND next_due_date < (now() AT TIME ZONE 'UTC')::date)::int AS overdue FROM invoices`,
          )
        ).rows[0],
      );
    }

    const my = (await db.query(`SELECT id, email FROM bc WHERE n = 1`)).rows[0] as { id: number; email: string };
    const redeemers = (await db.query(`SELECT id, email FROM bc WHERE n BETWEEN 2 AND $1 + 1 ORDER BY n`, [REDEEMERS])).rows as Array<{
      id: number;
      email: string;
    }>;
    const pool = (
      await db.query(
        `SELECT id AS "projectId", client_id AS "clientId" FROM (
           SELECT id, client_id, row_number() OVER (PARTITION BY client_id ORDER BY g) AS r FROM bp WHERE kind = -1) x
          ORDER BY r, client_id`,
      )
    ).rows as Array<{ projectId: number; clientId: number }>;
    const day = (
      await db.query(
        `SELECT to_char(payment_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS d, count(*) FROM payments GROUP BY 1 ORDER BY 2 DESC, 1 DESC LIMIT 1`,
      )
    ).rows[0].d as string;
    const counts = (
      await db.query(
        `SELECT (SELECT count(*) FROM bc)::int AS clients, (SELECT count(*) FROM bs)::int AS services, (SELECT count(*) FROM bb)::int AS bundles,
                (SELECT count(*) FROM bp)::int AS projects, (SELECT count(*) FROM project_services ps JOIN bp ON bp.id = ps.project_id)::int AS lines,
                (SELECT count(*) FROM payments)::int AS payments, (SELECT count(*) FROM credit_transactions)::int AS "creditTransactions"`,
      )
    ).rows[0];
    await db.query('COMMIT');
    // As autovacuum leaves a database that has been in use: statistics, and the visibility map that lets
    // index-only scans skip the table.
    opts.onProgress?.(total, total, 'vacuum analyze');
    await db.query('VACUUM ANALYZE');
    return {
      counts: { ...counts, creditPaidLines: credited.rowCount ?? 0 },
      password,
      myProjectsClient: { ...my, projects: MY },
      redeemers,
      redemptionPool: pool,
      busiestPaymentDay: day,
      invoices,
    };
  } catch (err) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/**
 * Every invoice of 10 cents or more split into 'Deposit' (30 %, due on the project's date, or in 10 days for
 * every third invoice), 'Installment 2' (30 %, 30 days later) and 'Balance' (the rest, 60 days later), each installment's paid part and the
 * invoice's next installment written as billing stores them (the first installments are paid first).
 */
async function threeInstallments(db: ClientBase): Promise<void> {
  await db.query(`DELETE FROM invoice_installments k USING invoices i WHERE k.invoice_id = i.id AND i.total_cents >= 10`);
  await db.query(`
    INSERT INTO invoice_installments (invoice_id, position, label, amount_cents, due_date)
    SELECT i.id, x.position, x.label, x.amount, d.first + x.days
      FROM invoices i JOIN projects p ON p.id = i.project_id
      -- every third invoice was just rescheduled: its first installment is due in 10 days
      CROSS JOIN LATERAL (SELECT CASE WHEN i.id % 3 = 0 THEN current_date + 10 ELSE (p.date AT TIME ZONE 'UTC')::date END AS first) d
      CROSS JOIN LATERAL (VALUES
        (0, 'Deposit', i.total_cents * 3 / 10, 0),
        (1, 'Installment 2', i.total_cents * 3 / 10, 30),
        (2, 'Balance', i.total_cents - 2 * (i.total_cents * 3 / 10), 60)) AS x(position, label, amount, days)
     WHERE i.total_cents >= 10`);
  await db.query(`
    UPDATE invoice_installments k SET paid_cents = least(k.amount_cents, greatest(0, w.paid - w.before))
      FROM (SELECT o.id, i.paid_cents AS paid,
                   coalesce(sum(o.amount_cents) OVER (PARTITION BY o.invoice_id ORDER BY o.position ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
              FROM invoice_installments o JOIN invoices i ON i.id = o.invoice_id) w
     WHERE w.id = k.id AND k.paid_cents IS DISTINCT FROM least(k.amount_cents, greatest(0, w.paid - w.before))`);
  await db.query(`
    UPDATE invoices i SET next_due_date = n.due_date, next_due_cents = n.remaining
      FROM (SELECT DISTINCT ON (invoice_id) invoice_id, due_date, amount_cents - paid_cents AS remaining
              FROM invoice_installments WHERE paid_cents < amount_cents ORDER BY invoice_id, position) n
     WHERE n.invoice_id = i.id AND i.status = 'open'`);
}
