import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ERROR_CODES } from './error-codes';

/** The codes of ErrorResponse in openapi.yaml (an enum and a table) are the codes the code throws. */
const SRC = join(__dirname, '..', '..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') && !path.includes('/testing/') ? [path] : [];
  });
const CODE = /'([A-Z][A-Z0-9_]*\.[A-Z][A-Z0-9_]*|DATABASE_UNAVAILABLE)'/g;
/** A file that builds its codes as `PAYMENTS.${code}` names the rest in single words ('NOT_SUCCEEDED'). */
const PREFIX = /`([A-Z][A-Z0-9_]*)\.\$\{/;
const WORD = /'([A-Z][A-Z0-9_]{2,})'/g;

describe('error codes', () => {
  const thrown = new Map<string, string>();
  for (const file of files(SRC)) {
    if (file.endsWith('error-codes.ts')) continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(CODE)) thrown.set(m[1], relative(SRC, file));
    const prefix = PREFIX.exec(text)?.[1];
    if (prefix) for (const m of text.matchAll(WORD)) thrown.set(`${prefix}.${m[1]}`, relative(SRC, file));
  }

  it('lists every code the source throws (add a new one to shared/errors/error-codes.ts)', () => {
    const missing = [...thrown].filter(([code]) => !(code in ERROR_CODES)).map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
  });

  it('lists no code the source no longer throws', () => {
    expect(Object.keys(ERROR_CODES).filter((code) => !thrown.has(code))).toEqual([]);
  });
});
