import { generateResetCode, isWellFormedResetCode, RESET_CODE_MAX_ATTEMPTS, RESET_CODE_TTL_MS, ResetCode } from './reset-code';

describe('ResetCode', () => {
  const now = new Date('2026-01-01T10:00:00Z');

  it('is valid for 15 minutes and not a moment longer', () => {
    const code = ResetCode.issue('h', now);
    expect(code.isUsable(new Date(now.getTime() + RESET_CODE_TTL_MS - 1))).toBe(true);
    expect(code.isUsable(new Date(now.getTime() + RESET_CODE_TTL_MS))).toBe(false);
  });

  it('is burnt by the fifth wrong guess', () => {
    let code: ResetCode | null = ResetCode.issue('h', now);
    for (let i = 1; i < RESET_CODE_MAX_ATTEMPTS; i++) {
      code = code!.afterWrongGuess();
      expect(code).not.toBeNull();
      expect(code!.failedAttempts).toBe(i);
      expect(code!.isUsable(now)).toBe(true);
    }
    expect(code!.afterWrongGuess()).toBeNull();
  });

  it('refuses a restored code that already used its tries', () => {
    expect(ResetCode.restore('h', new Date(now.getTime() + 1000), RESET_CODE_MAX_ATTEMPTS).isUsable(now)).toBe(false);
  });

  it('generates six digits, keeping leading zeros', () => {
    expect(generateResetCode(() => 42)).toBe('000042');
    expect(generateResetCode(() => 999999)).toBe('999999');
    expect(generateResetCode((max) => max - 1)).toHaveLength(6);
  });

  it('recognises well-formed codes only', () => {
    expect(isWellFormedResetCode('012345')).toBe(true);
    for (const bad of ['12345', '1234567', 'abcdef', '12 345', '']) expect(isWellFormedResetCode(bad)).toBe(false);
  });
});
