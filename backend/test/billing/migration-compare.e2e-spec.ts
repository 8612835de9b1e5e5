import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { Invoice, type InvoiceLine, type Posting } from '../../src/modules/billing/domain/invoice';
import { rateMilli } from '../../src/modules/billing/infrastructure/persistence/invoice.typeorm-repository';
import { runMigrationsLocked } from '../../src/shared/database/migrate';
import { MIGRATIONS } from '../../src/shared/database/migrations';
import { Invoices1766275200000 } from '../../src/shared/database/migrations/1766275200000-invoices';
import { typeormOptions } from '../../src/shared/database/typeorm-options';
import { seedDataset } from '../support/dataset';
import { scratchDatabase, ScratchDatabase } from '../support/processes';

/**
 * Issue 29 (CONTRACT §14, decision 0045): the Invoices migration moves what every project owes into its
 * invoice with identical amounts. A database migrated up to the migration before it is seeded with the
 * benchmark's 20,000 projects (test/support/dataset.ts) plus the cases the dataset lacks: deposits (some
 * equal to the price), partial, full, pending and failed refunds, projects paid more than their price, projects
 * of $0 and projects with a price but no services, and deleted projects. What `project_owed_cents` and
 * `projects.is_paid` answered for each is recorded, the Invoices migration runs, and every project's
 * invoice is compared with it and with a fresh computation of the Invoice aggregate from the rows stored.
 */
const AT = MIGRATIONS.indexOf(Invoices1766275200000);
const BEFORE = MIGRATIONS.slice(0, AT);

