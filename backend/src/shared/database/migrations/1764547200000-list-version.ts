import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Every table whose rows a project list shows (the project, its client's name, lines, services, payments). */
const TABLES = ['projects', 'project_services', 'services', 'project_service_payments', 'payments'];

/**
 * A version number of what the project lists show, kept by the database: every committed transaction
 * that changes a table those lists read moves it once. A list built in one statement together with the
 * version is still exact as long as the version has not moved; each signed-in request reads the
 * version with its session (the same statement), so an instance can answer a list it built before
 * without reading it again and never answers a stale one, whichever instance or SQL session made the
 * change (decision 0016).
 *
 * The triggers are deferred to the commit and move the version once per transaction: the counter row
 * is locked only for the moment of the commit, so transactions changing projects or payments at the
 * same time do not wait on each other for the rest of their work (a credit redemption writes the
 * ledger after its project rows).
 */
export class ListVersion1764547200000 implements MigrationInterface {
  name = 'ListVersion1764547200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`INSERT INTO row_counts (name, n) VALUES ('list_version', 1)`);
    await q.query(`
      CREATE FUNCTION list_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- Once per transaction: the first deferred call moves the version, the others see the mark.
        IF current_setting('portal.list_version_moved', true) IS DISTINCT FROM txid_current()::text THEN
          UPDATE row_counts SET n = n + 1 WHERE name = 'list_version';
          PERFORM set_config('portal.list_version_moved', txid_current()::text, true);
        END IF;
        RETURN NULL;
      END $$`);
    for (const table of TABLES) {
      await q.query(`
        CREATE CONSTRAINT TRIGGER ${table}_list_version AFTER INSERT OR UPDATE OR DELETE ON ${table}
          DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_version_bump()`);
      // A TRUNCATE has no rows to defer: it moves the version at once (only maintenance does it).
      await q.query(
        `CREATE TRIGGER ${table}_list_version_truncate AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump()`,
      );
    }
    // Of an account the lists show only the name: sign-ins, password and profile changes leave the
    // version alone. A removed account row turns its projects' client into 'Unknown'.
    await q.query(`
      CREATE CONSTRAINT TRIGGER users_list_version_rename AFTER UPDATE ON users
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
        WHEN (OLD.username IS DISTINCT FROM NEW.username) EXECUTE FUNCTION list_version_bump()`);
    await q.query(`
      CREATE CONSTRAINT TRIGGER users_list_version_remove AFTER DELETE ON users
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION list_version_bump()`);
    await q.query(
      `CREATE TRIGGER users_list_version_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION list_version_bump()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER users_list_version_truncate ON users`);
    await q.query(`DROP TRIGGER users_list_version_remove ON users`);
    await q.query(`DROP TRIGGER users_list_version_rename ON users`);
    for (const table of [...TABLES].reverse()) {
      await q.query(`DROP TRIGGER ${table}_list_version_truncate ON ${table}`);
      await q.query(`DROP TRIGGER ${table}_list_version ON ${table}`);
    }
    await q.query(`DROP FUNCTION list_version_bump()`);
    await q.query(`DELETE FROM row_counts WHERE name = 'list_version'`);
  }
}
