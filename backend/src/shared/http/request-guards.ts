import { BadRequestException, CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { bearerOf } from '../auth/bearer-token';
import { AppConfig } from '../config/app-config';
import { DomainError } from '../errors/domain-error';

/** A request body is at most this many bytes (413 beyond, CONTRACT §2). */
export const MAX_BODY_BYTES = 1024 * 1024;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Routes a browser never calls that carry their own proof (Stripe signs its webhook). */
const ORIGIN_EXEMPT = new Set(['/api/stripe/webhook']);

export const FOREIGN_ORIGIN_MESSAGE = 'This request came from another website and was refused.';

/**
 * CSRF defence for the cookie session (OWASP: verify the origin with standard headers), the first of
 * Nest's global guards. A request that changes something is refused with 403 when the browser says it
 * comes from another site: an `Origin` (or, without one, a `Referer`) that is neither APP_URL's origin
 * nor the host the request was sent to, an opaque `Origin: null`, or `Sec-Fetch-Site: cross-site`.
 * Browsers send these on every cross-site POST/PUT/PATCH/DELETE; clients that are not browsers (curl,
 * the tests, Stripe's webhook) send none and carry no victim's cookie, so they pass. SameSite=Lax on
 * the cookie is the second layer.
 */
@Injectable()
export class SameOriginGuard implements CanActivate {
  private readonly appOrigin: string;

  constructor(config: AppConfig) {
    this.appOrigin = new URL(config.appUrl).origin;
  }

  canActivate(ctx: ExecutionContext): boolean {
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    // A call with an Authorization header is no browser's cross-site request (a foreign page cannot set
    // that header without the CORS permission this API never grants); its token is checked next (CONTRACT §9).
    if (SAFE_METHODS.has(req.method) || ORIGIN_EXEMPT.has(pathOf(req.url)) || bearerOf(req) !== undefined) return true;
    if (isForeign(req, this.appOrigin)) throw new DomainError('forbidden', 'CSRF.FOREIGN_ORIGIN', FOREIGN_ORIGIN_MESSAGE);
    return true;
  }
}

function isForeign(req: FastifyRequest, appOrigin: string): boolean {
  if (req.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = req.headers.origin;
  if (origin !== undefined) return !isOwnOrigin(origin, req, appOrigin);
  const referer = req.headers.referer;
  if (referer !== undefined) return !isOwnOrigin(referer, req, appOrigin);
  return false;
}

function isOwnOrigin(value: string, req: FastifyRequest, appOrigin: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false; // 'null' (sandboxed frames, some redirects) or garbage
  }
  if (url.origin === appOrigin) return true;
  // The portal reached under another name than APP_URL (localhost vs 127.0.0.1, the dev server's proxy).
  const host = req.headers.host;
  return host !== undefined && url.host === host && (url.protocol === 'http:' || url.protocol === 'https:');
}

export const UNSTORABLE_TEXT_MESSAGE = 'Text must not contain NUL characters or broken Unicode (unpaired surrogates).';
export const TOO_DEEP_MESSAGE = 'The request body is nested too deeply.';
/** Far deeper than any request of the API (3 levels), far below what would exhaust the stack in validation. */
export const MAX_BODY_DEPTH = 32;

/**
 * Input no handler could use, refused with 400 by a global guard before any route guard or handler:
 * - a body nested deeper than MAX_BODY_DEPTH (validation walks it recursively and would overflow the stack);
 * - text PostgreSQL cannot store: the NUL character (the query fails) and unpaired UTF-16 surrogates
 *   (not Unicode; they would be stored as U+FFFD), in the address (a path id, a list filter) or anywhere
 *   in the body, naming the field.
 */
@Injectable()
export class UsableInputGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    const refuse = (message: string, field?: string) =>
      new BadRequestException({ message, ...(field ? { errors: { [field]: message } } : {}) });
    if (/%00/.test(req.url) || !wellFormed(safeDecode(req.url))) throw refuse(UNSTORABLE_TEXT_MESSAGE);
    const found = inspect(req.body, '', 0);
    if (found === 'too deep') throw refuse(TOO_DEEP_MESSAGE);
    if (found !== null) throw refuse(UNSTORABLE_TEXT_MESSAGE, found.field);
    return true;
  }
}

const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

// eslint-disable-next-line no-control-regex -- NUL is matched on purpose: PostgreSQL text cannot store it, so it is refused
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const wellFormed = (s: string) => !UNSTORABLE.test(s);

/** The URL decoded as far as it decodes (invalid %-sequences are left to the router's 400). */
function safeDecode(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

/** 'too deep', or the first key or string value holding unstorable text ('body' for the body itself), or null. */
export function inspect(value: unknown, path: string, depth: number): 'too deep' | { field: string } | null {
  if (typeof value === 'string') return wellFormed(value) ? null : { field: path || 'body' };
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_BODY_DEPTH) return 'too deep';
  for (const [key, v] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (!wellFormed(key)) return { field: here };
    const found = inspect(v, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
