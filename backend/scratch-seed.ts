import 'reflect-metadata';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { typeormOptions } from './src/shared/database/typeorm-options';
import { seedDataset } from './test/support/dataset';

async function main() {
  const name = process.argv[2];
  const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = `postgres://postgres@127.0.0.1:5432/${name}`;
  const ds = new DataSource(typeormOptions(url, []));
  await ds.initialize();
  await ds.destroy();
  const pg = new Client({ connectionString: url });
  await pg.connect();
  const s = await seedDataset(pg, {});
  console.log(JSON.stringify({ counts: s.counts, my: s.myProjectsClient, day: s.busiestPaymentDay }));
  await pg.end();
}
main().catch((e) => { console.error(e); process.exit(1); });
