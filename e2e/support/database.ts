import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';

/**
 * The database of the product the global setup started: DATABASE_URL when the run uses one, else
 * the embedded PostgreSQL in the product's data folder, whose port PostgreSQL writes on the fourth
 * line of postmaster.pid (user and database as backend/src/main.ts creates them).
 */
export function e2eDatabaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const pid = readFileSync(join(process.env.E2E_DATA_DIR!, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(pid[3]);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`no port in postmaster.pid: ${pid.join(' | ')}`);
  return `postgres://postgres:postgres@127.0.0.1:${port}/portal`;
}

/** A connection to the product's database; the caller ends it. */
export async function connectToE2eDatabase(): Promise<Client> {
  const client = new Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  return client;
}

/** Registers a client through the API (as the portal's Register tab does) and returns its id. */
export async function apiRegister(baseURL: string, person: { name: string; email: string; password: string }): Promise<number> {
  const res = await fetch(`${baseURL}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: person.name, email: person.email, password: person.password }),
  });
  if (!res.ok) throw new Error(`registering ${person.email} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/** Signs in through the API and returns the session cookie as a `Cookie` header value. */
export async function apiSession(baseURL: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('the sign-in answered no session cookie');
  return cookie;
}
