import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The request's id: the one already given to it, a sane incoming X-Request-Id (from a proxy), or a new
 * one. Echoed in the X-Request-Id response header, logged, and put in every error body.
 */
export function requestId(req: IncomingMessage & { id?: unknown }, res: ServerResponse): string {
  if (typeof req.id === 'string') return req.id;
  const id = newRequestId(req);
  req.id = id;
  res.setHeader('X-Request-Id', id);
  return id;
}

/** The id a request without one gets: its sane incoming X-Request-Id, or a new one. */
export function newRequestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