describe('the Invoices migration on the 20,000-project dataset: every amount owed is kept', () => {
  let scratch: ScratchDatabase;
  let pg: Client;
  let migrationMs = 0;
  let projects = 0;

  beforeAll(async () => {
    expect(AT).toBeGreaterThan(0);
    scratch = await scratchDatabase('invmig');
    const old = await new DataSource({ ...typeormOptions(scratch.url), migrations: BEFORE }).initialize();
    try {
      await runMigrationsLocked(old);
    } finally {
      await old.destroy();
    }
    pg = new Client({ connectionString: scratch.url });
    await pg.connect();
    const seeded = await seedDataset(pg, { scale: 1 });
    expect(seeded.counts.projects).toBe(20_000);

    // The cases the benchmark's dataset lacks (the database's paid-flag triggers of decision 0038 still keep is_paid).
    await pg.query('BEGIN');
    // Deposits: 30 % of every 7th project, the whole price of every 50th.
    await pg.query(`UPDATE projects SET deposit_cents = CASE WHEN id % 50 = 0 THEN price_cents ELSE price_cents * 3 / 10 END
                     WHERE price_cents > 0 AND (id % 7 = 3 OR id % 50 = 0)`);
    // Refunds of completed payments: partial (succeeded, pending), full, and failed ones that give nothing back.
    await pg.query(`
      WITH picked AS (
        SELECT id, amount_cents, (id % 5) AS k FROM payments WHERE status = 'completed' AND amount_cents >= 100 AND id % 11 = 0)
      INSERT INTO payment_refunds (payment_id, amount_cents, reason, status, provider_refund_id, created_at)
      SELECT id, CASE k WHEN 0 THEN amount_cents WHEN 1 THEN amount_cents / 3 WHEN 2 THEN amount_cents / 4 ELSE amount_cents / 2 END,
             'Migration check', CASE k WHEN 2 THEN 'pending' WHEN 3 THEN 'failed' ELSE 'succeeded' END, 're_mig_' || id, now()
        FROM picked`);
    // A second partial refund on some, then refunded_cents as the refunds module keeps it (the sum of those not failed).
    await pg.query(`
      INSERT INTO payment_refunds (payment_id, amount_cents, reason, status, provider_refund_id, created_at)
      SELECT r.payment_id, r.amount_cents, 'Second refund', 'succeeded', 're_mig2_' || r.payment_id, now()
        FROM payment_refunds r WHERE r.status = 'succeeded' AND r.reason = 'Migration check' AND r.payment_id % 2 = 1
         AND r.amount_cents * 2 <= (SELECT amount_cents FROM payments p WHERE p.id = r.payment_id)`);
    await pg.query(`
      UPDATE payments p SET refunded_cents = r.total
        FROM (SELECT payment_id, sum(amount_cents) AS total FROM payment_refunds WHERE status <> 'failed' GROUP BY payment_id) r
       WHERE r.payment_id = p.id`);
    // Paid more than the price: a second completed payment on some paid projects (card and by hand).
    await pg.query(`
      INSERT INTO payments (project_id, client_id, amount_cents, stripe_payment_id, payment_date, status, note, created_at)
      SELECT p.id, p.client_id, 1 + p.id % 5000, CASE WHEN p.id % 2 = 0 THEN 'pi_mig_over_' || p.id END, p.date + interval '2 days', 'completed',
             CASE WHEN p.id % 2 = 1 THEN 'Paid twice' END, p.date + interval '2 days'
        FROM projects p WHERE p.is_paid AND p.price_cents > 0 AND p.id % 13 = 5`);
    // $0 projects, and projects with a price but no services (one line of their price).
    await pg.query(`
      INSERT INTO projects (name, description, client_id, price_cents, is_paid, date, created_at)
      SELECT 'Migration check ' || g, '', (SELECT client_id FROM projects ORDER BY id LIMIT 1), CASE WHEN g % 2 = 0 THEN 0 ELSE 10000 + g END,
             false, now() - (g || ' days')::interval, now()
        FROM generate_series(1, 40) g`);
    await pg.query(`
      INSERT INTO payments (project_id, client_id, amount_cents, payment_date, status, note, created_at)
      SELECT id, client_id, price_cents / 2, now(), 'completed', 'Half by hand', now() FROM projects WHERE name LIKE 'Migration check %' AND price_cents % 4 = 1`);
    // Deleted projects keep what they owed; their invoices are void.
    await pg.query(`UPDATE projects SET deleted_at = now() WHERE id % 97 = 0`);
    await pg.query('COMMIT');

    // What the database's rule answered before the upgrade.
    await pg.query(`CREATE TABLE before_invoices AS
                    SELECT id, project_owed_cents(id, price_cents) AS owed, is_paid, price_cents, deleted_at IS NOT NULL AS deleted FROM projects`);
    projects = Number((await pg.query(`SELECT count(*) FROM before_invoices`)).rows[0].count);

    const t0 = Date.now();
    const now = await new DataSource({ ...typeormOptions(scratch.url), migrations: MIGRATIONS.slice(0, AT + 1) }).initialize();
    try {
      expect(await runMigrationsLocked(now)).toEqual(['Invoices1766275200000']);
    } finally {
      await now.destroy();
    }
    migrationMs = Date.now() - t0;
  }, 240_000); // seeding 20,000 projects takes ~25 s on a quiet 2-core machine; beside three API workers it has taken over 60 s (as in test/perf/list-indexes)

  afterAll(async () => {
    await pg?.end();
    await scratch?.drop();
  });

  const count = async (sql: string) => Number((await pg.query(sql)).rows[0].n);

  it('every project has its invoice, owing exactly what project_owed_cents answered; is_paid is unchanged', async () => {
    const summary = (
      await pg.query(`
        SELECT count(*)::int AS compared,
               count(*) FILTER (WHERE i.id IS NULL)::int AS without_invoice,
               count(*) FILTER (WHERE i.due_cents <> b.owed)::int AS due_mismatches,
               count(*) FILTER (WHERE p.is_paid <> b.is_paid)::int AS is_paid_changed,
               count(*) FILTER (WHERE b.owed > 0)::int AS owing,
               count(*) FILTER (WHERE i.status = 'void')::int AS void,
               count(*) FILTER (WHERE i.status = 'draft')::int AS draft,
               count(*) FILTER (WHERE i.paid_cents > i.total_cents)::int AS overpaid,
               count(*) FILTER (WHERE i.refunded_cents > 0)::int AS refunded,
               count(*) FILTER (WHERE i.credits_cents > 0)::int AS with_credits
          FROM before_invoices b JOIN projects p ON p.id = b.id LEFT JOIN invoices i ON i.project_id = b.id`)
    ).rows[0];
    const deposits = await count(`SELECT count(*) AS n FROM invoice_installments WHERE label = 'Deposit'`);
    console.log(
      `Invoices migration: ${summary.compared} projects compared in ${(migrationMs / 1000).toFixed(1)} s (migration alone); ` +
        `${summary.due_mismatches} due mismatches, ${summary.is_paid_changed} is_paid changed, ${summary.without_invoice} without an invoice; ` +
        `${summary.owing} owing, ${summary.overpaid} overpaid, ${summary.refunded} with refunds, ${summary.with_credits} with credit-paid lines, ` +
        `${deposits} deposits, ${summary.draft} drafts, ${summary.void} void`,
    );
    expect(summary.compared).toBe(projects);
    expect(summary.compared).toBeGreaterThan(20_000);
    expect(summary).toMatchObject({ without_invoice: 0, due_mismatches: 0, is_paid_changed: 0 });
    // The edge cases are there to be compared.
    expect(summary.overpaid).toBeGreaterThan(100);
    expect(summary.refunded).toBeGreaterThan(100);
    expect(summary.with_credits).toBeGreaterThan(1000);
    expect(summary.void).toBeGreaterThan(100);
    expect(deposits).toBeGreaterThan(1000);
    expect(await count(`SELECT count(*) AS n FROM invoices`)).toBe(projects);
  });

  it('installments sum to the total; each holds its share of what was paid, the first first', async () => {
    expect(
      await count(`
        SELECT count(*) AS n FROM invoices i
          LEFT JOIN (SELECT invoice_id, sum(amount_cents) AS s, count(*) AS c FROM invoice_installments GROUP BY invoice_id) k ON k.invoice_id = i.id
         WHERE coalesce(k.s, 0) <> i.total_cents OR (i.total_cents > 0 AND k.c IS NULL)`),
    ).toBe(0);
    expect(
      await count(`
        SELECT count(*) AS n FROM invoice_installments k JOIN invoices i ON i.id = k.invoice_id
         WHERE k.paid_cents <> least(k.amount_cents, greatest(0, i.paid_cents -
                 coalesce((SELECT sum(o.amount_cents) FROM invoice_installments o WHERE o.invoice_id = k.invoice_id AND o.position < k.position), 0)))`),
    ).toBe(0);
    // Positions 0 … n-1 without gaps.
    expect(
      await count(
        `SELECT count(*) AS n FROM (SELECT invoice_id, max(position) AS m, count(*) AS c FROM invoice_installments GROUP BY invoice_id) x WHERE x.m + 1 <> x.c`,
      ),
    ).toBe(0);
  });

  it('numbers 1 … N without gaps in project-id order, for every invoice with a total; drafts have none', async () => {
    const r = (
      await pg.query(`
        SELECT count(*)::int AS numbered, min(number)::int AS first, max(number)::int AS last,
               count(*) FILTER (WHERE number <> n)::int AS out_of_order,
               (SELECT count(*)::int FROM invoices WHERE number IS NULL AND total_cents > 0) AS unnumbered_with_total,
               (SELECT count(*)::int FROM invoices WHERE number IS NOT NULL AND total_cents = 0) AS numbered_without_total,
               (SELECT last_number FROM invoice_numbers WHERE id = 1) AS last_given
          FROM (SELECT number, row_number() OVER (ORDER BY project_id) AS n FROM invoices WHERE number IS NOT NULL) x`)
    ).rows[0];
    console.log(`numbers: ${r.numbered} invoices numbered ${r.first} … ${r.last}, ${r.out_of_order} out of order`);
    expect(r).toMatchObject({
      first: 1,
      last: r.numbered,
      out_of_order: 0,
      unnumbered_with_total: 0,
      numbered_without_total: 0,
      last_given: r.numbered,
    });
  });

  it('what is stored agrees with a fresh Invoice computed from the stored lines, schedule and postings', async () => {
    const t0 = Date.now();
    const { invoices, mismatches } = await freshComputations(pg);
    console.log(`fresh Invoice computations: ${invoices} invoices, ${mismatches.length} mismatches, ${Date.now() - t0} ms`);
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(invoices).toBe(projects);
  });
});

