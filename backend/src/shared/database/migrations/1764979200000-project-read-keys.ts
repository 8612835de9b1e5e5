import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two columns of projects that the Projects list reads and the database keeps, so that its slowest
 * reads become one index each (docs/decisions/0019-project-read-keys.md):
 * - `client_name_key`: the client's name as the list sorts it (lower(username)). Sorting by client was a
 *   walk over the clients in name order with each one's projects, thousands of index probes at a deep
 *   offset; now it is a covering index like every other sort.
 * - `search_text`: what the search box matches (spec: project name, description, client username, the
 *   name or description of a service on it), lower-cased, one field per line. A search was three
 *   trigram searches, their union and one index probe per match (57 ms for a word in 11,734 projects);
 *   now it is one trigram index and the rows it finds.
 * Triggers keep both exact in the statement that changes what they derive from: a project written, its
 * service lines changed, a client renamed, a service renamed or described again.
 */
export class ProjectReadKeys1764979200000 implements MigrationInterface {
  name = 'ProjectReadKeys1764979200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects ADD COLUMN client_name_key TEXT, ADD COLUMN search_text TEXT`);
    // What a project's search matches, from its own columns, its client and its service lines. The
    // fields are joined by a line break, which a search (one line of a search box) does not span.
    await q.query(`
      CREATE FUNCTION project_search_text(p_id INTEGER, p_name TEXT, p_description TEXT, p_client_id INTEGER)
        RETURNS TEXT LANGUAGE sql STABLE AS $$
        SELECT lower(p_name || ' ' || p_description
          || E'\\n' || coalesce((SELECT u.username FROM users u WHERE u.id = p_client_id), '')
          || coalesce((SELECT string_agg(E'\\n' || s.name || ' ' || s.description, '' ORDER BY s.id)
                         FROM project_services ps JOIN services s ON s.id = ps.service_id
                        WHERE ps.project_id = p_id), ''))
      $$`);
    await q.query(`
      CREATE FUNCTION project_client_name_key(p_client_id INTEGER) RETURNS TEXT LANGUAGE sql STABLE AS $$
        SELECT lower(u.username) FROM users u WHERE u.id = p_client_id
      $$`);
    // A project written: its own keys, before the row is stored.
    await q.query(`
      CREATE FUNCTION projects_read_keys() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.client_name_key := project_client_name_key(NEW.client_id);
        NEW.search_text := project_search_text(NEW.id, NEW.name, NEW.description, NEW.client_id);
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER projects_read_keys BEFORE INSERT OR UPDATE OF name, description, client_id ON projects
        FOR EACH ROW EXECUTE FUNCTION projects_read_keys()`);
    // Service lines added, changed or removed: the search text of their projects, once per statement.
    await q.query(`
      CREATE FUNCTION project_services_read_keys() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          UPDATE projects p SET search_text = project_search_text(p.id, p.name, p.description, p.client_id)
           WHERE p.id IN (SELECT project_id FROM new_rows);
        END IF;
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          UPDATE projects p SET search_text = project_search_text(p.id, p.name, p.description, p.client_id)
           WHERE p.id IN (SELECT project_id FROM old_rows);
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER project_services_read_keys_insert AFTER INSERT ON project_services
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_services_read_keys()`);
    await q.query(`
      CREATE TRIGGER project_services_read_keys_update AFTER UPDATE ON project_services
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_services_read_keys()`);
    await q.query(`
      CREATE TRIGGER project_services_read_keys_delete AFTER DELETE ON project_services
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_services_read_keys()`);
    // A client renamed: the sort key and search text of their projects.
    await q.query(`
      CREATE FUNCTION users_project_read_keys() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE projects p SET client_name_key = lower(NEW.username),
               search_text = project_search_text(p.id, p.name, p.description, p.client_id)
         WHERE p.client_id = NEW.id;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER users_project_read_keys AFTER UPDATE OF username ON users
        FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username) EXECUTE FUNCTION users_project_read_keys()`);
    // A service renamed or described again: the search text of the projects with a line of it.
    await q.query(`
      CREATE FUNCTION services_project_read_keys() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE projects p SET search_text = project_search_text(p.id, p.name, p.description, p.client_id)
         WHERE p.id IN (SELECT ps.project_id FROM project_services ps WHERE ps.service_id = NEW.id);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER services_project_read_keys AFTER UPDATE OF name, description ON services
        FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.description IS DISTINCT FROM NEW.description)
        EXECUTE FUNCTION services_project_read_keys()`);
    // The projects there are (the BEFORE trigger computes both columns).
    await q.query(`UPDATE projects SET client_id = client_id`);
    await q.query(`ALTER TABLE projects ALTER COLUMN client_name_key SET NOT NULL, ALTER COLUMN search_text SET NOT NULL`);
    // The sort by client like every other sort (alone and after the Status filter), and the search.
    await q.query(`CREATE INDEX projects_client_name_idx ON projects (client_name_key, id) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX projects_paid_client_name_idx ON projects (is_paid, client_name_key, id) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX projects_search_text_idx ON projects USING gin (search_text gin_trgm_ops) WHERE deleted_at IS NULL`);
    // Only the search's lookup of its matches by id read this one: no read uses it now, and every
    // project write would keep it up to date for nothing.
    await q.query(`DROP INDEX projects_live_keys_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX projects_live_keys_idx ON projects (id) INCLUDE (date, price_cents, is_paid, client_id, name) WHERE deleted_at IS NULL`,
    );
    await q.query(`DROP TRIGGER services_project_read_keys ON services`);
    await q.query(`DROP TRIGGER users_project_read_keys ON users`);
    await q.query(`DROP TRIGGER project_services_read_keys_delete ON project_services`);
    await q.query(`DROP TRIGGER project_services_read_keys_update ON project_services`);
    await q.query(`DROP TRIGGER project_services_read_keys_insert ON project_services`);
    await q.query(`DROP TRIGGER projects_read_keys ON projects`);
    await q.query(
      `DROP FUNCTION services_project_read_keys(), users_project_read_keys(), project_services_read_keys(), projects_read_keys()`,
    );
    await q.query(`DROP FUNCTION project_client_name_key(INTEGER), project_search_text(INTEGER, TEXT, TEXT, INTEGER)`);
    await q.query(`ALTER TABLE projects DROP COLUMN search_text, DROP COLUMN client_name_key`);
  }
}
