import type { FastifyRequest } from 'fastify';

/**
 * What the guards need of the signed-in account. The clients module's User is one; shared code
 * depends on this shape only, never on a module.
 */
export interface SignedInAccount {
  readonly id: number;
  readonly isAdmin: boolean;
  mayAccessOwnedBy(ownerId: number): boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, put there by the auth module's session hook; null when nobody is signed in. */
    user: SignedInAccount | null;
  }
}

/** The signed-in account of this request, or null. */
export function requestUser<T extends SignedInAccount = SignedInAccount>(req: FastifyRequest): T | null {
  return (req.user as T | null | undefined) ?? null;
}
