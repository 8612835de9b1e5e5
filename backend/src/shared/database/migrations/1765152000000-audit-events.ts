import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CONTRACT §8, the activity log: one row per recorded action, appended in the transaction of the
 * change it records (decision 0022). `actor_id` has no foreign key, so deleting an account keeps its
 * events, and `actor_email` keeps who it was. The table is append-only in the database too: a trigger
 * refuses every UPDATE, DELETE and TRUNCATE, whoever runs them (the app has no route that would).
 */
export class AuditEvents1765152000000 implements MigrationInterface {
  name = 'AuditEvents1765152000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audit_events (
        id           BIGSERIAL    PRIMARY KEY,
        at           TIMESTAMPTZ  NOT NULL DEFAULT now(),
        actor_id     INTEGER,
        actor_email  TEXT,
        action       TEXT         NOT NULL,
        target_type  TEXT,
        target_id    TEXT,
        summary      TEXT         NOT NULL,
        ip           TEXT
      )`);
    // The list: newest first with the id as tie-breaker, and its two exact filters.
    await q.query(`CREATE INDEX audit_events_at_id_idx ON audit_events (at DESC, id DESC)`);
    await q.query(`CREATE INDEX audit_events_action_idx ON audit_events (action, at DESC, id DESC)`);
    await q.query(`CREATE INDEX audit_events_actor_idx ON audit_events (actor_id, at DESC, id DESC)`);
    await q.query(`
      CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_events is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(
      `CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()`,
    );
    await q.query(
      `CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_events`);
    await q.query(`DROP FUNCTION audit_events_append_only()`);
  }
}
