import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { NotFoundError } from '../errors/domain-error';
import { credentialOf, type Credential } from './access';
import { notSignedIn } from './authority.guard';
import { requestUser, SignedInAccount } from './request-user';

/** The signed-in account of a route whose Access declaration needs one (the clients module's User). */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): SignedInAccount => {
  const user = requestUser(ctx.switchToHttp().getRequest<FastifyRequest>());
  if (!user) throw notSignedIn();
  return user;
});

/** How the request's account proved itself: its session, or an API token (for the rules of account authority). */
export const CurrentCredential = createParamDecorator((_data: unknown, ctx: ExecutionContext): Credential =>
  credentialOf(ctx.switchToHttp().getRequest<FastifyRequest>()),
);

/**
 * Ownership check for the modules that hold a client's things: an admin reaches everything,
 * a client only their own; another client's resource answers 404, as if it did not exist.
 */
export function assertMayAccess(user: SignedInAccount, ownerId: number, what = 'Resource'): void {
  if (!user.mayAccessOwnedBy(ownerId)) throw new NotFoundError('ACCESS.NOT_FOUND', `${what} not found`);
}