/** Every invoice restored from its stored rows as the Invoice aggregate, and what it derives compared with what is stored. */
async function freshComputations(pg: Client): Promise<{ invoices: number; mismatches: string[] }> {
  const invoices = (
    await pg.query(`SELECT id, project_id, client_id, number, issued_at, sent_at, voided_at, currency, discount_kind, discount_value, tax_name,
                           tax_rate::text AS tax_rate, tax_inclusive, status, subtotal_cents, total_cents, credits_cents, payments_cents,
                           refunded_cents, paid_cents, due_cents, to_char(next_due_date, 'YYYY-MM-DD') AS next_due_date, next_due_cents
                      FROM invoices ORDER BY id`)
  ).rows;
  const group = <T extends { invoice_id: number }>(rows: T[]) => {
    const m = new Map<number, T[]>();
    for (const r of rows) (m.get(r.invoice_id) ?? m.set(r.invoice_id, []).get(r.invoice_id)!).push(r);
    return m;
  };
  const lines = group(
    (
      await pg.query(
        `SELECT invoice_id, description, quantity, unit_price_cents, source, service_id, paid_with_credits FROM invoice_lines ORDER BY invoice_id, position`,
      )
    ).rows,
  );
  const schedule = group(
    (
      await pg.query(
        `SELECT invoice_id, id, label, amount_cents, to_char(due_date, 'YYYY-MM-DD') AS due_date, paid_cents FROM invoice_installments ORDER BY invoice_id, position`,
      )
    ).rows,
  );
  const postings = group(
    (
      await pg.query(
        `SELECT invoice_id, id, kind, amount_cents, payment_id, refund_id, method, posted_at FROM invoice_postings ORDER BY invoice_id, id`,
      )
    ).rows,
  );
  const mismatches: string[] = [];
  for (const r of invoices) {
    const inv = Invoice.restore({
      id: r.id,
      projectId: r.project_id,
      clientId: r.client_id,
      number: r.number,
      issuedAt: r.issued_at,
      sentAt: r.sent_at,
      voidedAt: r.voided_at,
      currency: r.currency,
      discount: r.discount_kind ? { kind: r.discount_kind, value: Number(r.discount_value) } : null,
      tax: { name: r.tax_name, rateMilli: rateMilli(r.tax_rate), inclusive: r.tax_inclusive },
      lines: (lines.get(r.id) ?? []).map((l): InvoiceLine => ({
        description: l.description,
        quantity: l.quantity,
        unitPriceCents: Number(l.unit_price_cents),
        source: l.source,
        serviceId: l.service_id,
        paidWithCredits: l.paid_with_credits,
      })),
      schedule: (schedule.get(r.id) ?? []).map((s) => ({
        id: s.id,
        label: s.label,
        amountCents: Number(s.amount_cents),
        dueDate: s.due_date,
      })),
      postings: (postings.get(r.id) ?? []).map((p): Posting => ({
        id: p.id,
        kind: p.kind,
        amountCents: Number(p.amount_cents),
        paymentId: p.payment_id,
        refundId: p.refund_id,
        method: p.method,
        postedAt: p.posted_at,
      })),
    });
    const t = inv.totals;
    const stored = [
      r.status,
      +r.subtotal_cents,
      +r.total_cents,
      +r.credits_cents,
      +r.payments_cents,
      +r.refunded_cents,
      +r.paid_cents,
      +r.due_cents,
    ];
    const fresh = [inv.status, t.subtotal, t.total, t.credits, t.payments, t.refunded, t.paid, t.due];
    if (JSON.stringify(stored) !== JSON.stringify(fresh))
      mismatches.push(`invoice ${r.id}: stored ${JSON.stringify(stored)}, fresh ${JSON.stringify(fresh)}`);
    const states = inv.installments('2000-01-01');
    const storedPaid = (schedule.get(r.id) ?? []).map((s) => Number(s.paid_cents));
    if (JSON.stringify(storedPaid) !== JSON.stringify(states.map((s) => s.paidCents)))
      mismatches.push(
        `invoice ${r.id}: installments paid ${JSON.stringify(storedPaid)}, fresh ${JSON.stringify(states.map((s) => s.paidCents))}`,
      );
    const next = inv.nextInstallment('2000-01-01');
    const storedNext = [r.next_due_date, Number(r.next_due_cents)];
    const freshNext = [next?.dueDate ?? null, next?.remainingCents ?? 0];
    if (JSON.stringify(storedNext) !== JSON.stringify(freshNext))
      mismatches.push(`invoice ${r.id} (${r.status}): next ${JSON.stringify(storedNext)}, fresh ${JSON.stringify(freshNext)}`);
  }
  return { invoices: invoices.length, mismatches };
}

