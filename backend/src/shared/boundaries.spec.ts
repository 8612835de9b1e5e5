import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The layout rules of the house style that a reader should not have to check by hand. */
const SRC = join(__dirname, '..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
const importsOf = (path: string) => [...readFileSync(path, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]);

describe('module boundaries', () => {
  it('shared/ imports nothing from modules/', () => {
    const offending = files(join(SRC, 'shared')).flatMap((f) =>
      importsOf(f)
        .filter((i) => i.includes('modules/'))
        .map((i) => `${relative(SRC, f)}: ${i}`),
    );
    expect(offending).toEqual([]);
  });

  it("a module's index.ts exports no ORM entity or row", () => {
    const modules = readdirSync(join(SRC, 'modules'));
    const offending = modules.flatMap((m) =>
      importsOf(join(SRC, 'modules', m, 'index.ts'))
        .filter((i) => /\.orm-entity$|-row$|\.mapper$/.test(i))
        .map((i) => `${m}: ${i}`),
    );
    expect(modules.length).toBeGreaterThan(5);
    expect(offending).toEqual([]);
  });

  it('persistence files carry one suffix per role', () => {
    const persistence = files(join(SRC, 'modules')).filter((f) => f.includes('/infrastructure/persistence/'));
    const odd = persistence
      .map((f) => relative(SRC, f))
      .filter((f) => !/\.(orm-entity|typeorm-repository|queries|mapper)(\.spec)?\.ts$/.test(f));
    expect(persistence.length).toBeGreaterThan(10);
    expect(odd).toEqual([]);
  });
});
