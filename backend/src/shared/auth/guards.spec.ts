import type { AccessPolicy } from './access';
import { declarationProblems, type DeclaredRoute } from './access-declarations';
import { assertMayAccess } from './guards';
import type { SignedInAccount } from './request-user';

/** A signed-in account as the guards see it (the clients module's User has the same rules). */
const person = (id: number, role: 'client' | 'admin'): SignedInAccount => ({
  id,
  isAdmin: role === 'admin',
  mayAccessOwnedBy: (ownerId: number) => role === 'admin' || ownerId === id,
});

const route = (method: string, access?: AccessPolicy): DeclaredRoute => ({ controller: 'C', handler: 'h', method, access });

describe('access declarations and the ownership check', () => {
  it('a route without a declaration, or with a read token on a change, is a problem', () => {
    const read: AccessPolicy = { kind: 'admin', caller: 'admin', tokens: 'read' };
    const write: AccessPolicy = { kind: 'admin', caller: 'admin', tokens: 'write' };
    expect(declarationProblems([route('GET', read), route('POST', write), route('GET', write)])).toEqual([]);
    expect(declarationProblems([route('GET')])).toEqual(['C.h declares no Access (who may call it)']);
    expect(declarationProblems([route('DELETE', read)])).toEqual(['C.h lets a read token into a DELETE route']);
  });

  it("assertMayAccess: a client's own thing passes, another client's is not found, an admin reaches all", () => {
    expect(() => assertMayAccess(person(1, 'client'), 1, 'Project')).not.toThrow();
    expect(() => assertMayAccess(person(1, 'client'), 2, 'Project')).toThrow(
      expect.objectContaining({ kind: 'not_found', message: 'Project not found' }),
    );
    expect(() => assertMayAccess(person(9, 'admin'), 2, 'Project')).not.toThrow();
  });
});
