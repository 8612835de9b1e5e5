import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The number of live (not deleted) projects and of payments, kept by the database itself: the back
 * office's Projects and Payment History pages answer their totals from one row instead of counting
 * tens of thousands of rows on every request.
 * Statement-level triggers with transition tables keep it exact for single and bulk changes alike,
 * and touch the counter row only when the number changes (a project marked paid does not lock it).
 */
export class RowCounts1764288000000 implements MigrationInterface {
  name = 'RowCounts1764288000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE row_counts (name TEXT PRIMARY KEY, n BIGINT NOT NULL CHECK (n >= 0))`);
    await q.query(`INSERT INTO row_counts (name, n) SELECT 'live_projects', count(*) FROM projects WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE FUNCTION row_counts_live_projects() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        delta BIGINT := 0;
      BEGIN
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          delta := delta + (SELECT count(*) FROM new_rows WHERE deleted_at IS NULL);
        END IF;
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          delta := delta - (SELECT count(*) FROM old_rows WHERE deleted_at IS NULL);
        END IF;
        IF delta <> 0 THEN
          UPDATE row_counts SET n = n + delta WHERE name = 'live_projects';
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER projects_count_insert AFTER INSERT ON projects
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_live_projects()`);
    await q.query(`
      CREATE TRIGGER projects_count_update AFTER UPDATE ON projects
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_live_projects()`);
    await q.query(`
      CREATE TRIGGER projects_count_delete AFTER DELETE ON projects
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_live_projects()`);
    await q.query(`
      CREATE FUNCTION row_counts_projects_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE row_counts SET n = 0 WHERE name = 'live_projects';
        RETURN NULL;
      END $$`);
    await q.query(
      `CREATE TRIGGER projects_count_truncate AFTER TRUNCATE ON projects FOR EACH STATEMENT EXECUTE FUNCTION row_counts_projects_truncated()`,
    );

    await q.query(`INSERT INTO row_counts (name, n) SELECT 'payments', count(*) FROM payments`);
    await q.query(`
      CREATE FUNCTION row_counts_payments() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE row_counts SET n = n + (SELECT count(*) FROM new_rows) WHERE name = 'payments';
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE row_counts SET n = n - (SELECT count(*) FROM old_rows) WHERE name = 'payments';
        ELSE
          UPDATE row_counts SET n = 0 WHERE name = 'payments';
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER payments_count_insert AFTER INSERT ON payments
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_payments()`);
    await q.query(`
      CREATE TRIGGER payments_count_delete AFTER DELETE ON payments
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_payments()`);
    await q.query(
      `CREATE TRIGGER payments_count_truncate AFTER TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION row_counts_payments()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER payments_count_truncate ON payments`);
    await q.query(`DROP TRIGGER payments_count_delete ON payments`);
    await q.query(`DROP TRIGGER payments_count_insert ON payments`);
    await q.query(`DROP FUNCTION row_counts_payments()`);
    await q.query(`DROP TRIGGER projects_count_truncate ON projects`);
    await q.query(`DROP TRIGGER projects_count_delete ON projects`);
    await q.query(`DROP TRIGGER projects_count_update ON projects`);
    await q.query(`DROP TRIGGER projects_count_insert ON projects`);
    await q.query(`DROP FUNCTION row_counts_projects_truncated()`);
    await q.query(`DROP FUNCTION row_counts_live_projects()`);
    await q.query(`DROP TABLE row_counts`);
  }
}
