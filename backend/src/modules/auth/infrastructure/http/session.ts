import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../../clients';
import { REMEMBERED_SESSION, sessionState, shouldRecordUse } from '../../domain/session-lifetime';
import { accountOf, markCreated } from './session-store';

/** 'Remember me': the cookie lasts as long as the longest a remembered session may live. */
export const REMEMBER_ME_MS = REMEMBERED_SESSION.absoluteMs;

/**
 * Signs `user` in on this request. The session is regenerated first (the visitor's earlier session row
 * is deleted and a new id issued), so the id a visitor had before signing in is never the id of the
 * signed-in session (no fixation). The session records when it began and whether 'Remember me' was
 * chosen, which decides its idle and absolute limits.
 */
export async function signIn(request: FastifyRequest, user: User, maxAgeMs: number | null): Promise<void> {
  await request.session.regenerate();
  const session = request.session;
  const now = Date.now();
  session.passport = { user: String(user.id) };
  session.clock = { signedInAt: now, lastSeenAt: now, remember: maxAgeMs !== null };
  if (maxAgeMs) session.cookie.maxAge = maxAgeMs;
  else session.cookie.expires = null;
  // Its row is inserted when the answer is sent (@fastify/session saves a changed session then).
  markCreated(session);
  request.user = user;
}

/**
 * Runs on every request after @fastify/session has read the session (Fastify's onRequest, before Nest's
 * guards): puts the signed-in account on request.user. A session past its idle or absolute limit is
 * destroyed and replaced by an empty one, so the request goes on as anonymous (401 where sign-in is
 * needed); a live one records its use at most once a minute (the only write a steady session makes).
 * A session whose account is gone is signed out.
 */
export async function sessionAccount(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const session = request.session;
  if (!session?.passport?.user) return;
  const now = Date.now();
  const clock = session.clock;
  if (!clock) {
    // A session from before limits were recorded: its limits start now.
    session.clock = { signedInAt: now, lastSeenAt: now, remember: Boolean(session.cookie?.expires) };
  } else {
    const state = sessionState(clock, now);
    if (state !== 'active') {
      reply.header('X-Session-Ended', state);
      await session.regenerate();
      return;
    }
    if (shouldRecordUse(clock, now)) session.clock = { ...clock, lastSeenAt: now };
  }
  const user = accountOf(session);
  if (user) request.user = user;
  else delete session.passport.user;
}
