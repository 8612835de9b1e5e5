import type { FastifyRequest } from 'fastify';

/** Query parameter names a token could be put in; a token in an address ends up in logs and histories. */
const TOKEN_PARAMS = /^(access_?token|api_?key|token|bearer)$/i;

export const TOKEN_IN_QUERY_MESSAGE = 'Send the API token in the Authorization header (Bearer), never in the address.';
export const INVALID_TOKEN_MESSAGE = 'The API token is not valid: it is unknown, revoked or expired.';
export const READ_ONLY_TOKEN_MESSAGE = 'This API token may only read. Create a write token to make changes.';

/** The value of `Authorization: Bearer <value>` ('' for a malformed Bearer header), or undefined without one. */
export function bearerOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : header.toLowerCase().startsWith('bearer') ? '' : undefined;
}

/** An API token put in the address (`?access_token=…`, or any value that looks like one): refused before anything else. */
export function tokenInQuery(req: FastifyRequest): boolean {
  const q = req.url.indexOf('?');
  if (q < 0) return false;
  for (const [name, value] of new URLSearchParams(req.url.slice(q + 1))) {
    if (TOKEN_PARAMS.test(name) || value.startsWith('sp_')) return true;
  }
  return false;
}
