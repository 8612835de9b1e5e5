import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CONTRACT §13, first run: the one-time setup code printed in the server's console while the studio has
 * no admin. One row at most (id = 1): the latest printed code is the one that works (decision 0041). Only
 * its SHA-256 is kept, with the count of wrong tries since it was printed; the row is deleted when setup
 * completes.
 */
export class SetupCodes1766232000000 implements MigrationInterface {
  name = 'SetupCodes1766232000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE setup_codes (
        id SMALLINT PRIMARY KEY CHECK (id = 1),
        code_hash CHAR(64) NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
        failures INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
        created_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE setup_codes`);
  }
}
