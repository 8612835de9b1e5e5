import { type ReactNode, useDeferredValue } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isAdmin } from '../../../../shared/api/user';
import { FullScreenSpinner } from '../../../../shared/ui/FullScreenSpinner';
import { useCurrentUser } from '../hooks';

interface RequireAuthProps {
  children: ReactNode;
  /** Paths under /admin: only admins, others go to / */
  adminOnly?: boolean;
}

/**
 * Route guard (spec §2): a spinner while the current user loads; no user -> /auth;
 * admin-only paths for a non-admin -> /.
 */
export function RequireAuth({ children, adminOnly = false }: RequireAuthProps) {
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  // The client's area (layout and page) renders as a background render once the session check is in,
  // in slices that leave the browser free between them, not as one long task (decision 0014). The back
  // office renders at once (see main.tsx).
  const deferredLoading = useDeferredValue(isLoading);

  if (adminOnly ? isLoading : deferredLoading) return <FullScreenSpinner />;
  // the address with its query (a reminder's '/projects?pay=12'): sign-in comes back to it
  if (!user) return <Navigate to="/auth" replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (adminOnly && !isAdmin(user)) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/** `/`: admins go to /admin, anyone else to /projects (a spinner shows meanwhile). */
export function HomeRedirect() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FullScreenSpinner />;
  if (!user) return <Navigate to="/auth" replace />;
  return <Navigate to={isAdmin(user) ? '/admin' : '/projects'} replace />;
}
