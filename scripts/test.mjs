#!/usr/bin/env node
// npm test: every check and every test, quickest first: lint (ESLint, Prettier), the OpenAPI lint
// (Redocly), the type check and the backend domain/application units side by side (lint and the type
// check are one process on one core each and end at different times: the units fill the gaps), one
// production build of the frontend (and the backend; after the type check, whose incremental state the
// frontend's build shares), frontend units (Vitest, a worker a core; the bundle budget reads that build),
// API tests against a real PostgreSQL (embedded, or DATABASE_URL's server) in three Jest workers with a
// database each, and browser tests in Chromium against the started product (which serves that same
// build). (Vitest beside the browser tests was tried: a form test then timed out at 5 s.) Each stage runs even if an earlier one failed; the last line sums them up as
// "N passed, N failed" (a check or a build counts as one). Timed targets are not here: `npm run bench`.
// TEST_ONLY=lint,openapi,typecheck,unit,build,frontend,api,e2e runs a subset; TEST_SKIP=lint leaves stages out.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = mkdtempSync(join(tmpdir(), 'portal-test-'));
const list = (value) =>
  value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : null;
const only = list(process.env.TEST_ONLY);
const skip = list(process.env.TEST_SKIP) ?? [];

/**
 * The stages in order. Stages with the same `group` run at the same time, their output held back and
 * printed whole when each ends; `read` gives test counts, and a stage without one counts as one check.
 */
const stages = [
  {
    key: 'lint',
    name: 'lint (ESLint, Prettier)',
    cwd: '.',
    group: 'static',
    cmd: ['npm', 'run', '--silent', 'lint'],
  },
  {
    // CONTRACT §9: openapi.yaml passes Redocly's recommended rules (redocly.yaml; accepted exceptions with
    // their reasons in .redocly.lint-ignore.yaml). Offline: no usage data, no update check.
    key: 'openapi',
    name: 'OpenAPI lint (Redocly, recommended rules)',
    cwd: '.',
    group: 'static',
    cmd: ['npx', '--no-install', '@redocly/cli', 'lint', 'openapi.yaml'],
    env: { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
  {
    key: 'typecheck',
    name: 'type check (frontend, backend)',
    cwd: '.',
    group: 'static',
    cmd: ['npm', 'run', '--silent', 'typecheck'],
  },
  {
    key: 'unit',
    name: 'backend unit (domain, handlers)',
    cwd: 'backend',
    group: 'static',
    cmd: ['npx', 'jest', '--config', 'jest.unit.config.js', '--json', `--outputFile=${join(out, 'unit.json')}`],
    read: () => jestCounts(join(out, 'unit.json')),
  },
  {
    // what is stale, as `npm start` decides: the bundle budget test reads this frontend build and
    // the browser tests' `npm start` serves it, so it is built once
    key: 'build',
    name: 'production build (when stale)',
    cwd: '.',
    cmd: ['node', 'scripts/start.mjs', '--build-only'],
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
    cmd: ['npx', 'jest', '--config', 'jest.api.config.js', '--maxWorkers=3', '--json', `--outputFile=${join(out, 'api.json')}`],
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
].filter((s) => (!only || only.includes(s.key)) && !skip.includes(s.key));

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

/** Runs one stage; `quiet` holds its output back and prints it, under its heading, when it ends. */
function run(stage, quiet) {
  if (!quiet) console.log(`\n=== ${stage.name} ===`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(stage.cmd[0], stage.cmd.slice(1), {
      cwd: join(root, stage.cwd),
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...stage.env, ...(quiet ? { FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } : {}) },
    });
    let held = '';
    if (quiet) {
      child.stdout.on('data', (d) => (held += d));
      child.stderr.on('data', (d) => (held += d));
    }
    child.on('error', (err) => (held += `${err.message}\n`));
    child.on('close', (status) => {
      const seconds = (Date.now() - started) / 1000;
      if (quiet) process.stdout.write(`\n=== ${stage.name} (${seconds.toFixed(1)} s) ===\n${held}`);
      let counts;
      if (stage.read) {
        try {
          counts = stage.read();
        } catch {
          counts = { passed: 0, failed: 1, skipped: 0 }; // the runner died before reporting: count it as a failure
        }
      } else {
        counts = status === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
      }
      if (status !== 0 && counts.failed === 0) counts.failed = 1;
      resolve({ ...stage, ...counts, seconds, status });
    });
  });
}

const results = [];
for (let i = 0; i < stages.length;) {
  const group = stages[i].group;
  const batch = [stages[i++]];
  while (group && i < stages.length && stages[i].group === group) batch.push(stages[i++]);
  results.push(...(await Promise.all(batch.map((s) => run(s, batch.length > 1)))));
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
