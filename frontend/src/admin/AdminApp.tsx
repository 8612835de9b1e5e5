import { QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Admin, CustomRoutes, defaultTheme, Resource } from 'react-admin';
import { Route } from 'react-router';
import { deepmerge } from '@mui/utils';
import { CURRENT_USER_KEY, fetchCurrentUser } from '../portal/features/auth/api';
import type { User } from '../shared/api/types';
import { themeOptions } from '../shared/ui/theme';
import clients from './clients';
import { CreditsPage } from './credits/CreditsPage';
import { EmailPage } from './email/EmailPage';
import { AdminLayout } from './layout/AdminLayout';
import { DashboardPage } from './pages/DashboardPage';
import payments from './payments';
import projects from './projects';
import { createAuthProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import services from './services';

const adminTheme = deepmerge(defaultTheme, {
  palette: themeOptions.palette,
  shape: themeOptions.shape,
  typography: themeOptions.typography,
});

/** The admin's own cache: lists go stale after 5 s and refetch on mount (spec §4, §9). */
function createAdminQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * The back office, mounted by App under /admin/* (inside the app's BrowserRouter, which react-admin
 * reuses). Loaded lazily: the portal's bundle never contains react-admin.
 */
export function AdminApp() {
  // the portal's cache holds the session; the admin reads and clears it through the authProvider
  const portalQueryClient = useQueryClient();
  const adminQueryClient = useMemo(createAdminQueryClient, []);
  const authProvider = useMemo(
    () =>
      createAuthProvider({
        fetchUser: async () =>
          portalQueryClient.getQueryData<User | null>(CURRENT_USER_KEY) ?? fetchCurrentUser(),
        onSignedOut: () => {
          portalQueryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] });
          portalQueryClient.setQueryData(CURRENT_USER_KEY, null);
        },
      }),
    [portalQueryClient],
  );

  return (
    <Admin
      basename="/admin"
      title="Admin"
      disableTelemetry
      requireAuth
      loginPage={false}
      authProvider={authProvider}
      dataProvider={dataProvider}
      queryClient={adminQueryClient}
      layout={AdminLayout}
      dashboard={DashboardPage}
      theme={adminTheme}
    >
      <Resource name="clients" {...clients} />
      <Resource name="projects" {...projects} />
      <Resource name="services" {...services} />
      <Resource name="payments" {...payments} />
      <CustomRoutes>
        <Route path="/credits" element={<CreditsPage />} />
        <Route path="/email" element={<EmailPage />} />
      </CustomRoutes>
    </Admin>
  );
}

export default AdminApp;
