import { SetMetadata } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from '../errors/domain-error';

/**
 * Who may call a route (CONTRACT §12), declared next to it with one of the `Access` decorators and
 * enforced by the one AuthorityGuard. A route without a declaration stops the application at start.
 *
 * - `caller`: who must be behind the request: anyone, a signed-in account, or the studio admin.
 * - `tokens`: whether an API token may stand for the admin here. `none`: only a session (account
 *   authority: roles, e-mails, passwords, sessions, two-factor, tokens, webhooks; and a client's own
 *   payments); `read`: a read or a write token (the route never causes a side effect); `write`: a write
 *   token only, whatever the method (a route that sends or writes).
 */
export interface AccessPolicy {
  kind: 'public' | 'session' | 'client' | 'admin session' | 'admin';
  caller: 'anyone' | 'signed-in' | 'admin';
  tokens: TokenUse;
}

export type TokenUse = 'none' | 'read' | 'write';

export const ACCESS_METADATA = 'portal:access';

const declare = (policy: AccessPolicy) => SetMetadata(ACCESS_METADATA, policy);

export const Access = {
  /** Anyone; the session is read when there is one. `tokens` as for any route (default: a token is refused). */
  public: (tokens: TokenUse = 'none') => declare({ kind: 'public', caller: 'anyone', tokens }),
  /** A signed-in account acting on itself (Account Settings, two-factor, deleting one's account): a session only. */
  session: () => declare({ kind: 'session', caller: 'signed-in', tokens: 'none' }),
  /**
   * A signed-in account on what is its own (ownership is checked by the use case; the admin reaches every
   * client's). With `read`, an API token reads as the admin; without, only a session (a client's payments).
   */
  client: (tokens: 'none' | 'read' = 'none') => declare({ kind: 'client', caller: 'signed-in', tokens }),
  /** The studio admin's session only: tokens, webhooks, ending sessions. */
  adminSession: () => declare({ kind: 'admin session', caller: 'admin', tokens: 'none' }),
  /** The studio admin, signed in or through an API token of at least this scope: the studio's business data. */
  admin: (tokens: 'read' | 'write') => declare({ kind: 'admin', caller: 'admin', tokens }),
};

/** What a valid API token stands for (CONTRACT §9): its admin, with the token's scope. */
export interface TokenAuthentication {
  account: import('./request-user').SignedInAccount;
  scope: 'read' | 'write';
  tokenId: number;
  tokenName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request was authenticated by an API token rather than the session cookie. */
    tokenAuth?: TokenAuthentication;
  }
}

/** How the request's account proved itself, for the use cases that decide account authority. */
export type Credential = { kind: 'session' } | { kind: 'token'; tokenId: number; tokenName: string };

export function credentialOf(req: FastifyRequest): Credential {
  const token = req.tokenAuth;
  return token ? { kind: 'token', tokenId: token.tokenId, tokenName: token.tokenName } : { kind: 'session' };
}

/** The activity log's note of a token's act: `token:<id> <name>`; null for a session. */
export function viaOf(credential: Credential): string | null {
  return credential.kind === 'token' ? `token:${credential.tokenId} ${credential.tokenName}` : null;
}

export const SESSION_REQUIRED_MESSAGE =
  'This needs the signed-in admin: API tokens cannot change accounts (roles, e-mails, passwords), sessions, two-factor sign-in, tokens, webhooks or settings.';

export const sessionRequired = () => new ForbiddenError('AUTH.SESSION_REQUIRED', SESSION_REQUIRED_MESSAGE);

/**
 * Account authority (CONTRACT §12) belongs to a session: a use case whose request body reaches it
 * (creating an admin, changing an account's e-mail or role, touching an admin account) asks here.
 */
export function assertAccountAuthority(credential: Credential): void {
  if (credential.kind !== 'session') throw sessionRequired();
}
