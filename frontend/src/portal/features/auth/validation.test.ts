import { describe, expect, it } from 'vitest';
import {
  messages,
  strongPasswordError,
  validateForgotPassword,
  validateLogin,
  validateRegister,
  validateResetPassword,
} from './validation';

const noErrors = (errors: Record<string, string | undefined>) => Object.fromEntries(Object.entries(errors).filter(([, m]) => m));

describe('login rules', () => {
  it('accepts a valid e-mail and a 6-character password', () => {
    expect(noErrors(validateLogin({ email: 'jane@example.com', password: '123456', rememberMe: false }))).toEqual({});
  });
  it('gives the spec messages', () => {
    expect(noErrors(validateLogin({ email: 'jane@', password: '12345', rememberMe: true }))).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
  });
});

describe('register rules', () => {
  const ok = { username: 'Jane', email: 'jane@example.com', password: 'secret1', confirmPassword: 'secret1' };
  it('accepts valid input', () => {
    expect(noErrors(validateRegister(ok))).toEqual({});
  });
  it('requires a 3-character name', () => {
    expect(validateRegister({ ...ok, username: 'Jo' }).username).toBe('Name must be at least 3 characters');
    expect(validateRegister({ ...ok, username: '  Jo  ' }).username).toBe('Name must be at least 3 characters');
  });
  it('shows the mismatch on confirmPassword', () => {
    expect(noErrors(validateRegister({ ...ok, confirmPassword: 'secret2' }))).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });
});

describe('forgot password', () => {
  it('requires a valid e-mail', () => {
    expect(validateForgotPassword({ email: 'nope' }).email).toBe(messages.email);
    expect(validateForgotPassword({ email: 'a@b.co' }).email).toBeUndefined();
  });
});

describe('reset password rules', () => {
  it('checks the strength rules in order', () => {
    expect(strongPasswordError('Ab1!')).toBe('Password must be at least 8 characters long');
    expect(strongPasswordError('abcdefg1!')).toBe('Password must contain at least one uppercase letter');
    expect(strongPasswordError('ABCDEFG1!')).toBe('Password must contain at least one lowercase letter');
    expect(strongPasswordError('Abcdefgh!')).toBe('Password must contain at least one number');
    expect(strongPasswordError('Abcdefg12')).toBe('Password must contain at least one special character');
    expect(strongPasswordError('Abcdef1!')).toBeUndefined();
  });
  it('needs a 6-character code and matching passwords', () => {
    const ok = { email: 'a@b.co', code: '123456', newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1!' };
    expect(noErrors(validateResetPassword(ok))).toEqual({});
    expect(noErrors(validateResetPassword({ ...ok, code: '12345', confirmPassword: 'Abcdef1?' }))).toEqual({
      code: 'Verification code must be 6 digits',
      confirmPassword: "Passwords don't match",
    });
  });
});
