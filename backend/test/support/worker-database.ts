// Points this Jest worker's test files at the worker's own database, made by global-setup.ts
// (JEST_WORKER_ID counts from 1; in band it is 1).
const base = new URL(process.env.TEST_DATABASE_URL!);
if (!base.pathname.match(/_w\d+$/)) {
  base.pathname = `${base.pathname}_w${process.env.JEST_WORKER_ID ?? '1'}`;
  process.env.TEST_DATABASE_URL = base.toString();
}
