import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { User } from '../../../clients';
import { REMEMBERED_SESSION, SessionClock, sessionState, shouldRecordUse, STANDARD_SESSION } from '../../domain/session-lifetime';

export const SESSION_COOKIE = 'portal.sid';
/** 'Remember me': the cookie lasts as long as the longest a remembered session may live. */
export const REMEMBER_ME_MS = REMEMBERED_SESSION.absoluteMs;
/** The store forgets a standard session at the latest when its absolute lifetime is over. */
export const SESSION_TTL_MS = STANDARD_SESSION.absoluteMs;

type ClockedSession = Request['session'] & { clock?: SessionClock; passport?: { user?: string } };

/**
 * Signs `user` in on this request. passport regenerates the session first, so the id a visitor had
 * before signing in is never the id of the signed-in session (no fixation). The session records when
 * it began and whether 'Remember me' was chosen, which decides its idle and absolute limits.
 */
export async function signIn(req: Request, user: User, maxAgeMs: number | null): Promise<void> {
  await new Promise<void>((resolve, reject) => req.logIn(user, { session: true, keepSessionInfo: false }, (err) => (err ? reject(err) : resolve())));
  const now = Date.now();
  (req.session as ClockedSession).clock = { signedInAt: now, lastSeenAt: now, remember: maxAgeMs !== null };
  if (maxAgeMs) req.session.cookie.maxAge = maxAgeMs;
  else req.session.cookie.expires = undefined;
  await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}

/**
 * True when sessionLifetime leaves this signed-in session as it is on a request at `now`: it has its
 * clock, is within its limits, and its last recorded use is recent enough not to be recorded again.
 * The kept-answer lane serves only such sessions; every other one goes through sessionLifetime.
 */
export function isSteadySession(stored: object | null | undefined, now: number): boolean {
  const session = stored as { clock?: SessionClock; passport?: { user?: unknown } } | null | undefined;
  const clock = session?.clock;
  if (!session?.passport?.user || !clock) return false;
  return sessionState(clock, now) === 'active' && !shouldRecordUse(clock, now);
}

/**
 * Runs after express-session and before passport: a signed-in session past its idle or absolute
 * limit is destroyed in the store and replaced by an empty one, so the request goes on as anonymous
 * (401 where sign-in is needed). A live one records its use, at most once a minute.
 */
export function sessionLifetime(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const session = req.session as ClockedSession | undefined;
    if (!session?.passport?.user) return next();
    const now = Date.now();
    const clock = session.clock;
    if (!clock) {
      // A session from before limits were recorded: its limits start now.
      session.clock = { signedInAt: now, lastSeenAt: now, remember: Boolean(session.cookie.expires) };
      return next();
    }
    const state = sessionState(clock, now);
    if (state !== 'active') {
      res.setHeader('X-Session-Ended', state);
      return req.session.regenerate((err) => next(err));
    }
    if (shouldRecordUse(clock, now)) session.clock = { ...clock, lastSeenAt: now };
    next();
  };
}
