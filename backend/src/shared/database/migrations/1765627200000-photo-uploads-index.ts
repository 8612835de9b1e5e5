import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Decision 0029: uploads cut off by a crash are found by the rows still `uploading` after an hour. Few
 * rows are ever in that state, so a partial index keeps the periodic sweep from reading the whole table.
 */
export class PhotoUploadsIndex1765627200000 implements MigrationInterface {
  name = 'PhotoUploadsIndex1765627200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX photos_uploading_idx ON photos (created_at, id) WHERE status = 'uploading'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX photos_uploading_idx`);
  }
}
