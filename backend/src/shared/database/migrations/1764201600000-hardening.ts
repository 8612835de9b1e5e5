import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hardening: the per-address request budget (AUTH_IP_LIMIT_PER_MIN) is counted in PostgreSQL, so
 * every app instance draws on one budget (one row per key and window; expired rows are reused), and
 * failed password-reset attempts are counted per address like failed sign-ins.
 */
export class Hardening1764201600000 implements MigrationInterface {
  name = 'Hardening1764201600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rate_limits (
        key        TEXT        PRIMARY KEY,
        hits       INTEGER     NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL
      )`);
    await q.query(`CREATE INDEX rate_limits_expires_idx ON rate_limits (expires_at)`);
    await q.query(`ALTER TABLE auth_attempts DROP CONSTRAINT auth_attempts_kind_check`);
    await q.query(`
      ALTER TABLE auth_attempts ADD CONSTRAINT auth_attempts_kind_check
        CHECK (kind IN ('login_failure', 'reset_request', 'reset_failure'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM auth_attempts WHERE kind = 'reset_failure'`);
    await q.query(`ALTER TABLE auth_attempts DROP CONSTRAINT auth_attempts_kind_check`);
    await q.query(`ALTER TABLE auth_attempts ADD CONSTRAINT auth_attempts_kind_check CHECK (kind IN ('login_failure', 'reset_request'))`);
    await q.query(`DROP TABLE rate_limits`);
  }
}
