import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { errorBody } from '../errors/http-error.filter';
import { requestId } from './request-id';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const FOREIGN_ORIGIN_MESSAGE = 'This request came from another website and was refused.';

/**
 * CSRF defence for the cookie session (OWASP: verify the origin with standard headers). A request that
 * changes something is refused with 403 when the browser says it comes from another site: an `Origin`
 * (or, without one, a `Referer`) that is neither APP_URL's origin nor the host the request was sent to,
 * an opaque `Origin: null`, or `Sec-Fetch-Site: cross-site`. Browsers send these on every cross-site
 * POST/PUT/PATCH/DELETE; clients that are not browsers (curl, the tests, Stripe's webhook) send none
 * and carry no victim's cookie, so they pass. SameSite=Lax on the cookie is the second layer.
 */
export function sameOriginMutations(appUrl: string, exemptPaths: string[] = []): RequestHandler {
  const appOrigin = new URL(appUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || exemptPaths.includes(req.path)) return next();
    if (isForeign(req, appOrigin)) {
      const id = requestId(req, res);
      res.status(403).json(errorBody(403, FOREIGN_ORIGIN_MESSAGE, { code: 'CSRF.FOREIGN_ORIGIN', requestId: id }));
      return;
    }
    next();
  };
}

function isForeign(req: Request, appOrigin: string): boolean {
  if (req.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = req.headers.origin;
  if (origin !== undefined) return !isOwnOrigin(origin, req, appOrigin);
  const referer = req.headers.referer;
  if (referer !== undefined) return !isOwnOrigin(referer, req, appOrigin);
  return false;
}

function isOwnOrigin(value: string, req: Request, appOrigin: string): boolean {
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
