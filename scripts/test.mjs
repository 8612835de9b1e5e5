#!/usr/bin/env node
// npm test: every test, in order of speed: backend domain/application units, frontend units,
// API tests against a real PostgreSQL (embedded, or DATABASE_URL's server), and browser tests in
// Chromium against the started product. Each suite runs even if an earlier one failed; the last
// line sums them up as "N passed, N failed". TEST_ONLY=unit,frontend,api,e2e runs a subset.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = mkdtempSync(join(tmpdir(), 'portal-test-'));
const only = process.env.TEST_ONLY ? process.env.TEST_ONLY.split(',') : null;

const suites = [
  {
    key: 'unit',
    name: 'backend unit (domain, handlers)',
    cwd: 'backend',
    cmd: ['npx', 'jest', '--config', 'jest.unit.config.js', '--json', `--outputFile=${join(out, 'unit.json')}`],
    read: () => jestCounts(join(out, 'unit.json')),
  },
  {
    key: 'frontend',
    name: 'frontend unit (Vitest)',
    cwd: 'frontend',
    cmd: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(out, 'frontend.json')}`],
    read: () => jestCounts(join(out, 'frontend.json')),
  },
  {
    key: 'api',
    name: 'API (Jest + supertest, real PostgreSQL and SMTP)',
    cwd: 'backend',
    cmd: ['npx', 'jest', '--config', 'jest.api.config.js', '--runInBand', '--json', `--outputFile=${join(out, 'api.json')}`],
    read: () => jestCounts(join(out, 'api.json')),
  },
  {
    key: 'e2e',
    name: 'browser (Playwright, Chromium)',
    cwd: '.',
    cmd: ['npx', 'playwright', 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(out, 'e2e.json') },
    read: () => playwrightCounts(join(out, 'e2e.json')),
  },
];

function jestCounts(file) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0),
    skipped: r.numPendingTests + (r.numTodoTests ?? 0),
  };
}

function playwrightCounts(file) {
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  return { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped };
}

const results = [];
for (const suite of suites) {
  if (only && !only.includes(suite.key)) continue;
  console.log(`\n=== ${suite.name} ===`);
  const started = Date.now();
  const run = spawnSync(suite.cmd[0], suite.cmd.slice(1), {
    cwd: join(root, suite.cwd),
    stdio: 'inherit',
    env: { ...process.env, ...suite.env },
  });
  let counts;
  try {
    counts = suite.read();
  } catch {
    counts = { passed: 0, failed: 1, skipped: 0 }; // the runner died before reporting: count it as a failure
  }
  if (run.status !== 0 && counts.failed === 0) counts.failed = 1;
  results.push({ ...suite, ...counts, seconds: (Date.now() - started) / 1000, status: run.status });
}

console.log('\n=== summary ===');
for (const r of results) {
  console.log(
    `${r.name.padEnd(52)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed ${String(r.skipped).padStart(3)} skipped  ${r.seconds.toFixed(1)} s`,
  );
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const skipped = results.reduce((n, r) => n + r.skipped, 0);
if (existsSync(out)) rmSync(out, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
