import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CONTRACT §10, the galleries' photos (decision 0029). A row is the job too: `uploading` while its
 * original streams to media storage, `processing` until the worker (the shared OutboxWorker: a lease in
 * `locked_until`, `FOR UPDATE SKIP LOCKED`) has made its derivatives, then `ready` or `failed` with the
 * reason shown beside it. Files live in media storage under `projects/<project>/<photo>/`.
 */
export class Photos1765454400000 implements MigrationInterface {
  name = 'Photos1765454400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE photos (
        id              SERIAL        PRIMARY KEY,
        project_id      INTEGER       NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        filename        VARCHAR(255)  NOT NULL,
        content_type    VARCHAR(100)  NOT NULL,
        size            BIGINT        NOT NULL DEFAULT 0,
        width           INTEGER,
        height          INTEGER,
        status          VARCHAR(20)   NOT NULL DEFAULT 'uploading'
                                      CHECK (status IN ('uploading', 'processing', 'ready', 'failed')),
        failure_reason  VARCHAR(500),
        attempts        INTEGER       NOT NULL DEFAULT 0,
        next_attempt_at TIMESTAMPTZ   NOT NULL DEFAULT now(),
        locked_until    TIMESTAMPTZ,
        created_at      TIMESTAMPTZ   NOT NULL DEFAULT now(),
        processed_at    TIMESTAMPTZ
      )`);
    await q.query(`CREATE INDEX photos_project_idx ON photos (project_id, id)`);
    await q.query(`CREATE INDEX photos_processing_idx ON photos (next_attempt_at, id) WHERE status = 'processing'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE photos`);
  }
}
