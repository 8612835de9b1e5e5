import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Decision 0033 (CONTRACT §11): a project may ask for a deposit. `deposit_cents` is null when it does
 * not; otherwise above 0 and at most the project's price, which the database holds as well as the domain.
 */
export class Deposits1765771200000 implements MigrationInterface {
  name = 'Deposits1765771200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects ADD COLUMN deposit_cents BIGINT`);
    await q.query(
      `ALTER TABLE projects ADD CONSTRAINT projects_deposit_check
         CHECK (deposit_cents IS NULL OR (deposit_cents > 0 AND deposit_cents <= price_cents))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects DROP COLUMN deposit_cents`);
  }
}
