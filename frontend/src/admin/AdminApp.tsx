import { QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Admin, CustomRoutes, defaultTheme, localStorageStore, Resource, Title, type RaThemeOptions } from 'react-admin';
import { Route } from 'react-router';
import { deepmerge } from '@mui/utils';
import { CURRENT_USER_KEY, fetchCurrentUser } from '../portal/features/auth/api';
import { lazyPage } from '../shared/lazyPage';
import type { User } from '../shared/api/schema';
import { themeOptions } from '../shared/ui/theme';
import auditEvents from './audit-events';
import clients from './clients';
import { AdminLayout } from './layout/AdminLayout';
import invoices from './invoices';
import payments from './payments';
import projects from './projects';
import { createAuthProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import services from './services';
import { shareStudioWithPortal, withPortalStudio } from './studio/studioCache';

// Pages load when opened (react-admin's Layout shows its spinner meanwhile).
const DashboardPage = lazyPage(() => import('./pages/DashboardPage'), 'DashboardPage');
const CreditsPage = lazyPage(() => import('./credits/CreditsPage'), 'CreditsPage');
const EmailPage = lazyPage(() => import('./email/EmailPage'), 'EmailPage');
const IntegrationsPage = lazyPage(() => import('./integrations/IntegrationsPage'), 'IntegrationsPage');
const StudioSettingsPage = lazyPage(() => import('./studio/StudioSettingsPage'), 'StudioSettingsPage');
// the photographer's own Account Settings: the portal's page (the same chunk), under the back office's title
const AccountPage = lazyPage(() => import('../portal/pages/AccountPage'), 'AccountPage');

const pages: Record<string, { preload: () => Promise<unknown> }> = {
  '': DashboardPage,
  clients: clients.list,
  projects: projects.list,
  services: services.list,
  payments: payments.list,
  invoices: invoices.list,
  credits: CreditsPage,
  email: EmailPage,
  integrations: IntegrationsPage,
  studio: StudioSettingsPage,
  account: AccountPage,
  'audit-events': auditEvents.list,
};

/** Loads the chunk of the back-office page at `pathname` (App starts it as early as it can). */
export async function preloadAdminPage(pathname: string): Promise<void> {
  await pages[pathname.replace(/^\/admin\/?/, '').split('/')[0]]?.preload();
}

/** react-admin's default theme with the studio's colours, shape and type (one theme, no dark variant). */
const adminTheme: RaThemeOptions = deepmerge(defaultTheme, {
  palette: themeOptions.palette,
  shape: themeOptions.shape,
  typography: themeOptions.typography,
});

const store = localStorageStore();

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
  const [adminQueryClient] = useState(() => withPortalStudio(createAdminQueryClient(), portalQueryClient));
  // a studio saved in Studio Settings reaches the portal's theme, money and bars at once
  useEffect(() => shareStudioWithPortal(adminQueryClient, portalQueryClient), [adminQueryClient, portalQueryClient]);
  const authProvider = useMemo(
    () =>
      createAuthProvider({
        fetchUser: async () => portalQueryClient.getQueryData<User | null>(CURRENT_USER_KEY) ?? fetchCurrentUser(),
        onSignedOut: () => {
          portalQueryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] });
          portalQueryClient.setQueryData(CURRENT_USER_KEY, null);
        },
      }),
    [portalQueryClient],
  );

  return (
    // sign-in is the portal's (loginPage={false}): a signed-out visitor is sent to /auth by the authProvider
    <Admin
      basename="/admin"
      title="Admin"
      disableTelemetry
      requireAuth
      loginPage={false}
      authCallbackPage={false}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      queryClient={adminQueryClient}
      store={store}
      theme={adminTheme}
      layout={AdminLayout}
      dashboard={DashboardPage}
    >
      <Resource name="clients" {...clients} />
      <Resource name="projects" {...projects} />
      <Resource name="services" {...services} />
      <Resource name="payments" {...payments} />
      <Resource name="invoices" {...invoices} />
      <Resource name="audit-events" {...auditEvents} options={{ label: 'Activity Log' }} />
      <CustomRoutes>
        <Route path="/credits" element={<CreditsPage />} />
        <Route path="/email" element={<EmailPage />} />
        <Route path="/integrations" element={<IntegrationsPage />} />
        <Route path="/studio" element={<StudioSettingsPage />} />
        <Route
          path="/account"
          element={
            <>
              <Title title="Account Settings" />
              <AccountPage />
            </>
          }
        />
      </CustomRoutes>
    </Admin>
  );
}

export default AdminApp;
