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
  if (external) {
    const admin = new Client({ connectionString: external });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(external);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      kind: 'external',
      drop: async () => {
        const c = new Client({ connectionString: external });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await c.end();
      },
    };
  }
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
