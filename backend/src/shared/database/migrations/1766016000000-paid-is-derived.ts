import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CONTRACT §12, decision 0038: a project is paid exactly when nothing is owed on it.
 *
 * `project_owed_cents` is the one rule of what is owed: the price, less the services paid with credits,
 * less the completed payments net of their refunds, never below 0. `projects.is_paid` stays (the lists
 * filter and sort by it through their indexes) but only as a cache of `owed = 0` that the database keeps:
 * - a project written (its price, or anyone writing `is_paid`): recomputed before the row is stored, so a
 *   stored "paid" while money is owed cannot be written by anyone;
 * - payments, service lines and credit-paid lines changed: their projects recomputed in the same
 *   statement. Each project row is locked before it is read, so a change committed meanwhile by another
 *   transaction (two payments of one project at once) is seen by whichever recomputes last.
 * Existing rows are recomputed here.
 */
export class PaidIsDerived1766016000000 implements MigrationInterface {
  name = 'PaidIsDerived1766016000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION project_owed_cents(p_id INTEGER, p_price_cents BIGINT) RETURNS BIGINT LANGUAGE sql STABLE AS $$
        SELECT greatest(0, p_price_cents
          - coalesce((SELECT sum(ps.unit_price_cents * ps.quantity) FROM project_service_payments psp
                        JOIN project_services ps ON ps.project_id = psp.project_id AND ps.service_id = psp.service_id
                       WHERE psp.project_id = p_id AND psp.paid_with_credits), 0)
          - coalesce((SELECT sum(pay.amount_cents - pay.refunded_cents) FROM payments pay
                       WHERE pay.project_id = p_id AND pay.status = 'completed'), 0))::bigint
      $$`);
    // A project written: its flag from its own price, whatever the writer put there.
    await q.query(`
      CREATE FUNCTION projects_paid() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- EXECUTE: planned with the tables as they are now (a plan a session cached while payments was
        -- empty would read all of it for every project; see projects_paid_refresh)
        EXECUTE 'SELECT project_owed_cents($1, $2) = 0' INTO NEW.is_paid USING NEW.id, NEW.price_cents;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER projects_paid BEFORE INSERT OR UPDATE OF price_cents, is_paid ON projects
        FOR EACH ROW EXECUTE FUNCTION projects_paid()`);
    // The projects whose money changed: locked first (in id order), then recomputed in a new statement,
    // which sees what other transactions committed while this one waited for the lock.
    await q.query(`
      CREATE FUNCTION projects_paid_refresh(ids INTEGER[]) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
        -- joined to the ids (not \`= ANY\`): a bulk statement's thousands of projects are matched by hash or index
        PERFORM 1 FROM projects p JOIN unnest(ids) AS x(id) ON x.id = p.id ORDER BY p.id FOR UPDATE OF p;
        -- EXECUTE: planned each time with the tables as they are. A plan cached by the session is kept until
        -- the tables are analyzed: one made while payments was nearly empty (a new studio, a bulk import in one
        -- transaction) reads all of payments for every project.
        EXECUTE 'UPDATE projects p SET is_paid = (project_owed_cents(p.id, p.price_cents) = 0)
                   FROM unnest($1) AS x(id)
                  WHERE p.id = x.id AND p.is_paid IS DISTINCT FROM (project_owed_cents(p.id, p.price_cents) = 0)' USING ids;
      END $$`);
    // Rows added or removed (statement level: a bulk insert recomputes each project once).
    await q.query(`
      CREATE FUNCTION projects_paid_rows() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM projects_paid_refresh(ARRAY(SELECT DISTINCT project_id FROM new_rows WHERE project_id IS NOT NULL));
        ELSE
          PERFORM projects_paid_refresh(ARRAY(SELECT DISTINCT project_id FROM old_rows WHERE project_id IS NOT NULL));
        END IF;
        RETURN NULL;
      END $$`);
    // A row changed in what the rule reads (row level, so that the WHEN leaves other updates alone).
    await q.query(`
      CREATE FUNCTION projects_paid_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM projects_paid_refresh(ARRAY(SELECT DISTINCT x FROM unnest(ARRAY[OLD.project_id, NEW.project_id]) x WHERE x IS NOT NULL));
        RETURN NULL;
      END $$`);
    for (const table of ['payments', 'project_services', 'project_service_payments']) {
      await q.query(`
        CREATE TRIGGER ${table}_paid_insert AFTER INSERT ON ${table}
          REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION projects_paid_rows()`);
      await q.query(`
        CREATE TRIGGER ${table}_paid_delete AFTER DELETE ON ${table}
          REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION projects_paid_rows()`);
    }
    await q.query(`
      CREATE TRIGGER payments_paid_update AFTER UPDATE OF project_id, amount_cents, refunded_cents, status ON payments
        FOR EACH ROW WHEN (OLD.project_id IS DISTINCT FROM NEW.project_id OR OLD.amount_cents <> NEW.amount_cents
                           OR OLD.refunded_cents <> NEW.refunded_cents OR OLD.status <> NEW.status)
        EXECUTE FUNCTION projects_paid_row()`);
    await q.query(`
      CREATE TRIGGER project_services_paid_update AFTER UPDATE ON project_services
        FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION projects_paid_row()`);
    await q.query(`
      CREATE TRIGGER project_service_payments_paid_update AFTER UPDATE ON project_service_payments
        FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION projects_paid_row()`);
    // Existing rows: a project marked paid that owes money (the $0 project priced afterwards) is unpaid
    // now, and one that owes nothing is paid.
    await q.query(`UPDATE projects SET is_paid = is_paid WHERE is_paid IS DISTINCT FROM (project_owed_cents(id, price_cents) = 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
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
  }
}
