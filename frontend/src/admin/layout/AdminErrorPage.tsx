import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import type { AccessDenied, AuthenticationError, Error as RaErrorPage, NotFound } from 'react-admin';
import { Loading } from 'react-admin';

/**
 * react-admin's pages for what goes wrong (a failed page, an unknown address, access denied, an
 * authentication error), each fetched when it is to be shown, with react-admin's spinner for the
 * moment that takes: their MUI parts (Accordion and others) and react-admin's <Title> are then not part
 * of every back-office page's first load (decision 0014).
 */
function lazyRaPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, name: string) {
  const Lazy = lazy(load);
  function LazyRaPage(props: P) {
    return (
      <Suspense fallback={<Loading />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  LazyRaPage.displayName = `Lazy(${name})`;
  return LazyRaPage;
}

export const AdminErrorPage = lazyRaPage<ComponentProps<typeof RaErrorPage>>(
  () => import('./ErrorPages').then((m) => ({ default: m.ErrorPage })),
  'Error',
);
export const AdminNotFound = lazyRaPage<ComponentProps<typeof NotFound>>(
  () => import('./ErrorPages').then((m) => ({ default: m.NotFoundPage })),
  'NotFound',
);
export const AdminAccessDenied = lazyRaPage<ComponentProps<typeof AccessDenied>>(
  () => import('./ErrorPages').then((m) => ({ default: m.AccessDeniedPage })),
  'AccessDenied',
);
export const AdminAuthenticationError = lazyRaPage<ComponentProps<typeof AuthenticationError>>(
  () => import('./ErrorPages').then((m) => ({ default: m.AuthenticationErrorPage })),
  'AuthenticationError',
);
