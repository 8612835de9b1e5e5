import type { FastifyReply, FastifyRequest } from 'fastify';
import { EMAIL_SIGN_IN_CODE_MS, PENDING_SIGN_IN_MS, type SecondProofMethod } from '../../domain/two-factor';

/**
 * The pending sign-in's own cookie (CONTRACT §8): sent only to POST /api/login/2fa, never readable by
 * scripts, never sent by another site, gone when the pending sign-in expires. Another browser has none,
 * so it cannot finish a sign-in it did not start.
 */
export const PENDING_COOKIE = 'portal.pending';
const PATH = '/api/login/2fa';

export function setPendingCookie(req: FastifyRequest, res: FastifyReply, token: string, method: SecondProofMethod): void {
  const maxAgeMs = method === 'email' ? EMAIL_SIGN_IN_CODE_MS : PENDING_SIGN_IN_MS;
  res.setCookie(PENDING_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https',
    path: PATH,
    maxAge: maxAgeMs / 1000,
  });
}

export function clearPendingCookie(req: FastifyRequest, res: FastifyReply): void {
  res.clearCookie(PENDING_COOKIE, { httpOnly: true, sameSite: 'strict', secure: req.protocol === 'https', path: PATH });
}
