import type { ExecutionContext } from '@nestjs/common';
import { AdminGuard, assertMayAccess, SignedInGuard } from './guards';
import type { SignedInAccount } from './request-user';

/** A signed-in account as the guards see it (the clients module's User has the same rules). */
const person = (id: number, role: 'client' | 'admin'): SignedInAccount => ({
  id,
  isAdmin: role === 'admin',
  mayAccessOwnedBy: (ownerId: number) => role === 'admin' || ownerId === id,
});

const ctx = (user?: SignedInAccount) => ({ switchToHttp: () => ({ getRequest: () => ({ user }) }) }) as unknown as ExecutionContext;

describe('guards and the ownership check', () => {
  it('SignedInGuard: 401 for nobody, passes anyone signed in', () => {
    expect(() => new SignedInGuard().canActivate(ctx())).toThrow(expect.objectContaining({ kind: 'unauthenticated' }));
    expect(new SignedInGuard().canActivate(ctx(person(1, 'client')))).toBe(true);
  });

  it('AdminGuard: 401 for nobody, 403 for a client, passes an admin', () => {
    expect(() => new AdminGuard().canActivate(ctx())).toThrow(expect.objectContaining({ kind: 'unauthenticated' }));
    expect(() => new AdminGuard().canActivate(ctx(person(1, 'client')))).toThrow(
      expect.objectContaining({ kind: 'forbidden', code: 'AUTH.ADMIN_ONLY' }),
    );
    expect(new AdminGuard().canActivate(ctx(person(2, 'admin')))).toBe(true);
  });

  it("assertMayAccess: a client's own thing passes, another client's is not found, an admin reaches all", () => {
    expect(() => assertMayAccess(person(1, 'client'), 1, 'Project')).not.toThrow();
    expect(() => assertMayAccess(person(1, 'client'), 2, 'Project')).toThrow(
      expect.objectContaining({ kind: 'not_found', message: 'Project not found' }),
    );
    expect(() => assertMayAccess(person(9, 'admin'), 2, 'Project')).not.toThrow();
  });
});
