/**
 * How long a signed-in session lives (OWASP ASVS 4 §3.3 level 2): it ends after a period without
 * use (idle) and, however busy, after a fixed time since sign-in (absolute). 'Remember me' chooses the
 * longer pair. The server enforces both; the cookie's own lifetime is only a convenience.
 */
export interface SessionLifetime {
  idleMs: number;
  absoluteMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const STANDARD_SESSION: SessionLifetime = { idleMs: 30 * MINUTE, absoluteMs: 12 * HOUR };
export const REMEMBERED_SESSION: SessionLifetime = { idleMs: 14 * DAY, absoluteMs: 30 * DAY };

/** Last use is written back at most this often, so a busy session is not rewritten on every request. */
export const LAST_SEEN_RESOLUTION_MS = MINUTE;

/** What the session row remembers about its own age. */
export interface SessionClock {
  signedInAt: number;
  lastSeenAt: number;
  remember: boolean;
}

export type SessionState = 'active' | 'idle_timeout' | 'absolute_timeout';

export function lifetimeOf(clock: Pick<SessionClock, 'remember'>): SessionLifetime {
  return clock.remember ? REMEMBERED_SESSION : STANDARD_SESSION;
}

export function sessionState(clock: SessionClock, now: number): SessionState {
  const life = lifetimeOf(clock);
  if (now - clock.signedInAt >= life.absoluteMs) return 'absolute_timeout';
  if (now - clock.lastSeenAt >= life.idleMs) return 'idle_timeout';
  return 'active';
}

/** True when this request should move `lastSeenAt` forward (and so save the session). */
export function shouldRecordUse(clock: SessionClock, now: number): boolean {
  return now - clock.lastSeenAt >= LAST_SEEN_RESOLUTION_MS;
}
