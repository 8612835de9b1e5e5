import { CanActivate, ExecutionContext, Injectable, Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard, type IAuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthenticatedError } from '../errors/domain-error';
import { ACCESS_METADATA, AccessPolicy, sessionRequired, TokenAuthentication } from './access';
import { bearerOf, INVALID_TOKEN_MESSAGE, READ_ONLY_TOKEN_MESSAGE, TOKEN_IN_QUERY_MESSAGE, tokenInQuery } from './bearer-token';
import type { SignedInAccount } from './request-user';
import { StrategyNames } from './strategies';

export const notSignedIn = () => new UnauthenticatedError('AUTH.NOT_SIGNED_IN', 'You are not signed in. Please sign in again.');
export const adminOnly = () => new ForbiddenError('AUTH.ADMIN_ONLY', 'Only the studio admin can do this.');
const invalidToken = () => new UnauthenticatedError('AUTH.INVALID_TOKEN', INVALID_TOKEN_MESSAGE);

/**
 * @nestjs/passport's AuthGuard for one of this application's strategies (StrategyNames): passport's answer
 * is kept on the request's `property`; without one, `refuse` is thrown (or null kept when it is null).
 * An error the strategy raises (a domain error: wrong password, too many tries) goes out as it is.
 */
export function credentialGuard(strategy: string, property: string, refuse: (() => Error) | null): IAuthGuard {
  const Base = AuthGuard(strategy) as Type<IAuthGuard>;
  class CredentialGuard extends Base {
    override getAuthenticateOptions() {
      return { session: false, property };
    }
    override handleRequest<T>(err: unknown, found: T | false | null): T | null {
      if (err) throw err;
      if (!found && refuse) throw refuse();
      return found || null;
    }
  }
  return new CredentialGuard();
}

/**
 * The one guard that decides who may call a route (CONTRACT §12), from the route's `Access` declaration.
 * It reads the credential through passport: an `Authorization: Bearer` header through the API-token
 * strategy (the session cookie is then ignored), otherwise the session through the session strategy.
 * Then:
 * - a token: refused (403 AUTH.SESSION_REQUIRED) where the route takes none; a read token refused
 *   (403 AUTH.TOKEN_READ_ONLY) where the route needs a write token; a bad token is 401 anywhere;
 * - the caller: 401 AUTH.NOT_SIGNED_IN without an account where one is needed, 403 AUTH.ADMIN_ONLY for a
 *   client on the studio's routes.
 * An API token in the address is refused (401) before anything else. Global, after the cross-site and
 * input guards.
 */
@Injectable()
export class AuthorityGuard implements CanActivate {
  private readonly token: IAuthGuard;
  private readonly session: IAuthGuard;

  constructor(
    private readonly reflector: Reflector,
    names: StrategyNames,
  ) {
    this.token = credentialGuard(names.apiToken, 'tokenAuth', invalidToken);
    this.session = credentialGuard(names.session, 'user', null);
  }

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_METADATA, [ctx.getHandler(), ctx.getClass()]);
    // Never reached: AccessDeclarations stops the application at start when a route has no declaration.
    if (!policy) throw new ForbiddenError('AUTH.UNDECLARED', 'Nobody may call this route.');
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    if (tokenInQuery(req)) throw new UnauthenticatedError('AUTH.TOKEN_IN_QUERY', TOKEN_IN_QUERY_MESSAGE);

    if (bearerOf(req) !== undefined) {
      await this.token.canActivate(ctx);
      const auth = req.tokenAuth as TokenAuthentication;
      req.user = auth.account;
      if (policy.tokens === 'none') throw sessionRequired();
      if (policy.tokens === 'write' && auth.scope !== 'write') throw new ForbiddenError('AUTH.TOKEN_READ_ONLY', READ_ONLY_TOKEN_MESSAGE);
    } else if (policy.caller !== 'anyone') {
      // A route for anyone needs no account: the session strategy runs only where one is asked for.
      await this.session.canActivate(ctx);
    }

    if (policy.caller === 'anyone') return true;
    const account: SignedInAccount | null = req.user;
    if (!account) throw notSignedIn();
    if (policy.caller === 'admin' && !account.isAdmin) throw adminOnly();
    return true;
  }
}
