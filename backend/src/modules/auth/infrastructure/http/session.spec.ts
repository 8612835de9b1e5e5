import fc from 'fast-check';
import type { Request, Response } from 'express';
import { isSteadySession, sessionLifetime } from './session';

describe('isSteadySession (what the kept-answer lane may serve)', () => {
  const t0 = Date.UTC(2026, 10, 25, 9, 0, 0);
  beforeAll(() => jest.useFakeTimers({ now: t0 }));
  afterAll(() => jest.useRealTimers());

  /** What sessionLifetime does with a session at t0: leaves it as it is, records its use, starts its clock, or ends it. */
  function middlewareOn(stored: { passport?: { user?: string }; clock?: { signedInAt: number; lastSeenAt: number; remember: boolean } }) {
    const session = { ...stored, clock: stored.clock && { ...stored.clock }, cookie: { expires: undefined }, regenerate: (cb: (err?: unknown) => void) => ((ended = true), cb()) };
    let ended = false;
    let nexted = false;
    sessionLifetime()({ session } as unknown as Request, { setHeader: () => undefined } as unknown as Response, () => (nexted = true));
    expect(nexted).toBe(true);
    return { untouched: !ended && JSON.stringify(session.clock) === JSON.stringify(stored.clock), ended };
  }

  it('is true exactly when sessionLifetime leaves a signed-in session as it is', () => {
    const ago = fc.nat(40 * 24 * 3600_000);
    fc.assert(
      fc.property(ago, ago, fc.boolean(), fc.boolean(), fc.boolean(), (signedAgo, seenAgo, remember, hasClock, signedIn) => {
        const stored = {
          ...(signedIn ? { passport: { user: '7' } } : { passport: {} }),
          ...(hasClock ? { clock: { signedInAt: t0 - Math.max(signedAgo, seenAgo), lastSeenAt: t0 - seenAgo, remember } } : {}),
        };
        const { untouched } = middlewareOn(stored);
        expect(isSteadySession(stored, t0)).toBe(signedIn && untouched);
      }),
    );
  });

  it('is false for a session with a use to record, one past its limits, one without a clock, and no session', () => {
    const clock = (signedAgo: number, seenAgo: number) => ({ passport: { user: '7' }, clock: { signedInAt: t0 - signedAgo, lastSeenAt: t0 - seenAgo, remember: false } });
    expect(isSteadySession(clock(10_000, 10_000), t0)).toBe(true);
    expect(isSteadySession(clock(120_000, 61_000), t0)).toBe(false); // its use is recorded on this request
    expect(isSteadySession(clock(3_600_000, 31 * 60_000), t0)).toBe(false); // idle
    expect(isSteadySession(clock(12 * 3_600_000, 0), t0)).toBe(false); // absolute
    expect(isSteadySession({ passport: { user: '7' } }, t0)).toBe(false);
    expect(isSteadySession(null, t0)).toBe(false);
  });
});
