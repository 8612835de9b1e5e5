import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Prepaid credits: bundles, one balance row per client, and the ledger of every change. The database
 * backs the rules: a balance never below zero, positive transaction amounts, one purchase per provider
 * payment id. Project service payments record how each service of a project was paid.
 */
export class Credits1764028800000 implements MigrationInterface {
  name = 'Credits1764028800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE credit_bundles (
        id            SERIAL PRIMARY KEY,
        name          VARCHAR(200)  NOT NULL,
        description   VARCHAR(2000) NOT NULL DEFAULT '',
        credit_amount INTEGER       NOT NULL CHECK (credit_amount >= 1),
        price_cents   BIGINT        NOT NULL CHECK (price_cents >= 100),
        is_active     BOOLEAN       NOT NULL DEFAULT true,
        created_at    TIMESTAMPTZ   NOT NULL DEFAULT now(),
        updated_at    TIMESTAMPTZ   NOT NULL DEFAULT now(),
        deleted_at    TIMESTAMPTZ
      )`);
    await q.query(`CREATE INDEX credit_bundles_active_idx ON credit_bundles (price_cents) WHERE deleted_at IS NULL AND is_active`);

    await q.query(`
      CREATE TABLE user_credits (
        id           SERIAL PRIMARY KEY,
        user_id      INTEGER     NOT NULL UNIQUE REFERENCES users (id),
        balance      INTEGER     NOT NULL DEFAULT 0 CHECK (balance >= 0),
        last_updated TIMESTAMPTZ NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE credit_transactions (
        id                BIGSERIAL    PRIMARY KEY,
        user_id           INTEGER      NOT NULL REFERENCES users (id),
        amount            INTEGER      NOT NULL CHECK (amount > 0),
        type              VARCHAR(20)  NOT NULL CHECK (type IN ('purchase', 'redemption', 'adjustment-add', 'adjustment-remove')),
        bundle_id         INTEGER      REFERENCES credit_bundles (id),
        project_id        INTEGER      REFERENCES projects (id),
        description       VARCHAR(2000),
        stripe_payment_id VARCHAR(255),
        transaction_date  TIMESTAMPTZ  NOT NULL DEFAULT now(),
        CHECK ((type = 'purchase') = (stripe_payment_id IS NOT NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX credit_transactions_purchase_uq ON credit_transactions (stripe_payment_id) WHERE type = 'purchase'`);
    await q.query(`CREATE INDEX credit_transactions_user_idx ON credit_transactions (user_id, transaction_date DESC)`);
    await q.query(`CREATE INDEX credit_transactions_bundle_idx ON credit_transactions (bundle_id) WHERE type = 'purchase'`);
    await q.query(`CREATE INDEX credit_transactions_project_idx ON credit_transactions (project_id) WHERE project_id IS NOT NULL`);

    // Card intents that buy a bundle: which bundle, and how many credits the price paid for.
    await q.query(`ALTER TABLE card_payment_intents ADD COLUMN bundle_id INTEGER REFERENCES credit_bundles (id)`);
    await q.query(`ALTER TABLE card_payment_intents ADD COLUMN credit_amount INTEGER CHECK (credit_amount >= 1)`);
    await q.query(
      `CREATE INDEX card_payment_intents_bundle_idx ON card_payment_intents (user_id, bundle_id, created_at DESC) WHERE purpose = 'credits'`,
    );

    await q.query(`
      CREATE TABLE project_service_payments (
        project_id        INTEGER NOT NULL REFERENCES projects (id),
        service_id        INTEGER NOT NULL REFERENCES services (id),
        paid_with_credits BOOLEAN NOT NULL DEFAULT false,
        credit_amount     INTEGER NOT NULL DEFAULT 0 CHECK (credit_amount >= 0),
        paid_with_money   BOOLEAN NOT NULL DEFAULT false,
        money_amount_cents BIGINT NOT NULL DEFAULT 0 CHECK (money_amount_cents >= 0),
        PRIMARY KEY (project_id, service_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE project_service_payments`);
    await q.query(`ALTER TABLE card_payment_intents DROP COLUMN credit_amount, DROP COLUMN bundle_id`);
    await q.query(`DROP TABLE credit_transactions`);
    await q.query(`DROP TABLE user_credits`);
    await q.query(`DROP TABLE credit_bundles`);
  }
}
