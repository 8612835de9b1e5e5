import type { AuthProvider } from 'react-admin';
import { http } from '../../shared/api/client';
import type { User } from '../../shared/api/schema';
import { isAdmin } from '../../shared/api/user';

/** Where signed-out users go: the portal's sign-in page, not react-admin's /login. */
export const SIGN_IN_PATH = '/auth';

export interface AuthProviderOptions {
  /** Reads the current user (GET /api/user; null when signed out). */
  fetchUser: () => Promise<User | null>;
  /**
   * Called after logout (or when the session is gone). The portal clears its current-user cache
   * here; its route guard then sends the browser to /auth.
   */
  onSignedOut: () => void;
}

const signedOut = () => ({ redirectTo: SIGN_IN_PATH, message: false as const });

/**
 * The admin's authProvider. The portal owns the session (login happens on /auth), so:
 * - checkAuth/getIdentity read GET /api/user and require role admin;
 * - logout posts /api/logout and hands navigation to the portal (returns false: no react-admin redirect);
 * - 401 from any admin call signs out; 403 does not.
 */
export function createAuthProvider({ fetchUser, onSignedOut }: AuthProviderOptions): AuthProvider {
  const requireAdmin = async (): Promise<User> => {
    const user = await fetchUser();
    if (!user || !isAdmin(user)) throw signedOut();
    return user;
  };

  return {
    // sign-in happens in the portal; react-admin's login page is disabled
    login: async () => {
      throw new Error('Sign in on /auth');
    },
    logout: async () => {
      try {
        await http.POST('/api/logout');
      } catch (error) {
        // the session may already be gone; the browser forgets the user either way
        console.error('Logout failed', error);
      }
      onSignedOut();
      return false;
    },
    checkAuth: async () => {
      await requireAdmin();
    },
    checkError: async (error: { status?: number }) => {
      if (error?.status === 401) throw signedOut();
    },
    getIdentity: async () => {
      const user = await requireAdmin();
      return { id: user.id, fullName: user.username, email: user.email };
    },
    getPermissions: async () => {
      const user = await fetchUser();
      return user?.role ?? null;
    },
  };
}
