import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'portal.sid';
/**
 * The session cookie's attributes (decision 0002): HttpOnly, SameSite=Lax, Secure when the request came
 * over HTTPS; it goes to the API only, so pages and assets are served without reading a session.
 */
export const SESSION_COOKIE_OPTIONS = { httpOnly: true, sameSite: 'lax', secure: 'auto', path: '/api' } as const;

/** The id of this request's stored session, if it has one. */
export function sessionIdOf(request: FastifyRequest): string | undefined {
  return request.session?.sessionId;
}

/** Ends this request's session: its row is deleted and the browser told to forget the cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session?.sessionId) await request.session.destroy();
  request.user = null;
  reply.clearCookie(SESSION_COOKIE, { ...SESSION_COOKIE_OPTIONS, secure: request.protocol === 'https' });
}
