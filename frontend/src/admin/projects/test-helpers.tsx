import { i18nProvider } from '../providers/i18nProvider';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AdminContext, memoryStore, Notification, ResourceContextProvider, type DataProvider, type GetListParams } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { onlyCrud } from '../shared/testing';

type Fn = (...args: never[]) => Promise<unknown>;

/**
 * A dataProvider for component tests: every CRUD method is a vi.fn; getList answers from `lists`
 * (resource -> records) unless overridden. A page's own calls are not the dataProvider's: fake them with
 * `fakeApi` (../shared/testing).
 */
export function fakeDataProvider(lists: Record<string, unknown[]> = {}, overrides: Record<string, Fn> = {}) {
  onlyCrud(overrides);
  const getList = vi.fn(async (resource: string, _params?: GetListParams) => {
    const data = lists[resource] ?? [];
    return { data, total: data.length };
  });
  const dp = {
    getList,
    getOne: vi.fn(async () => ({ data: {} })),
    getMany: vi.fn(async () => ({ data: [] })),
    getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
    create: vi.fn(async (_resource: string, params: { data: object }) => ({ data: { id: 99, ...params.data } })),
    update: vi.fn(async (_resource: string, params: { id: unknown; data: object }) => ({
      data: { ...params.data, id: params.id },
    })),
    updateMany: vi.fn(async () => ({ data: [] })),
    delete: vi.fn(async (_resource: string, params: { previousData?: unknown }) => ({ data: params.previousData })),
    deleteMany: vi.fn(async () => ({ data: [] })),
    ...overrides,
  };
  return dp as typeof dp & DataProvider;
}

/** Renders `ui` inside react-admin's context (fresh store, memory router) with its toasts. */
export function renderInAdmin(ui: ReactElement, dataProvider: DataProvider, { resource = 'projects' } = {}) {
  return render(
    <MemoryRouter initialEntries={[`/${resource}`]}>
      <AdminContext dataProvider={dataProvider} store={memoryStore()} i18nProvider={i18nProvider}>
        <ResourceContextProvider value={resource}>{ui}</ResourceContextProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}
