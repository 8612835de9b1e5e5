#!/usr/bin/env node
// npm start: builds whatever is missing or older than its sources, then serves the portal
// (API, Swagger UI and the React app) on $PORT from the backend's compiled entry point.
// `node scripts/start.mjs --build-only` builds and does not serve; `--verbose` shows the builds' output.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time under the given paths (files or folders), skipping node_modules. */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules') walk(join(p, name));
    } else if (st.mtimeMs > max) max = st.mtimeMs;
  };
  paths.forEach(walk);
  return max;
}

// The builds' own output (Vite lists every chunk: over a hundred lines) is shown only when a build fails,
// or with --verbose (decision 0044): a first `npm start` prints a line per build, not pages of it.
const verbose = process.argv.includes('--verbose');

function buildIfStale(name, output, sources) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (built && built >= newest(sources.map((s) => join(root, s)))) return;
  console.log(`[start] building the ${name}...`);
  const t = Date.now();
  const r = spawnSync('npm', ['run', 'build', '-w', name], {
    cwd: root,
    stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.status !== 0) {
    if (!verbose) process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? `${r.error.message}\n` : ''}`);
    console.error(`[start] building the ${name} failed`);
    process.exit(r.status ?? 1);
  }
  console.log(`[start] ${name} built in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

// dist/auth.html is written last (the prerender step after Vite's build): a build cut short is stale.
buildIfStale('frontend', join(root, 'frontend/dist/auth.html'), [
  'frontend/src',
  'frontend/scripts',
  'frontend/index.html',
  'frontend/vite.config.ts',
  'frontend/package.json',
  'frontend/public',
]);
buildIfStale('backend', join(root, 'backend/dist/main.js'), [
  'backend/src',
  'backend/package.json',
  'backend/tsconfig.json',
  'backend/tsconfig.build.json',
]);

// `--build-only` (npm test's build stage): build what is stale, then exit; the browser tests' own
// `npm start` then finds the builds fresh and serves the very build the frontend tests checked.
if (process.argv.includes('--build-only')) process.exit(0);

const child = spawn(process.execPath, [join(root, 'backend/dist/main.js')], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
