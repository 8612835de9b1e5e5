import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../src/shared/database/embedded-postgres';

/**
 * A throwaway database for one test run: on the server of DATABASE_URL when it is set (a fresh
 * database created there and dropped afterwards, nothing else touched), otherwise on an embedded
 * PostgreSQL started in a temporary folder.
 */
export interface TestDatabase {
  url: string;
  kind: 'external' | 'embedded';
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `portal_test_${process.pid}_${randomBytes(3).toString('hex')}`;
  const external = process.env.DATABASE_URL;
  if (external) return { ...(await databaseOnServer(external, name)), kind: 'external' };
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-'));
  const pg = await startEmbeddedPostgres({ dir: join(dir, 'data'), database: name });
  return {
    url: pg.url,
    kind: 'embedded',
    drop: async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A new database named `name` on the server that `serverUrl` reaches (any database of it), dropped by
 * `drop()` with whatever is still connected to it; nothing else on that server is touched.
 */
export async function databaseOnServer(serverUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const run = async (sql: string) => {
    const c = new Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
