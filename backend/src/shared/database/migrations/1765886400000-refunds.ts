import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CONTRACT §11, decision 0032: refunds. Each is a row of `payment_refunds` (once per gateway refund id);
 * the payment keeps the sum of its refunds that did not fail in `refunded_cents`, which the database
 * holds between 0 and the amount, so no interleaving of refunds can give back more than was paid. The
 * credit ledger gains a `refund` entry (a bundle's credits taken back when its purchase is refunded).
 * The emulator keeps its refunds like Stripe, and the payment method an intent was confirmed with (a
 * test card whose refunds fail).
 */
export class Refunds1765886400000 implements MigrationInterface {
  name = 'Refunds1765886400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payments ADD COLUMN refunded_cents BIGINT NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0)`);
    await q.query(`ALTER TABLE payments ADD CONSTRAINT payments_refunds_within_amount CHECK (refunded_cents <= amount_cents)`);
    await q.query(`
      CREATE TABLE payment_refunds (
        id                 SERIAL        PRIMARY KEY,
        payment_id         INTEGER       NOT NULL REFERENCES payments (id),
        amount_cents       BIGINT        NOT NULL CHECK (amount_cents > 0),
        reason             VARCHAR(500)  NOT NULL CHECK (length(trim(reason)) > 0),
        status             VARCHAR(10)   NOT NULL CHECK (status IN ('succeeded', 'pending', 'failed')),
        provider_refund_id VARCHAR(255)  UNIQUE,
        created_by         INTEGER       REFERENCES users (id),
        created_at         TIMESTAMPTZ   NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX payment_refunds_payment_idx ON payment_refunds (payment_id, id)`);
    await q.query(`CREATE INDEX payment_refunds_created_idx ON payment_refunds (created_at)`);

    await q.query(`ALTER TABLE credit_transactions DROP CONSTRAINT credit_transactions_type_check`);
    await q.query(
      `ALTER TABLE credit_transactions ADD CONSTRAINT credit_transactions_type_check
         CHECK (type IN ('purchase', 'redemption', 'adjustment-add', 'adjustment-remove', 'refund'))`,
    );

    await q.query(`ALTER TABLE emulated_payment_intents ADD COLUMN payment_method VARCHAR(100)`);
    await q.query(`
      CREATE TABLE emulated_refunds (
        id              VARCHAR(64)  PRIMARY KEY,
        payment_intent  VARCHAR(255) NOT NULL,
        amount          BIGINT       NOT NULL CHECK (amount > 0),
        currency        VARCHAR(3)   NOT NULL,
        status          VARCHAR(20)  NOT NULL,
        failure_reason  VARCHAR(100),
        metadata        JSONB        NOT NULL DEFAULT '{}',
        idempotency_key VARCHAR(255) UNIQUE,
        created_at      TIMESTAMPTZ  NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX emulated_refunds_intent_idx ON emulated_refunds (payment_intent, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE emulated_refunds`);
    await q.query(`ALTER TABLE emulated_payment_intents DROP COLUMN payment_method`);
    await q.query(`DELETE FROM credit_transactions WHERE type = 'refund'`);
    await q.query(`ALTER TABLE credit_transactions DROP CONSTRAINT credit_transactions_type_check`);
    await q.query(
      `ALTER TABLE credit_transactions ADD CONSTRAINT credit_transactions_type_check
         CHECK (type IN ('purchase', 'redemption', 'adjustment-add', 'adjustment-remove'))`,
    );
    await q.query(`DROP TABLE payment_refunds`);
    await q.query(`ALTER TABLE payments DROP CONSTRAINT payments_refunds_within_amount`);
    await q.query(`ALTER TABLE payments DROP COLUMN refunded_cents`);
  }
}
