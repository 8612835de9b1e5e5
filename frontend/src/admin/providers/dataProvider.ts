import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { auditEventsMethods } from '../audit-events/dataProvider';
import { clientsMethods, clientsOverrides } from '../clients/dataProvider';
import { creditsMethods } from '../credits/dataProvider';
import { dashboardMethods } from '../pages/dashboard/dataProvider';
import { paymentsMethods } from '../payments/dataProvider';
import { projectsMethods } from '../projects/dataProvider';
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
 * Content-Range), with per-resource overrides and the custom, non-CRUD methods of each page
 * (each page folder owns its part: clients/, projects/, payments/, pages/dashboard/, credits/,
 * audit-events/). The Email System's calls stay in its own chunk (email/dataProvider.ts): the other
 * pages do not carry them.
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
  ...clientsMethods,
  ...projectsMethods,
  ...paymentsMethods,
  ...dashboardMethods,
  ...creditsMethods,
  ...auditEventsMethods,
};

export type AppDataProvider = typeof dataProvider;
