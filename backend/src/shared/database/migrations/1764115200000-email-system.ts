import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin's e-mail system: one message body can be shared by many outbox rows (a custom e-mail to
 * every client stores its HTML once, not once per client), and the outbox list filters by state.
 */
export class EmailSystem1764115200000 implements MigrationInterface {
  name = 'EmailSystem1764115200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE email_contents (
        id         BIGSERIAL   PRIMARY KEY,
        html       TEXT        NOT NULL,
        text       TEXT        NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`);
    await q.query(`ALTER TABLE email_outbox ADD COLUMN content_id BIGINT REFERENCES email_contents (id)`);
    await q.query(`ALTER TABLE email_outbox ALTER COLUMN html DROP NOT NULL, ALTER COLUMN text DROP NOT NULL`);
    await q.query(`
      ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_body_ck
        CHECK (content_id IS NOT NULL OR (html IS NOT NULL AND text IS NOT NULL))`);
    await q.query(`CREATE INDEX email_outbox_content_idx ON email_outbox (content_id) WHERE content_id IS NOT NULL`);
    await q.query(`CREATE INDEX email_outbox_status_created_idx ON email_outbox (status, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX email_outbox_status_created_idx`);
    await q.query(`DROP INDEX email_outbox_content_idx`);
    await q.query(`ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_body_ck`);
    await q.query(`UPDATE email_outbox o SET html = c.html, text = c.text FROM email_contents c WHERE o.content_id = c.id`);
    await q.query(`ALTER TABLE email_outbox DROP COLUMN content_id`);
    await q.query(`ALTER TABLE email_outbox ALTER COLUMN html SET NOT NULL, ALTER COLUMN text SET NOT NULL`);
    await q.query(`DROP TABLE email_contents`);
  }
}
