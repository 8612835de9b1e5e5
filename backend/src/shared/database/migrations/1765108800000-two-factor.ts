import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CONTRACT §5 and §8, sign-in you can trust:
 * - `auth_attempts` gains the client address, so sign-in failures count per account and address (one
 *   address can no longer lock the owner out) and e-mailed sign-in codes are counted per account.
 * - two-factor sign-in: an account's TOTP secret (set up, then enabled with a first code) and the last
 *   time step a code was accepted at (no replay); `users.two_factor_enabled_at` says it is on.
 * - recovery codes, kept as SHA-256 (each is 50 random bits, so a database read gives nothing usable).
 * - pending sign-ins: the right password was given and a second proof is awaited (5 minutes, in its own
 *   cookie whose token is kept as SHA-256); an e-mailed code's hash when the proof is by e-mail.
 */
export class TwoFactor1765108800000 implements MigrationInterface {
  name = 'TwoFactor1765108800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth_attempts ADD COLUMN address VARCHAR(64)`);
    await q.query(`ALTER TABLE auth_attempts DROP CONSTRAINT auth_attempts_kind_check`);
    await q.query(`
      ALTER TABLE auth_attempts ADD CONSTRAINT auth_attempts_kind_check
        CHECK (kind IN ('login_failure', 'reset_request', 'reset_failure', 'signin_code'))`);
    await q.query(`CREATE INDEX auth_attempts_address_idx ON auth_attempts (kind, subject, address, created_at)`);

    await q.query(`ALTER TABLE users ADD COLUMN two_factor_enabled_at TIMESTAMPTZ`);
    await q.query(`
      CREATE TABLE two_factor_secrets (
        user_id         INTEGER      PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        secret          VARCHAR(64)  NOT NULL,
        last_used_step  BIGINT,
        created_at      TIMESTAMPTZ  NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE recovery_codes (
        user_id    INTEGER      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code_hash  CHAR(64)     NOT NULL,
        used_at    TIMESTAMPTZ,
        PRIMARY KEY (user_id, code_hash)
      )`);
    await q.query(`
      CREATE TABLE pending_sign_ins (
        token_hash  CHAR(64)     PRIMARY KEY,
        user_id     INTEGER      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        method      VARCHAR(10)  NOT NULL CHECK (method IN ('totp', 'email')),
        remember    BOOLEAN      NOT NULL DEFAULT false,
        code_hash   TEXT,
        failures    INTEGER      NOT NULL DEFAULT 0,
        expires_at  TIMESTAMPTZ  NOT NULL,
        created_at  TIMESTAMPTZ  NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX pending_sign_ins_expiry_idx ON pending_sign_ins (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE pending_sign_ins`);
    await q.query(`DROP TABLE recovery_codes`);
    await q.query(`DROP TABLE two_factor_secrets`);
    await q.query(`ALTER TABLE users DROP COLUMN two_factor_enabled_at`);
    await q.query(`DROP INDEX auth_attempts_address_idx`);
    await q.query(`DELETE FROM auth_attempts WHERE kind = 'signin_code'`);
    await q.query(`ALTER TABLE auth_attempts DROP CONSTRAINT auth_attempts_kind_check`);
    await q.query(`
      ALTER TABLE auth_attempts ADD CONSTRAINT auth_attempts_kind_check
        CHECK (kind IN ('login_failure', 'reset_request', 'reset_failure'))`);
    await q.query(`ALTER TABLE auth_attempts DROP COLUMN address`);
  }
}
