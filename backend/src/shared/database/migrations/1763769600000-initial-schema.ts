import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Users, server-side sessions, sign-in and reset-code throttling, and the e-mail outbox. */
export class InitialSchema1763769600000 implements MigrationInterface {
  name = 'InitialSchema1763769600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id                      SERIAL PRIMARY KEY,
        username                VARCHAR(50)  NOT NULL,
        email                   VARCHAR(254) NOT NULL,
        password_hash           TEXT         NOT NULL,
        company                 VARCHAR(200),
        role                    VARCHAR(10)  NOT NULL DEFAULT 'client' CHECK (role IN ('client', 'admin')),
        reset_code_hash         TEXT,
        reset_code_expires_at   TIMESTAMPTZ,
        reset_code_attempts     INTEGER      NOT NULL DEFAULT 0 CHECK (reset_code_attempts >= 0),
        created_at              TIMESTAMPTZ  NOT NULL DEFAULT now(),
        updated_at              TIMESTAMPTZ  NOT NULL DEFAULT now(),
        deleted_at              TIMESTAMPTZ
      )`);
    // Deleted accounts keep their row for the financial history (CONTRACT §6) but free their e-mail and name.
    await q.query(`CREATE UNIQUE INDEX users_email_active_uq ON users (lower(email)) WHERE deleted_at IS NULL`);
    await q.query(`CREATE UNIQUE INDEX users_username_active_uq ON users (lower(username)) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX users_role_idx ON users (role) WHERE deleted_at IS NULL`);

    // The table connect-pg-simple reads and writes, plus an index to end one user's sessions.
    await q.query(`
      CREATE TABLE session (
        sid    VARCHAR      NOT NULL PRIMARY KEY,
        sess   JSON         NOT NULL,
        expire TIMESTAMP(6) NOT NULL
      )`);
    await q.query(`CREATE INDEX session_expire_idx ON session (expire)`);
    await q.query(`CREATE INDEX session_user_idx ON session (((sess -> 'passport' ->> 'user')))`);

    // Failed sign-ins and reset-code requests per account, counted across app instances (CONTRACT §5).
    await q.query(`
      CREATE TABLE auth_attempts (
        id         BIGSERIAL    PRIMARY KEY,
        kind       VARCHAR(20)  NOT NULL CHECK (kind IN ('login_failure', 'reset_request')),
        subject    VARCHAR(254) NOT NULL,
        created_at TIMESTAMPTZ  NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX auth_attempts_lookup_idx ON auth_attempts (kind, subject, created_at)`);

    await q.query(`
      CREATE TABLE email_outbox (
        id              BIGSERIAL    PRIMARY KEY,
        kind            VARCHAR(40)  NOT NULL,
        to_address      VARCHAR(254) NOT NULL,
        subject         VARCHAR(300) NOT NULL,
        html            TEXT         NOT NULL,
        text            TEXT         NOT NULL,
        status          VARCHAR(10)  NOT NULL DEFAULT 'pending'
                        CHECK (status IN ('pending', 'sending', 'sent', 'logged', 'failed')),
        attempts        INTEGER      NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        next_attempt_at TIMESTAMPTZ  NOT NULL DEFAULT now(),
        locked_until    TIMESTAMPTZ,
        last_error      TEXT,
        server_response TEXT,
        created_at      TIMESTAMPTZ  NOT NULL DEFAULT now(),
        sent_at         TIMESTAMPTZ
      )`);
    await q.query(`CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE status IN ('pending', 'sending')`);
    await q.query(`CREATE INDEX email_outbox_created_idx ON email_outbox (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE email_outbox`);
    await q.query(`DROP TABLE auth_attempts`);
    await q.query(`DROP TABLE session`);
    await q.query(`DROP TABLE users`);
  }
}
