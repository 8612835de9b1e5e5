import type { User } from './schema';

/** True for the studio's admin; any other role is an ordinary client. */
export const isAdmin = (user: Pick<User, 'role'> | null | undefined): boolean => user?.role === 'admin';
