import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '../errors/domain-error';
import { requestUser, SignedInAccount } from './request-user';

const notSignedIn = () => new UnauthenticatedError('AUTH.NOT_SIGNED_IN', 'You are not signed in. Please sign in again.');

/** 401 unless someone is signed in. */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    if (!requestUser(ctx.switchToHttp().getRequest<FastifyRequest>())) throw notSignedIn();
    return true;
  }
}

/** 401 when signed out, 403 for a signed-in user who is not an admin. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    const user = requestUser(ctx.switchToHttp().getRequest<FastifyRequest>());
    if (!user) throw notSignedIn();
    if (!user.isAdmin) throw new ForbiddenError('AUTH.ADMIN_ONLY', 'Only the studio admin can do this.');
    return true;
  }
}

/** The signed-in account of a route behind SignedInGuard or AdminGuard (the clients module's User). */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): SignedInAccount => {
  const user = requestUser(ctx.switchToHttp().getRequest<FastifyRequest>());
  if (!user) throw notSignedIn();
  return user;
});

/**
 * Ownership check for the modules that hold a client's things: an admin reaches everything,
 * a client only their own; another client's resource answers 404, as if it did not exist.
 */
export function assertMayAccess(user: SignedInAccount, ownerId: number, what = 'Resource'): void {
  if (!user.mayAccessOwnedBy(ownerId)) throw new NotFoundError('ACCESS.NOT_FOUND', `${what} not found`);
}
