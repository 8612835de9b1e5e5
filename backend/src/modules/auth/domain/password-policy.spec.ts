import { PASSWORD_MAX, strongPasswordProblem } from './password-policy';

describe('strong password policy (reset form)', () => {
  it.each([
    ['Ab1!', 'Password must be at least 8 characters long'],
    ['abcdefg1!', 'Password must contain at least one uppercase letter'],
    ['ABCDEFG1!', 'Password must contain at least one lowercase letter'],
    ['Abcdefgh!', 'Password must contain at least one number'],
    ['Abcdefgh1', 'Password must contain at least one special character'],
  ])('%s is refused with "%s"', (password, message) => {
    expect(strongPasswordProblem(password)).toBe(message);
  });

  it('accepts a password meeting every rule', () => {
    expect(strongPasswordProblem('Sunset#2026')).toBeNull();
  });

  it('refuses rather than truncates an over-long password', () => {
    expect(strongPasswordProblem('Aa1!'.repeat(PASSWORD_MAX / 4) + 'x')).toMatch(/at most/);
    expect(strongPasswordProblem('Aa1!'.repeat(PASSWORD_MAX / 4))).toBeNull();
  });
});
