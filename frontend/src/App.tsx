import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AppProviders } from './AppProviders';
import { RequireAuth } from './portal/features/auth/components/RequireAuth';
import { PortalApp } from './portal/PortalApp';
import { FullScreenSpinner } from './shared/ui/FullScreenSpinner';

// The back office is a separate chunk: the portal never loads react-admin.
const AdminApp = lazy(() => import('./admin/AdminApp'));

/** Routes of the whole app: /admin/* -> the back office (admins only), everything else -> the portal. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/admin/*"
        element={
          <RequireAuth adminOnly>
            <Suspense fallback={<FullScreenSpinner />}>
              <AdminApp />
            </Suspense>
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
    </AppProviders>
  );
}
