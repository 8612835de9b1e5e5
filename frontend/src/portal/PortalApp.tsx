import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { queryClient } from '../shared/api/queryClient';
import { lazyPage } from '../shared/lazyPage';
import { FullScreenSpinner } from '../shared/ui/FullScreenSpinner';
import { HomeRedirect, RequireAuth } from './features/auth/components/RequireAuth';
import { prefetchGallery } from './features/galleries/api';

// Every page is its own chunk, so a first visit downloads the app shell and the one page it opens
// (the budgets in test/bundle-budget.test.ts, decision 0014): the sign-in page does not carry the
// signed-in area, and /projects does not carry the sign-in forms.
const AuthPage = lazyPage(() => import('./pages/AuthPage'), 'AuthPage');
const ForgotPasswordPage = lazyPage(() => import('./pages/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('./pages/ResetPasswordPage'), 'ResetPasswordPage');
const VerifyEmailPage = lazyPage(() => import('./pages/VerifyEmailPage'), 'VerifyEmailPage');
const SetupPage = lazyPage(() => import('./pages/SetupPage'), 'SetupPage');
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage'), 'NotFoundPage');
const ClientLayout = lazyPage(() => import('./layout/ClientLayout'), 'ClientLayout');
const ProjectsPage = lazyPage(() => import('./pages/ProjectsPage'), 'ProjectsPage');
const GalleryPage = lazyPage(() => import('./pages/GalleryPage'), 'GalleryPage');
const BookingPage = lazyPage(() => import('./pages/BookingPage'), 'BookingPage');
const CreditsPage = lazyPage(() => import('./pages/CreditsPage'), 'CreditsPage');
const PaymentsPage = lazyPage(() => import('./pages/PaymentsPage'), 'PaymentsPage');
const InvoicesPage = lazyPage(() => import('./pages/InvoicesPage'), 'InvoicesPage');
const AccountPage = lazyPage(() => import('./pages/AccountPage'), 'AccountPage');

const signedIn: Record<string, { preload: () => Promise<unknown> }> = {
  '/projects': ProjectsPage,
  '/booking': BookingPage,
  '/credits': CreditsPage,
  '/payments': PaymentsPage,
  '/invoices': InvoicesPage,
  '/account': AccountPage,
};
const publicPages: Record<string, { preload: () => Promise<unknown> }> = {
  '/auth': AuthPage,
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/verify-email': VerifyEmailPage,
  '/setup': SetupPage,
};

/** Starts loading the chunks of the portal page at `pathname` (see App's preloadPage). */
export function preloadPortalPage(pathname: string): void {
  const gallery = /^\/projects\/(\d+)$/.exec(pathname);
  // a gallery's first photos are asked for beside the session check (a stranger's answer is a 401 or 404)
  if (gallery) prefetchGallery(queryClient, Number(gallery[1]));
  const page = signedIn[pathname] ?? (gallery ? GalleryPage : /^\/invoices\/\d+$/.test(pathname) ? InvoicesPage : undefined);
  if (page) {
    void ClientLayout.preload();
    void page.preload();
  } else {
    void publicPages[pathname]?.preload();
  }
}

/** Every path except /admin/*: public auth pages, the guarded client pages and the 404 page. */
export function PortalApp() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Routes>
        <Route path="/auth" element={<AuthPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/setup" element={<SetupPage />} />
        <Route path="/" element={<HomeRedirect />} />
        <Route
          element={
            <RequireAuth>
              <ClientLayout />
            </RequireAuth>
          }
        >
          <Route path="/projects" element={<ProjectsPage />} />
          <Route path="/projects/:projectId" element={<GalleryPage />} />
          <Route path="/booking" element={<BookingPage />} />
          <Route path="/credits" element={<CreditsPage />} />
          <Route path="/payments" element={<PaymentsPage />} />
          <Route path="/invoices" element={<InvoicesPage />} />
          <Route path="/invoices/:invoiceId" element={<InvoicesPage />} />
          <Route path="/account" element={<AccountPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
