import { vi } from 'vitest';

/** The methods of react-admin's DataProvider the back office's dataProvider has (its CRUD). */
export const CRUD_METHODS = ['getList', 'getOne', 'getMany', 'getManyReference', 'create', 'update', 'updateMany', 'delete', 'deleteMany'];

/**
 * A fake dataProvider takes CRUD methods only: a page's own calls are not the dataProvider's any more
 * (they live in the page's chunk, `<page>/dataProvider.ts`), so a fake of one passed here would never be
 * called and the test would pass without testing anything. Fake them with `fakeApi`.
 */
export function onlyCrud(methods: object): void {
  const other = Object.keys(methods).filter((name) => !CRUD_METHODS.includes(name));
  if (other.length) throw new Error(`not dataProvider methods: ${other.join(', ')} (a page's own calls are faked with fakeApi)`);
}

type Method = (...args: never[]) => unknown;

/** Fakes of some of a page's calls, by name. */
export type ApiFakes<T> = { [K in keyof T]?: Method };

/**
 * Fakes a page's own calls (the `<page>Methods` object its `use<Page>Api()` hook returns) for the current
 * test: each method of `api` is replaced by its fake in `fakes`, every other one rejects with
 * 'unexpected <name>' (nothing reaches the network unnoticed). Vitest's `restoreMocks` puts the real
 * methods back after the test. Returns the spies, by name.
 */
export function fakeApi<T extends object>(api: T, fakes: ApiFakes<T> = {}) {
  const spies = {} as { [K in keyof T]: ReturnType<typeof vi.fn> };
  for (const name of Object.keys(api) as (keyof T & string)[]) {
    if (typeof api[name] !== 'function') continue;
    const fake = fakes[name] ?? (async () => Promise.reject(new Error(`unexpected ${name}`)));
    spies[name] = vi.spyOn(api, name as never).mockImplementation(fake as never) as unknown as ReturnType<typeof vi.fn>;
  }
  const unknown = Object.keys(fakes).filter((name) => !(name in api));
  if (unknown.length) throw new Error(`no such calls to fake: ${unknown.join(', ')}`);
  return spies;
}
