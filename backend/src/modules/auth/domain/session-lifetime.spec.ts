import fc from 'fast-check';
import { REMEMBERED_SESSION, sessionState, shouldRecordUse, STANDARD_SESSION } from './session-lifetime';

describe('session lifetime', () => {
  const t0 = Date.UTC(2026, 10, 22, 9, 0, 0);
  const clock = (signedAgoMs: number, seenAgoMs: number, remember = false) => ({
    signedInAt: t0 - signedAgoMs,
    lastSeenAt: t0 - seenAgoMs,
    remember,
  });

  it('ends a standard session after 30 idle minutes, and after 12 hours however busy', () => {
    expect(sessionState(clock(60_000, 29 * 60_000), t0)).toBe('active');
    expect(sessionState(clock(60 * 60_000, 30 * 60_000), t0)).toBe('idle_timeout');
    expect(sessionState(clock(12 * 3600_000 - 1, 0), t0)).toBe('active');
    expect(sessionState(clock(12 * 3600_000, 0), t0)).toBe('absolute_timeout');
  });

  it("gives 'Remember me' the longer pair: 14 idle days, 30 days in all", () => {
    expect(sessionState(clock(3 * 3600_000 * 24, 13 * 24 * 3600_000, true), t0)).toBe('active');
    expect(sessionState(clock(20 * 24 * 3600_000, 14 * 24 * 3600_000, true), t0)).toBe('idle_timeout');
    expect(sessionState(clock(30 * 24 * 3600_000, 0, true), t0)).toBe('absolute_timeout');
  });

  it('never lets a session outlive either limit, for any ages', () => {
    fc.assert(
      fc.property(fc.nat(40 * 24 * 3600_000), fc.nat(40 * 24 * 3600_000), fc.boolean(), (signedAgo, seenAgo, remember) => {
        const life = remember ? REMEMBERED_SESSION : STANDARD_SESSION;
        const state = sessionState(clock(Math.max(signedAgo, seenAgo), seenAgo, remember), t0);
        const tooOld = Math.max(signedAgo, seenAgo) >= life.absoluteMs || seenAgo >= life.idleMs;
        expect(state === 'active').toBe(!tooOld);
      }),
    );
  });

  it('records use at most once a minute', () => {
    expect(shouldRecordUse(clock(0, 59_999), t0)).toBe(false);
    expect(shouldRecordUse(clock(0, 60_000), t0)).toBe(true);
  });
});
