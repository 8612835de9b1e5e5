// react-admin's error, not-found, access-denied and authentication-error pages, in a chunk of their own
// that is fetched when one of them is to be shown (AdminErrorPage.tsx).
export {
  AccessDenied as AccessDeniedPage,
  AuthenticationError as AuthenticationErrorPage,
  Error as ErrorPage,
  NotFound as NotFoundPage,
} from 'react-admin';
