import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CONTRACT §8, verified e-mail: when an account's address was proven, the single-use links that
 * prove it, and the admin's invitations (an invited address is proven by registering from the invitation) (only a SHA-256 of each token is kept, so a database read gives no working link). Admin
 * accounts that exist already count as verified (the photographer set them up); clients do not, and
 * the portal offers them a link.
 */
export class EmailVerification1765065600000 implements MigrationInterface {
  name = 'EmailVerification1765065600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN email_verified_at TIMESTAMPTZ`);
    await q.query(`UPDATE users SET email_verified_at = created_at WHERE role = 'admin'`);
    await q.query(`
      CREATE TABLE email_verifications (
        id          BIGSERIAL    PRIMARY KEY,
        user_id     INTEGER      NOT NULL REFERENCES users (id),
        email       VARCHAR(254) NOT NULL,
        token_hash  CHAR(64)     NOT NULL UNIQUE,
        expires_at  TIMESTAMPTZ  NOT NULL,
        used_at     TIMESTAMPTZ,
        created_at  TIMESTAMPTZ  NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX email_verifications_user_idx ON email_verifications (user_id, created_at)`);
    // the admin's invitations: registering with one, for the invited address, verifies it at once
    await q.query(`
      CREATE TABLE invitations (
        id          BIGSERIAL    PRIMARY KEY,
        email       VARCHAR(254) NOT NULL,
        token_hash  CHAR(64)     NOT NULL UNIQUE,
        expires_at  TIMESTAMPTZ  NOT NULL,
        used_at     TIMESTAMPTZ,
        created_at  TIMESTAMPTZ  NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE invitations`);
    await q.query(`DROP TABLE email_verifications`);
    await q.query(`ALTER TABLE users DROP COLUMN email_verified_at`);
  }
}
