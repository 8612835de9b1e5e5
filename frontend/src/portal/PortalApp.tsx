import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { FullScreenSpinner } from '../shared/ui/FullScreenSpinner';
import { HomeRedirect, RequireAuth } from './features/auth/components/RequireAuth';
import { AuthPage } from './pages/AuthPage';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';

// The signed-in area is split by page so that the sign-in page (the usual first visit) stays light
// and heavy pages (payments) load only when opened.
const ClientLayout = lazy(() => import('./layout/ClientLayout').then((m) => ({ default: m.ClientLayout })));
const ProjectsPage = lazy(() => import('./pages/ProjectsPage').then((m) => ({ default: m.ProjectsPage })));
const BookingPage = lazy(() => import('./pages/BookingPage').then((m) => ({ default: m.BookingPage })));
const CreditsPage = lazy(() => import('./pages/CreditsPage').then((m) => ({ default: m.CreditsPage })));
const AccountPage = lazy(() => import('./pages/AccountPage').then((m) => ({ default: m.AccountPage })));

/** Every path except /admin/*: public auth pages, the guarded client pages and the 404 page. */
export function PortalApp() {
  return (
    <Routes>
      <Route path="/auth" element={<AuthPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/" element={<HomeRedirect />} />
      <Route
        element={
          <RequireAuth>
            <Suspense fallback={<FullScreenSpinner />}>
              <ClientLayout />
            </Suspense>
          </RequireAuth>
        }
      >
        <Route path="/projects" element={<ProjectsPage />} />
        <Route path="/booking" element={<BookingPage />} />
        <Route path="/credits" element={<CreditsPage />} />
        <Route path="/account" element={<AccountPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
