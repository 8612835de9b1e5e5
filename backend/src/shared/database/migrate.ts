import { DataSource, type DataSourceOptions } from 'typeorm';

/**
 * The PostgreSQL advisory lock the portal's migrations run under: a fixed 64-bit key of its own (the
 * first 8 bytes of SHA-256 of 'studio-portal:migrations').
 */
export const MIGRATION_LOCK_KEY = '5245367849147943105';

/**
 * Runs the pending migrations (each in its own transaction) while holding a session advisory lock.
 * Instances started at once on a new database then migrate one after the other: the first runs them,
 * the others wait for the lock and find nothing pending. TypeORM itself takes no lock (0.3), and two
 * instances would both try the same CREATE TABLE. The lock is held on a connection of its own and is
 * released with it, even when a migration fails.
 */
export async function runMigrationsLocked(dataSource: DataSource): Promise<string[]> {
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    try {
      return (await dataSource.runMigrations({ transaction: 'each' })).map((m) => m.name);
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await lock.release();
  }
}

/** A DataSource connected, its schema brought up to date under the lock (the app's and the scripts'). */
export async function openDataSource(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = await new DataSource({ ...options, migrationsRun: false }).initialize();
  try {
    await runMigrationsLocked(dataSource);
  } catch (err) {
    await dataSource.destroy();
    throw err;
  }
  return dataSource;
}
