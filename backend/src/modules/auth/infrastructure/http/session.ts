import type { Request } from 'express';
import type { User } from '../../../clients';

export const SESSION_COOKIE = 'portal.sid';
/** 'Remember me': the cookie and the server-side session last 30 days. */
export const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
/** Otherwise: a browser-session cookie, and the server keeps the session at most 12 hours. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/**
 * Signs `user` in on this request. passport regenerates the session first, so the id a visitor had
 * before signing in is never the id of the signed-in session (no fixation).
 */
export async function signIn(req: Request, user: User, maxAgeMs: number | null): Promise<void> {
  await new Promise<void>((resolve, reject) => req.logIn(user, { session: true, keepSessionInfo: false }, (err) => (err ? reject(err) : resolve())));
  if (maxAgeMs) req.session.cookie.maxAge = maxAgeMs;
  else req.session.cookie.expires = undefined;
  await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}
