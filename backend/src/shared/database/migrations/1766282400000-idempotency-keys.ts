import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CONTRACT §14 and §17: the `Idempotency-Key` of payment, refund and creating calls (decision 0046).
 * One row per principal and key: the request it was first used for (method, route, SHA-256 of the body
 * and path parameters) and, once that call has answered, its status and body (no status: still running).
 * Rows are kept 24 hours; older ones are deleted a few at a time as new keys are claimed (by created_at).
 */
export class IdempotencyKeys1766282400000 implements MigrationInterface {
  name = 'IdempotencyKeys1766282400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE idempotency_keys (
        principal TEXT NOT NULL CHECK (principal ~ '^(user|token):[0-9]+$'),
        key TEXT NOT NULL CHECK (char_length(key) BETWEEN 1 AND 255),
        method TEXT NOT NULL,
        route_path TEXT NOT NULL,
        request_hash CHAR(64) NOT NULL CHECK (request_hash ~ '^[0-9a-f]{64}$'),
        status_code SMALLINT CHECK (status_code BETWEEN 200 AND 499),
        response_body JSONB,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        PRIMARY KEY (principal, key)
      )`);
    await q.query(`CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE idempotency_keys`);
  }
}
