import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CONTRACT §14, issue 29, decision 0045: the billing module owns what is owed. Every project gets its invoice
 * (a draft without a number while its total is 0), its lines, its schedule and the postings of its payments
 * and refunds; what the Invoice aggregate derives (totals, paid, due, status, each installment's paid part) is
 * stored beside them for the lists. The database's copy of the rule (`project_owed_cents` and the triggers
 * that kept `projects.is_paid`, decision 0038) is dropped: `projects.is_paid` is now the projects module's
 * cache of billing's answer, written by projects when billing says an invoice's paid state changed.
 *
 * Moved with identical amounts: a migrated invoice has the project's lines (or one line of its price when it
 * had none), no discount and no tax (what the client was quoted), the credit-paid lines as credits applied,
 * completed payments and their refunds as postings; its due is exactly what `project_owed_cents` answered.
 * A deposit becomes the schedule 'Deposit' (due at the project's date) and 'Balance'; otherwise one
 * 'Payment' due `payment_due_days` after the project's date.
 */
export class Invoices1766275200000 implements MigrationInterface {
  name = 'Invoices1766275200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE invoice_numbers (
        id          SMALLINT PRIMARY KEY CHECK (id = 1),
        last_number INTEGER  NOT NULL CHECK (last_number >= 0)
      )`);
    await q.query(`INSERT INTO invoice_numbers (id, last_number) VALUES (1, 0)`);
    await q.query(`
      CREATE TABLE invoices (
        id              SERIAL        PRIMARY KEY,
        project_id      INTEGER       NOT NULL UNIQUE REFERENCES projects (id),
        client_id       INTEGER       NOT NULL REFERENCES users (id),
        number          INTEGER       UNIQUE CHECK (number > 0),
        status          VARCHAR(5)    NOT NULL CHECK (status IN ('draft', 'open', 'paid', 'void')),
        issued_at       TIMESTAMPTZ,
        sent_at         TIMESTAMPTZ,
        voided_at       TIMESTAMPTZ,
        currency        CHAR(3)       NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        discount_kind   VARCHAR(7)    CHECK (discount_kind IN ('amount', 'percent')),
        discount_value  BIGINT        CHECK (discount_value > 0),
        tax_name        VARCHAR(40)   NOT NULL DEFAULT 'Tax',
        tax_rate        NUMERIC(6, 3) NOT NULL DEFAULT 0 CHECK (tax_rate >= 0 AND tax_rate <= 30),
        tax_inclusive   BOOLEAN       NOT NULL DEFAULT false,
        subtotal_cents  BIGINT        NOT NULL DEFAULT 0 CHECK (subtotal_cents >= 0),
        discount_cents  BIGINT        NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
        tax_cents       BIGINT        NOT NULL DEFAULT 0 CHECK (tax_cents >= 0),
        total_cents     BIGINT        NOT NULL DEFAULT 0 CHECK (total_cents >= 0),
        credits_cents   BIGINT        NOT NULL DEFAULT 0 CHECK (credits_cents >= 0),
        payments_cents  BIGINT        NOT NULL DEFAULT 0 CHECK (payments_cents >= 0),
        refunded_cents  BIGINT        NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0),
        paid_cents      BIGINT        NOT NULL DEFAULT 0 CHECK (paid_cents >= 0),
        due_cents       BIGINT        NOT NULL DEFAULT 0 CHECK (due_cents >= 0),
        next_due_date   DATE,
        next_due_cents  BIGINT        NOT NULL DEFAULT 0 CHECK (next_due_cents >= 0),
        created_at      TIMESTAMPTZ   NOT NULL DEFAULT now(),
        updated_at      TIMESTAMPTZ   NOT NULL DEFAULT now(),
        CHECK ((discount_kind IS NULL) = (discount_value IS NULL)),
        CHECK ((number IS NULL) = (status = 'draft' OR (status = 'void' AND issued_at IS NULL))),
        CHECK (paid_cents = credits_cents + payments_cents - refunded_cents),
        CHECK (due_cents = greatest(0, total_cents - paid_cents)),
        CHECK (status <> 'paid' OR due_cents = 0),
        CHECK (status <> 'open' OR due_cents > 0)
      )`);
    // The lists: newest number first, by status, by client, overdue by next due date (index-served pages).
    await q.query(`CREATE INDEX invoices_number_idx ON invoices (number DESC NULLS FIRST, id DESC)`);
    await q.query(`CREATE INDEX invoices_status_number_idx ON invoices (status, number DESC NULLS FIRST, id DESC)`);
    await q.query(`CREATE INDEX invoices_client_idx ON invoices (client_id, number DESC NULLS FIRST, id DESC)`);
    await q.query(`CREATE INDEX invoices_open_due_idx ON invoices (next_due_date, id) WHERE status = 'open'`);
    await q.query(`
      CREATE TABLE invoice_lines (
        id                SERIAL        PRIMARY KEY,
        invoice_id        INTEGER       NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
        position          SMALLINT      NOT NULL CHECK (position >= 0),
        description       VARCHAR(200)  NOT NULL,
        quantity          INTEGER       NOT NULL CHECK (quantity >= 1),
        unit_price_cents  BIGINT        NOT NULL CHECK (unit_price_cents >= 0),
        source            VARCHAR(7)    NOT NULL DEFAULT 'custom' CHECK (source IN ('service', 'project', 'custom')),
        service_id        INTEGER,
        paid_with_credits BOOLEAN       NOT NULL DEFAULT false,
        CHECK ((source = 'service') = (service_id IS NOT NULL)),
        CHECK (source = 'service' OR NOT paid_with_credits),
        UNIQUE (invoice_id, position)
      )`);
    await q.query(`
      CREATE TABLE invoice_installments (
        id           SERIAL       PRIMARY KEY,
        invoice_id   INTEGER      NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
        position     SMALLINT     NOT NULL CHECK (position BETWEEN 0 AND 11),
        label        VARCHAR(60)  NOT NULL CHECK (length(trim(label)) > 0),
        amount_cents BIGINT       NOT NULL CHECK (amount_cents > 0),
        due_date     DATE         NOT NULL,
        paid_cents   BIGINT       NOT NULL DEFAULT 0 CHECK (paid_cents >= 0 AND paid_cents <= amount_cents),
        UNIQUE (invoice_id, position)
      )`);
    await q.query(`CREATE INDEX invoice_installments_due_idx ON invoice_installments (due_date) WHERE paid_cents < amount_cents`);
    await q.query(`
      CREATE TABLE invoice_postings (
        id           SERIAL       PRIMARY KEY,
        invoice_id   INTEGER      NOT NULL REFERENCES invoices (id),
        kind         VARCHAR(7)   NOT NULL CHECK (kind IN ('payment', 'refund')),
        amount_cents BIGINT       NOT NULL CHECK (amount_cents > 0),
        payment_id   INTEGER      NOT NULL,
        refund_id    INTEGER,
        method       VARCHAR(6)   NOT NULL CHECK (method IN ('card', 'manual')),
        posted_at    TIMESTAMPTZ  NOT NULL DEFAULT now(),
        CHECK ((kind = 'refund') = (refund_id IS NOT NULL))
      )`);
    // A payment posts once, a refund posts once: the confirmation and the webhook never count twice.
    await q.query(`CREATE UNIQUE INDEX invoice_postings_payment_once ON invoice_postings (payment_id) WHERE kind = 'payment'`);
    await q.query(`CREATE UNIQUE INDEX invoice_postings_refund_once ON invoice_postings (refund_id) WHERE kind = 'refund'`);
    await q.query(`CREATE INDEX invoice_postings_invoice_idx ON invoice_postings (invoice_id, id)`);
    await q.query(`
      CREATE TABLE invoice_reminders (
        installment_id INTEGER     NOT NULL REFERENCES invoice_installments (id) ON DELETE CASCADE,
        days           SMALLINT    NOT NULL CHECK (days BETWEEN -30 AND 60),
        sent_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
        PRIMARY KEY (installment_id, days)
      )`);

    await backfillInvoices(q);

    // A card payment may pay one installment of several (CONTRACT §14).
    await q.query(`ALTER TABLE card_payment_intents DROP CONSTRAINT card_payment_intents_part_check`);
    await q.query(
      `ALTER TABLE card_payment_intents ADD CONSTRAINT card_payment_intents_part_check CHECK (part IN ('deposit', 'installment', 'balance'))`,
    );

    // The database's copy of the rule goes: billing decides, projects keeps its cache.
    await q.query(`DROP TRIGGER project_service_payments_paid_update ON project_service_payments`);
    await q.query(`DROP TRIGGER project_services_paid_update ON project_services`);
    await q.query(`DROP TRIGGER payments_paid_update ON payments`);
    for (const table of ['payments', 'project_services', 'project_service_payments']) {
      await q.query(`DROP TRIGGER ${table}_paid_delete ON ${table}`);
      await q.query(`DROP TRIGGER ${table}_paid_insert ON ${table}`);
    }
    await q.query(`DROP FUNCTION projects_paid_row()`);
    await q.query(`DROP FUNCTION projects_paid_rows()`);
    await q.query(`DROP FUNCTION projects_paid_refresh(INTEGER[])`);
    await q.query(`DROP TRIGGER projects_paid ON projects`);
    await q.query(`DROP FUNCTION projects_paid()`);
    await q.query(`DROP FUNCTION project_owed_cents(INTEGER, BIGINT)`);
    await q.query(
      `UPDATE projects p SET is_paid = (i.status IN ('paid', 'draft') OR i.due_cents = 0) FROM invoices i WHERE i.project_id = p.id AND p.is_paid IS DISTINCT FROM (i.status IN ('paid', 'draft') OR i.due_cents = 0)`,
    );
    await q.query(`ALTER TABLE projects DROP COLUMN deposit_cents`);
  }

  async down(): Promise<void> {
    throw new Error('Invoices1766275200000 cannot be undone: restore the backup taken before the upgrade');
  }
}

/**
 * Invoices for every project that has none, from its price, lines, credit-paid lines, deposit, payments and
 * refunds (the terms `project_owed_cents` used). Also what the benchmark's and tests' bulk datasets call after
 * writing projects and payments directly (an import of earlier data): `backfillInvoices` is exported for them.
 */
export async function backfillInvoices(
  q: { query(sql: string, params?: unknown[]): Promise<unknown> },
  depositColumn = true,
): Promise<void> {
  const deposit = depositColumn ? 'p.deposit_cents' : 'NULL::bigint';
  await q.query(`
    INSERT INTO invoices (project_id, client_id, status, issued_at, currency, subtotal_cents, total_cents, credits_cents,
                          payments_cents, refunded_cents, paid_cents, due_cents, created_at)
    SELECT p.id, p.client_id, 'draft', CASE WHEN p.price_cents > 0 THEN p.date END, s.currency, p.price_cents, p.price_cents,
           c.credits, m.payments, m.refunded, c.credits + m.payments - m.refunded,
           greatest(0, p.price_cents - c.credits - m.payments + m.refunded), p.created_at
      FROM projects p
      CROSS JOIN (SELECT currency FROM studio_settings WHERE id = 1 UNION ALL SELECT 'USD' LIMIT 1) s
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(ps.unit_price_cents * ps.quantity), 0)::bigint AS credits
          FROM project_service_payments psp
          JOIN project_services ps ON ps.project_id = psp.project_id AND ps.service_id = psp.service_id
         WHERE psp.project_id = p.id AND psp.paid_with_credits) c
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(pay.amount_cents), 0)::bigint AS payments, coalesce(sum(pay.refunded_cents), 0)::bigint AS refunded
          FROM payments pay WHERE pay.project_id = p.id AND pay.status = 'completed') m
     WHERE NOT EXISTS (SELECT 1 FROM invoices i WHERE i.project_id = p.id)
     ORDER BY p.id`);
  // Lines: the project's services, or one line of its price.
  await q.query(`
    INSERT INTO invoice_lines (invoice_id, position, description, quantity, unit_price_cents, source, service_id, paid_with_credits)
    SELECT i.id, (row_number() OVER (PARTITION BY i.id ORDER BY ps.service_id) - 1)::smallint, left(sv.name, 200), ps.quantity,
           ps.unit_price_cents, 'service', ps.service_id, coalesce(psp.paid_with_credits, false)
      FROM invoices i
      JOIN project_services ps ON ps.project_id = i.project_id
      JOIN services sv ON sv.id = ps.service_id
      LEFT JOIN project_service_payments psp ON psp.project_id = ps.project_id AND psp.service_id = ps.service_id
     WHERE NOT EXISTS (SELECT 1 FROM invoice_lines l WHERE l.invoice_id = i.id)`);
  await q.query(`
    INSERT INTO invoice_lines (invoice_id, position, description, quantity, unit_price_cents, source)
    SELECT i.id, 0, left(p.name, 200), 1, p.price_cents, 'project'
      FROM invoices i JOIN projects p ON p.id = i.project_id
     WHERE p.price_cents > 0 AND NOT EXISTS (SELECT 1 FROM invoice_lines l WHERE l.invoice_id = i.id)`);
  // Postings: completed payments and their succeeded refunds (refunded_cents is their sum).
  await q.query(`
    INSERT INTO invoice_postings (invoice_id, kind, amount_cents, payment_id, method, posted_at)
    SELECT i.id, 'payment', pay.amount_cents, pay.id, CASE WHEN pay.stripe_payment_id IS NULL THEN 'manual' ELSE 'card' END, pay.payment_date
      FROM payments pay JOIN invoices i ON i.project_id = pay.project_id
     WHERE pay.status = 'completed' AND pay.amount_cents > 0
       AND NOT EXISTS (SELECT 1 FROM invoice_postings x WHERE x.kind = 'payment' AND x.payment_id = pay.id)`);
  await q.query(`
    INSERT INTO invoice_postings (invoice_id, kind, amount_cents, payment_id, refund_id, method, posted_at)
    SELECT i.id, 'refund', r.amount_cents, pay.id, r.id, CASE WHEN pay.stripe_payment_id IS NULL THEN 'manual' ELSE 'card' END, r.created_at
      FROM payment_refunds r JOIN payments pay ON pay.id = r.payment_id JOIN invoices i ON i.project_id = pay.project_id
     WHERE r.status <> 'failed' AND pay.status = 'completed'
       AND NOT EXISTS (SELECT 1 FROM invoice_postings x WHERE x.kind = 'refund' AND x.refund_id = r.id)`);
  // Schedules: 'Deposit' and 'Balance', or one 'Payment'; each installment's paid part in order.
  await q.query(`
    INSERT INTO invoice_installments (invoice_id, position, label, amount_cents, due_date)
    SELECT i.id, x.position, x.label, x.amount, x.due
      FROM invoices i
      JOIN projects p ON p.id = i.project_id
      CROSS JOIN (SELECT payment_due_days FROM studio_settings WHERE id = 1 UNION ALL SELECT 30 LIMIT 1) s
      CROSS JOIN LATERAL (
        SELECT 0 AS position, 'Deposit' AS label, ${deposit} AS amount, (p.date AT TIME ZONE 'UTC')::date AS due
         WHERE ${deposit} IS NOT NULL AND ${deposit} < i.total_cents
        UNION ALL
        SELECT CASE WHEN ${deposit} IS NOT NULL AND ${deposit} < i.total_cents THEN 1 ELSE 0 END,
               CASE WHEN ${deposit} IS NOT NULL AND ${deposit} < i.total_cents THEN 'Balance' ELSE 'Payment' END,
               i.total_cents - CASE WHEN ${deposit} IS NOT NULL AND ${deposit} < i.total_cents THEN ${deposit} ELSE 0 END,
               (p.date AT TIME ZONE 'UTC')::date + s.payment_due_days) x
     WHERE i.total_cents > 0 AND NOT EXISTS (SELECT 1 FROM invoice_installments k WHERE k.invoice_id = i.id)`);
  await q.query(`
    UPDATE invoice_installments k SET paid_cents = least(k.amount_cents, greatest(0, w.paid - w.before))
      FROM (SELECT o.id, i.paid_cents AS paid,
                   coalesce(sum(o.amount_cents) OVER (PARTITION BY o.invoice_id ORDER BY o.position ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
              FROM invoice_installments o JOIN invoices i ON i.id = o.invoice_id AND i.status = 'draft') w
     WHERE w.id = k.id`);
  // Status, number and the next installment, from what is owed (deleted projects' invoices are void); numbers
  // in creation order (project id) after the last one given, for every invoice with a total.
  await q.query(`
    WITH fresh AS (
      SELECT i.id, p.deleted_at, CASE WHEN i.total_cents > 0 THEN (SELECT last_number FROM invoice_numbers WHERE id = 1)
               + row_number() OVER (PARTITION BY i.total_cents > 0 ORDER BY i.project_id) END AS n
        FROM invoices i JOIN projects p ON p.id = i.project_id
       WHERE i.status = 'draft' AND i.number IS NULL)
    UPDATE invoices i SET
      number = f.n,
      status = CASE WHEN f.deleted_at IS NOT NULL THEN 'void' WHEN i.total_cents = 0 THEN 'draft' WHEN i.due_cents = 0 THEN 'paid' ELSE 'open' END,
      voided_at = f.deleted_at,
      next_due_date = CASE WHEN f.deleted_at IS NULL THEN n.due_date END,
      next_due_cents = CASE WHEN f.deleted_at IS NULL THEN coalesce(n.remaining, 0) ELSE 0 END
      FROM fresh f
      LEFT JOIN LATERAL (SELECT k.due_date, k.amount_cents - k.paid_cents AS remaining FROM invoice_installments k
                          WHERE k.invoice_id = f.id AND k.paid_cents < k.amount_cents
                          ORDER BY k.position LIMIT 1) n ON true
     WHERE i.id = f.id`);
  await q.query(`UPDATE invoice_numbers SET last_number = coalesce((SELECT max(number) FROM invoices), 0) WHERE id = 1`);
}
