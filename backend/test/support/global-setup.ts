import type { Config } from '@jest/types';
import { createTestDatabase, databaseOnServer, TestDatabase } from './database';

declare global {
  var __TEST_DBS__: TestDatabase[] | undefined;
}

/**
 * One throwaway PostgreSQL for the run (embedded, or a database on DATABASE_URL's server), and in it a
 * database per Jest worker: test files run side by side in the workers, each worker's files one after
 * another on its own database, as they did on the one database when the suite ran in band
 * (worker-database.ts points each worker at its own).
 */
export default async function globalSetup(globalConfig: Config.GlobalConfig): Promise<void> {
  const db = await createTestDatabase();
  const workers = Math.max(1, globalConfig.maxWorkers);
  const perWorker = await Promise.all(
    Array.from({ length: workers }, (_, i) => databaseOnServer(db.url, `${new URL(db.url).pathname.slice(1)}_w${i + 1}`)),
  );
  globalThis.__TEST_DBS__ = [...perWorker.map((w) => ({ ...w, kind: db.kind })), db];
  process.env.TEST_DATABASE_URL = db.url;
  console.log(`\nAPI tests on a throwaway ${db.kind} PostgreSQL: ${workers} database${workers > 1 ? 's, one a worker' : ''}`);
}
