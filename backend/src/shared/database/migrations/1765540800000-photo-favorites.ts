import type { MigrationInterface, QueryRunner } from 'typeorm';

/** CONTRACT §10: the client's selection. Only the project's client marks favorites, so one mark per photo is enough. */
export class PhotoFavorites1765540800000 implements MigrationInterface {
  name = 'PhotoFavorites1765540800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE photos ADD COLUMN favorited_at TIMESTAMPTZ`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE photos DROP COLUMN favorited_at`);
  }
}
