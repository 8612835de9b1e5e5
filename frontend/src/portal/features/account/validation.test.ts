import { describe, expect, it } from 'vitest';
import { validateAccount } from './validation';

const base = { username: 'jane', email: 'jane@example.com', company: '', password: '', confirmPassword: '' };
const errorsOf = (v: typeof base) => Object.fromEntries(Object.entries(validateAccount(v)).filter(([, m]) => m));

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
    expect(errorsOf({ ...base, email: 'jane.example.com' })).toEqual({ email: 'Email is invalid' });
  });
  it('wants 8 characters for a new password and a matching confirmation', () => {
    expect(errorsOf({ ...base, password: 'short', confirmPassword: 'short' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(errorsOf({ ...base, password: 'longenough', confirmPassword: 'different' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(errorsOf({ ...base, password: 'longenough', confirmPassword: 'longenough' })).toEqual({});
  });
});
