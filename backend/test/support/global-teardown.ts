/** Drops the worker databases, then the run's own (the embedded server stops with it). */
export default async function globalTeardown(): Promise<void> {
  for (const db of globalThis.__TEST_DBS__ ?? []) await db.drop();
}
