import { createTestDatabase, TestDatabase } from './database';

declare global {
  var __TEST_DB__: TestDatabase | undefined;
}

export default async function globalSetup(): Promise<void> {
  const db = await createTestDatabase();
  globalThis.__TEST_DB__ = db;
  process.env.TEST_DATABASE_URL = db.url;
  console.log(`\nAPI tests on a throwaway ${db.kind} PostgreSQL database`);
}
