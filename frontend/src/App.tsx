import { Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders } from './AppProviders';
import { currentUserQuery } from './portal/features/auth/api';
import { RequireAuth } from './portal/features/auth/components/RequireAuth';
import { PortalApp, preloadPortalPage } from './portal/PortalApp';
import { queryClient } from './shared/api/queryClient';
import { lazyPage } from './shared/lazyPage';
import { FullScreenSpinner } from './shared/ui/FullScreenSpinner';
import { TestModeRibbon } from './shared/ui/TestModeRibbon';

// The back office is a separate chunk: the portal never loads react-admin.
const AdminApp = lazyPage(() => import('./admin/AdminApp'), 'AdminApp');

/**
 * Starts downloading the chunks of the page being opened at once, alongside the session check, rather
 * than one after another as each lazy component renders (decision 0014).
 */
export function preloadPage(pathname: string): void {
  // The session is asked for at once too: the guard (RequireAuth) would otherwise ask only once the
  // app has rendered and committed its first frame, one round trip later (decision 0034).
  void queryClient.prefetchQuery(currentUserQuery);
  if (isBackOfficePath(pathname)) void preloadBackOffice(pathname);
  else preloadPortalPage(pathname);
}

export const isBackOfficePath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

const preloadBackOffice = (pathname: string) => AdminApp.preload().then((admin) => admin.preloadAdminPage(pathname));

/**
 * The back office, rendered once its chunk and the chunk of the page being opened are in. Until then
 * a plain spinner shows rather than a Suspense fallback: React holds back content that replaces a
 * fallback for up to 300 ms, once per lazy level, which cost the admin Projects page over half a second.
 */
function BackOffice() {
  const { pathname } = useLocation();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    // a chunk that fails to load is reported by the lazy component below
    void preloadBackOffice(pathname)
      .catch(() => undefined)
      .then(() => live && setReady(true));
    return () => {
      live = false;
    };
    // only the page first opened matters; later pages load as react-admin routes to them
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!ready) return <FullScreenSpinner />;
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <AdminApp />
    </Suspense>
  );
}

/** Routes of the whole app: /admin/* -> the back office (admins only), everything else -> the portal. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/admin/*"
        element={
          <RequireAuth adminOnly>
            <BackOffice />
          </RequireAuth>
        }
      />
      <Route path="*" element={<PortalApp />} />
    </Routes>
  );
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <TestModeRibbon />
    </AppProviders>
  );
}