describe("the benchmark's dataset on the current schema: its invoices as billing would store them", () => {
  let scratch: ScratchDatabase;
  let pg: Client;

  beforeAll(async () => {
    scratch = await scratchDatabase('invdata');
    const ds = await new DataSource(typeormOptions(scratch.url)).initialize();
    try {
      await runMigrationsLocked(ds);
    } finally {
      await ds.destroy();
    }
    pg = new Client({ connectionString: scratch.url });
    await pg.connect();
  }, 60_000);

  afterAll(async () => {
    await pg?.end();
    await scratch?.drop();
  });

  it('seeded with three installments (backfillInvoices, then the schedules): every invoice agrees with a fresh computation', async () => {
    const seeded = await seedDataset(pg, { scale: 0.1, redemptionPool: 200, installments: 3 });
    expect(seeded.invoices.total).toBe(seeded.counts.projects);
    expect(seeded.invoices.open).toBeGreaterThan(0);
    expect(seeded.invoices.overdue).toBeGreaterThan(0);
    expect(seeded.invoices.overdue).toBeLessThan(seeded.invoices.open + 1);
    const { invoices, mismatches } = await freshComputations(pg);
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(invoices).toBe(seeded.counts.projects);
    const three = Number(
      (await pg.query(`SELECT count(*) AS n FROM (SELECT invoice_id FROM invoice_installments GROUP BY invoice_id HAVING count(*) = 3) x`))
        .rows[0].n,
    );
    expect(three).toBeGreaterThan(seeded.counts.projects * 0.95);
    // projects.is_paid is billing's answer.
    const drift = Number(
      (
        await pg.query(
          `SELECT count(*) AS n FROM projects p JOIN invoices i ON i.project_id = p.id WHERE p.is_paid <> (i.status IN ('paid', 'draft') OR i.due_cents = 0)`,
        )
      ).rows[0].n,
    );
    expect(drift).toBe(0);
    console.log(
      `dataset at scale 0.1: ${invoices} invoices (${seeded.invoices.open} open, ${seeded.invoices.overdue} overdue), ${three} in three installments, ${mismatches.length} mismatches`,
    );
  }, 120_000);
});
