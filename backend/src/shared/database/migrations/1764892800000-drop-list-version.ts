import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ListVersion1764547200000 } from './1764547200000-list-version';

/**
 * The list version and its triggers go (decision 0018): no answer is kept between requests any more,
 * so nothing reads the version, and writers no longer move a counter row at every commit. `down`
 * puts them back as ListVersion made them.
 */
export class DropListVersion1764892800000 implements MigrationInterface {
  name = 'DropListVersion1764892800000';

  async up(q: QueryRunner): Promise<void> {
    await new ListVersion1764547200000().down(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await new ListVersion1764547200000().up(q);
  }
}
