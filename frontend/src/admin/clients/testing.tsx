import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AdminContext, memoryStore, Notification, TestMemoryRouter, type AuthProvider, type DataProvider } from 'react-admin';
import { vi } from 'vitest';
import { theme } from '../../shared/ui/theme';
import { CURRENT_USER_KEY } from '../../portal/features/auth/api';
import type { User } from '../../shared/api/schema';
import { admin } from '../../test/utils';
import { i18nProvider } from '../providers/i18nProvider';
import { CRUD_METHODS, onlyCrud } from '../shared/testing';

/** The signed-in admin of component tests. */
export const signedInAdmin = { id: 1, fullName: 'admin', email: 'admin@example.com' };

export const fakeAuthProvider = (identity = signedInAdmin): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getIdentity: async () => identity,
  getPermissions: async () => 'admin',
});

/**
 * A dataProvider whose CRUD methods are vi.fn()s; pass the ones a test needs (the others reject). A page's
 * own calls are not the dataProvider's: fake them with `fakeApi` (../shared/testing).
 */
export function fakeDataProvider(methods: Partial<Record<string, (...args: never[]) => unknown>> = {}): DataProvider {
  onlyCrud(methods);
  const fail = (name: string) => vi.fn(async () => Promise.reject(new Error(`unexpected ${name}`)));
  const base: Record<string, unknown> = {};
  for (const name of CRUD_METHODS) base[name] = fail(name);
  return { ...base, ...methods } as unknown as DataProvider;
}

/** Renders admin components inside react-admin's contexts (data, auth, i18n, router, theme) with toasts. */
export function renderInAdmin(
  ui: ReactElement,
  {
    dataProvider,
    identity = signedInAdmin,
    user = admin,
  }: { dataProvider: DataProvider; identity?: typeof signedInAdmin; /** the session's account, as GET /api/user answers it */ user?: User },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  return render(
    <TestMemoryRouter>
      <AdminContext
        queryClient={queryClient}
        dataProvider={dataProvider}
        authProvider={fakeAuthProvider(identity)}
        i18nProvider={i18nProvider}
        store={memoryStore()}
        theme={theme}
      >
        {ui}
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}
