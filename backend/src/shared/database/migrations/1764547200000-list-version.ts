import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Every table whose rows a project list shows (the project, its client's name, lines, services, payments). */
const STATEMENT_TABLES = ['projects', 'project_services', 'services', 'project_service_payments', 'payments'];

/**
 * A version number of what the project lists show, kept by the database: every committed change to a
 * table those lists read moves it (statement-level triggers, so a bulk change moves it once). A list
 * built in one statement together with the version is still exact as long as the version has not
 * moved; each signed-in request reads the version with its session (the same statement), so an
 * instance can answer a list it built before without reading it again and never answers a stale one,
 * whichever instance or SQL session made the change (decision 0016).
 */
export class ListVersion1764547200000 implements MigrationInterface {
  name = 'ListVersion1764547200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`INSERT INTO row_counts (name, n) VALUES ('list_version', 1)`);
    await q.query(`
      CREATE FUNCTION list_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE row_counts SET n = n + 1 WHERE name = 'list_version';
        RETURN NULL;
      END $$`);
    for (const table of STATEMENT_TABLES) {
      await q.query(`
        CREATE TRIGGER ${table}_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
          FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump()`);
    }
    // Of an account the lists show only the name: sign-ins, password and profile changes leave the
    // version alone. A removed account row turns its projects' client into 'Unknown'.
    await q.query(`
      CREATE TRIGGER users_list_version_rename AFTER UPDATE ON users
        FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username) EXECUTE FUNCTION list_version_bump()`);
    await q.query(`
      CREATE TRIGGER users_list_version_remove AFTER DELETE OR TRUNCATE ON users
        FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER users_list_version_remove ON users`);
    await q.query(`DROP TRIGGER users_list_version_rename ON users`);
    for (const table of [...STATEMENT_TABLES].reverse()) await q.query(`DROP TRIGGER ${table}_list_version ON ${table}`);
    await q.query(`DROP FUNCTION list_version_bump()`);
    await q.query(`DELETE FROM row_counts WHERE name = 'list_version'`);
  }
}
