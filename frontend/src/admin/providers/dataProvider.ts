import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { clientsOverrides } from '../clients/overrides';
import { httpClient } from './httpClient';

export const API_URL = '/api';

const base = simpleRestProvider(API_URL, httpClient);

/** Per-resource replacements of CRUD methods (e.g. clients are created through /api/register). */
const overrides: Record<string, Partial<DataProvider>> = {
  clients: clientsOverrides,
};

function routed<K extends keyof DataProvider>(method: K): DataProvider[K] {
  return ((resource: string, params: unknown) => {
    const own = overrides[resource]?.[method] as ((r: string, p: unknown) => Promise<unknown>) | undefined;
    return own ? own(resource, params) : (base[method] as (r: string, p: unknown) => Promise<unknown>)(resource, params);
  }) as DataProvider[K];
}

/**
 * ra-data-simple-rest over /api (CONTRACT §2: admin lists accept sort/range/filter and answer
 * Content-Range), with per-resource overrides: the CRUD that react-admin's hooks and lists call, for
 * every page. A page's own, non-CRUD calls are not here: each page folder has them in its
 * `dataProvider.ts` (`<page>Methods`, returned by its `use<Page>Api()` hook), in the page's chunk, so
 * that no page's first load carries the others' (decision 0026).
 */
export const dataProvider = {
  ...base,
  getList: routed('getList'),
  getOne: routed('getOne'),
  getMany: routed('getMany'),
  getManyReference: routed('getManyReference'),
  create: routed('create'),
  update: routed('update'),
  updateMany: routed('updateMany'),
  delete: routed('delete'),
  deleteMany: routed('deleteMany'),
};
