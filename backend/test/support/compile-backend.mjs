#!/usr/bin/env node
// The backend's sources compiled to JavaScript for the system tests (test/system), as `nest build`
// compiles them (same tsconfig.build.json) but file by file without the type check, into a cache
// folder keyed by the sources' names, sizes and times: a run never depends on a stale backend/dist
// and never rewrites it under a concurrent `npm start`. The folder lies inside backend/node_modules,
// so the compiled files resolve the backend's packages exactly as dist/ does.
// Prints {"dir": "...", "compileMs": N} (0 when the cache was reused).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const backend = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const src = path.join(backend, 'src');
const cache = path.join(backend, 'node_modules', '.cache', 'portal-system-tests');
const started = Date.now();

// What tsconfig.build.json compiles: every .ts under src but the *.spec.ts files, src/testing and
// each module's testing folder (src/modules/*/testing).
function sources(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const fakes = p === path.join(src, 'testing') || (entry.name === 'testing' && path.dirname(dir) === path.join(src, 'modules'));
      if (!fakes) sources(p, out);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const files = sources(src).sort();
const hash = createHash('sha256');
for (const f of files) {
  const st = fs.statSync(f);
  hash.update(`${path.relative(src, f)}\0${st.size}\0${st.mtimeMs}\n`);
}
for (const f of ['tsconfig.json', 'tsconfig.build.json']) hash.update(fs.readFileSync(path.join(backend, f)));
const dir = path.join(cache, hash.digest('hex').slice(0, 16));

if (!fs.existsSync(path.join(dir, 'main.js'))) {
  const { default: ts } = await import('typescript'); // loaded only when there is something to compile
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(backend, 'tsconfig.build.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  const options = { ...parsed.options, sourceMap: false, inlineSourceMap: false, incremental: false, declaration: false };
  fs.mkdirSync(cache, { recursive: true });
  const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
  for (const file of files) {
    const out = ts.transpileModule(fs.readFileSync(file, 'utf8'), { compilerOptions: options, fileName: file, reportDiagnostics: true });
    const errors = (out.diagnostics || []).filter((d) => d.category === ts.DiagnosticCategory.Error);
    if (errors.length) {
      console.error(`${path.relative(backend, file)}: ${ts.flattenDiagnosticMessageText(errors[0].messageText, '\n')}`);
      process.exit(1);
    }
    const target = path.join(tmp, path.relative(src, file)).replace(/\.ts$/, '.js');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, out.outputText);
  }
  try {
    fs.renameSync(tmp, dir);
  } catch {
    fs.rmSync(tmp, { recursive: true, force: true }); // another run made the same build meanwhile
  }
  // Builds of older sources that nobody has used for an hour go.
  for (const name of fs.readdirSync(cache)) {
    const p = path.join(cache, name);
    if (p !== dir && Date.now() - fs.statSync(p).mtimeMs > 3_600_000) fs.rmSync(p, { recursive: true, force: true });
  }
  process.stdout.write(JSON.stringify({ dir, compileMs: Date.now() - started }) + '\n');
} else {
  fs.utimesSync(dir, new Date(), new Date());
  process.stdout.write(JSON.stringify({ dir, compileMs: 0 }) + '\n');
}
