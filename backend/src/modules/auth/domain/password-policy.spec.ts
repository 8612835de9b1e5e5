import { PASSWORD_MAX, strongPasswordProblem } from './password-policy';
import {
  isSignInRefused,
  LOGIN_FAILURE_LIMIT,
  mayRequestResetCode,
  needsSecondProof,
  RESET_REQUEST_LIMIT,
  SECOND_PROOF_THRESHOLD,
} from './sign-in-limits';

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

describe('per-account limits', () => {
  it('refuses an address its eleventh try on an account (tries are counted with the one being judged)', () => {
    expect(isSignInRefused(LOGIN_FAILURE_LIMIT)).toBe(false);
    expect(isSignInRefused(LOGIN_FAILURE_LIMIT + 1)).toBe(true);
  });

  it('asks for a second proof from the fiftieth failure on an account, from any addresses', () => {
    expect(needsSecondProof(SECOND_PROOF_THRESHOLD - 1)).toBe(false);
    expect(needsSecondProof(SECOND_PROOF_THRESHOLD)).toBe(true);
  });

  it('allows five code requests an hour', () => {
    expect(mayRequestResetCode(RESET_REQUEST_LIMIT - 1)).toBe(true);
    expect(mayRequestResetCode(RESET_REQUEST_LIMIT)).toBe(false);
  });
});
