import { Client } from 'pg';
import { MIGRATIONS } from '../../src/shared/database/migrations';
import { openDataSource } from '../../src/shared/database/migrate';
import { typeormOptions } from '../../src/shared/database/typeorm-options';
import { scratchDatabase, ScratchDatabase } from '../support/processes';

/** Several instances started at once on a new database (decision 0035). */
describe('Migrations on a new database, by instances starting at once', () => {
  let scratch: ScratchDatabase;
  beforeAll(async () => {
    scratch = await scratchDatabase('migratelock');
  });
  afterAll(() => scratch?.drop());

  it('run once, one instance after the other: every start succeeds and each migration is recorded once', async () => {
    const starts = await Promise.allSettled(Array.from({ length: 4 }, () => openDataSource(typeormOptions(scratch.url, []))));
    const failures = starts.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
    expect(failures).toEqual([]);
    for (const s of starts) if (s.status === 'fulfilled') await s.value.destroy();

    const pg = new Client({ connectionString: scratch.url });
    await pg.connect();
    try {
      const { rows } = await pg.query<{ name: string; n: string }>('SELECT name, count(*) AS n FROM migrations GROUP BY name');
      expect(rows).toHaveLength(MIGRATIONS.length);
      expect(rows.every((r) => r.n === '1')).toBe(true);
      // the lock is not left behind
      const held = await pg.query("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'");
      expect(held.rows[0].n).toBe(0);
    } finally {
      await pg.end();
    }
  });
});
