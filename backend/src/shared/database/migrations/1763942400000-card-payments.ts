import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Card payments: the intents this portal created (what each was for, and for how much), and the
 * payment emulator's own PaymentIntents, kept in the database so they survive a restart.
 */
export class CardPayments1763942400000 implements MigrationInterface {
  name = 'CardPayments1763942400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE card_payment_intents (
        id           VARCHAR(255) PRIMARY KEY,
        purpose      VARCHAR(20)  NOT NULL CHECK (purpose IN ('project', 'credits')),
        project_id   INTEGER      REFERENCES projects (id),
        user_id      INTEGER      NOT NULL REFERENCES users (id),
        amount_cents BIGINT       NOT NULL CHECK (amount_cents > 0),
        currency     VARCHAR(3)   NOT NULL DEFAULT 'usd',
        created_at   TIMESTAMPTZ  NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX card_payment_intents_project_idx ON card_payment_intents (project_id)`);
    await q.query(`
      CREATE TABLE emulated_payment_intents (
        id               VARCHAR(64)  PRIMARY KEY,
        client_secret    VARCHAR(128) NOT NULL UNIQUE,
        amount           BIGINT       NOT NULL CHECK (amount > 0),
        currency         VARCHAR(3)   NOT NULL,
        status           VARCHAR(40)  NOT NULL,
        metadata         JSONB        NOT NULL DEFAULT '{}',
        last_error       JSONB,
        idempotency_key  VARCHAR(255) UNIQUE,
        created_at       TIMESTAMPTZ  NOT NULL DEFAULT now(),
        updated_at       TIMESTAMPTZ  NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE emulated_payment_intents`);
    await q.query(`DROP TABLE card_payment_intents`);
  }
}
