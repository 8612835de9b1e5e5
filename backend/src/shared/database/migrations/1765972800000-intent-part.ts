import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which part of a project a card payment was started for (decision 0033): 'deposit' or 'balance', so
 * that the payment's receipt can say it paid the deposit. Null for a bundle purchase, and for intents
 * made before this column.
 */
export class IntentPart1765972800000 implements MigrationInterface {
  name = 'IntentPart1765972800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE card_payment_intents ADD COLUMN part TEXT CHECK (part IN ('deposit', 'balance'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE card_payment_intents DROP COLUMN part`);
  }
}
