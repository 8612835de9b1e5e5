import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'portal.sid';
/** The session cookie goes to the API only: pages and assets are served without reading a session. */
export const SESSION_COOKIE_PATH = '/api';

/** The id of this request's stored session, if it has one. */
export function sessionIdOf(request: FastifyRequest): string | undefined {
  return request.session?.sessionId;
}

/** Ends this request's session: its row is deleted and the browser told to forget the cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session?.sessionId) await request.session.destroy();
  request.user = null;
  reply.clearCookie(SESSION_COOKIE, { path: SESSION_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}
