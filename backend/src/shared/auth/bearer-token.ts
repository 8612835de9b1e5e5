import { CanActivate, ExecutionContext, Injectable, Optional, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthenticatedError } from '../errors/domain-error';
import type { SignedInAccount } from './request-user';

/** What a valid API token stands for (CONTRACT §9): its admin, with the token's scope. */
export interface TokenAuthentication {
  account: SignedInAccount;
  scope: 'read' | 'write';
  tokenId: number;
}

/** Port: finds the admin an API token acts for; null for an unknown, revoked or expired token, or a gone admin. The integrations module provides it. */
export abstract class BearerTokens {
  abstract authenticate(token: string): Promise<TokenAuthentication | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request was authenticated by an API token rather than the session cookie. */
    tokenAuth?: TokenAuthentication;
  }
}

export const SESSION_ONLY = 'portal:session-only';
/** A route an API token may not call, whatever its scope (managing tokens and webhooks): 403. */
export const SessionOnly = () => SetMetadata(SESSION_ONLY, true);

const READ_METHODS = new Set(['GET', 'HEAD']);
/** Query parameter names a token could be put in; a token in an address ends up in logs and histories. */
const TOKEN_PARAMS = /^(access_?token|api_?key|token|bearer)$/i;

export const TOKEN_IN_QUERY_MESSAGE = 'Send the API token in the Authorization header (Bearer), never in the address.';
export const INVALID_TOKEN_MESSAGE = 'The API token is not valid: it is unknown, revoked or expired.';

/** The value of `Authorization: Bearer <value>`, or undefined. */
export function bearerOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : header.toLowerCase().startsWith('bearer') ? '' : undefined;
}

function tokenInQuery(req: FastifyRequest): boolean {
  const q = req.url.indexOf('?');
  if (q < 0) return false;
  for (const [name, value] of new URLSearchParams(req.url.slice(q + 1))) {
    if (TOKEN_PARAMS.test(name) || value.startsWith('sp_')) return true;
  }
  return false;
}

/**
 * The first global guard: an `Authorization: Bearer` request is authenticated by its API token, in
 * Nest's pipeline like every other request. The token's admin becomes the request's account (the
 * session cookie, if any, is ignored); a bad token is 401; a `read` token may only GET/HEAD (403
 * AUTH.TOKEN_READ_ONLY); routes marked @SessionOnly refuse tokens (403). A token in the query string
 * is refused (401) before anything else.
 */
@Injectable()
export class BearerTokenGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Optional() private readonly tokens?: BearerTokens,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    if (tokenInQuery(req)) throw new UnauthenticatedError('AUTH.TOKEN_IN_QUERY', TOKEN_IN_QUERY_MESSAGE);
    const token = bearerOf(req);
    if (token === undefined) return true;
    const auth = token && this.tokens ? await this.tokens.authenticate(token) : null;
    if (!auth) throw new UnauthenticatedError('AUTH.INVALID_TOKEN', INVALID_TOKEN_MESSAGE);
    req.user = auth.account;
    req.tokenAuth = auth;
    if (this.reflector.getAllAndOverride<boolean>(SESSION_ONLY, [ctx.getHandler(), ctx.getClass()])) {
      throw new ForbiddenError('AUTH.TOKEN_NOT_ALLOWED', 'API tokens cannot manage API tokens or webhooks: sign in to the back office.');
    }
    if (auth.scope === 'read' && !READ_METHODS.has(req.method)) {
      throw new ForbiddenError('AUTH.TOKEN_READ_ONLY', 'This API token may only read (GET). Create a write token to make changes.');
    }
    return true;
  }
}
