import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Invoices list's total without a count of the table on every page (as `live_projects` and `payments`
 * are kept, migration RowCounts): the database keeps the number of invoices in `row_counts`.
 */
export class InvoiceCount1766289600000 implements MigrationInterface {
  name = 'InvoiceCount1766289600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`INSERT INTO row_counts (name, n) SELECT 'invoices', count(*) FROM invoices`);
    await q.query(`
      CREATE FUNCTION row_counts_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE row_counts SET n = n + (SELECT count(*) FROM new_rows) WHERE name = 'invoices';
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE row_counts SET n = n - (SELECT count(*) FROM old_rows) WHERE name = 'invoices';
        ELSE
          UPDATE row_counts SET n = 0 WHERE name = 'invoices';
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER invoices_count_insert AFTER INSERT ON invoices
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_invoices()`);
    await q.query(`
      CREATE TRIGGER invoices_count_delete AFTER DELETE ON invoices
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_invoices()`);
    await q.query(
      `CREATE TRIGGER invoices_count_truncate AFTER TRUNCATE ON invoices FOR EACH STATEMENT EXECUTE FUNCTION row_counts_invoices()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER invoices_count_truncate ON invoices`);
    await q.query(`DROP TRIGGER invoices_count_delete ON invoices`);
    await q.query(`DROP TRIGGER invoices_count_insert ON invoices`);
    await q.query(`DROP FUNCTION row_counts_invoices()`);
    await q.query(`DELETE FROM row_counts WHERE name = 'invoices'`);
  }
}
