import { describe, expect, it } from 'vitest';
import { validateAccount } from './validation';

const base = { username: 'jane', email: 'jane@example.com', company: '', password: '', confirmPassword: '', currentPassword: '' };
const errorsOf = (v: typeof base, savedEmail = base.email) =>
  Object.fromEntries(Object.entries(validateAccount(v, savedEmail)).filter(([, m]) => m));

describe('account form rules', () => {
  it('accepts the profile without a new password', () => {
    expect(errorsOf(base)).toEqual({});
  });
  it('requires username and e-mail', () => {
    expect(errorsOf({ ...base, username: ' ', email: '' })).toEqual({
      username: 'Username is required',
      email: 'Email is required',
    });
  });
  it('checks the address pattern', () => {
    expect(errorsOf({ ...base, email: 'jane.example.com' }).email).toBe('Email is invalid');
  });
  it('wants 8 characters for a new password and a matching confirmation', () => {
    const current = { currentPassword: 'my-current-1' };
    expect(errorsOf({ ...base, ...current, password: 'short', confirmPassword: 'short' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(errorsOf({ ...base, ...current, password: 'longenough', confirmPassword: 'different' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(errorsOf({ ...base, ...current, password: 'longenough', confirmPassword: 'longenough' })).toEqual({});
  });
  it('asks for the current password to change the e-mail or the password, not the name or company', () => {
    const required = { currentPassword: 'Enter your current password to change your email or password' };
    expect(errorsOf({ ...base, email: 'new@example.com' })).toEqual(required);
    expect(errorsOf({ ...base, password: 'longenough', confirmPassword: 'longenough' })).toEqual(required);
    expect(errorsOf({ ...base, username: 'Jane Lee', company: 'Lee Interiors' })).toEqual({});
    // the same address in other letters or with spaces is no change
    expect(errorsOf({ ...base, email: ' JANE@example.com ' })).toEqual({});
    expect(errorsOf({ ...base, email: 'new@example.com', currentPassword: 'my-current-1' })).toEqual({});
  });
});
