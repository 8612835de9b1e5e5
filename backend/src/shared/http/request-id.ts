import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * A request's id: a sane incoming X-Request-Id (from a proxy), or a new one. Echoed in the X-Request-Id
 * response header, logged, and put in every error body.
 */
export function newRequestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
