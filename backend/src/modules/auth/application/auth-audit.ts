import type { AuditEntry } from '../../../shared/audit/audit-trail';
import type { User } from '../../clients';
import type { SecondProofMethod } from '../domain/two-factor';

/** The activity log's lines for sign-in and two-factor sign-in (auth.*, CONTRACT §8). */
const target = (user: User) => ({ targetType: 'client', targetId: user.id });
const self = (user: User) => ({ id: user.id, email: user.email });

export type SignInProof = 'password' | 'totp' | 'recovery' | 'email';

const HOW: Record<SignInProof, string> = {
  password: 'Signed in',
  totp: 'Signed in with a code from the authenticator app',
  recovery: 'Signed in with a recovery code',
  email: 'Signed in with a code e-mailed to the account',
};

export function signedIn(user: User, proof: SignInProof): AuditEntry {
  return { action: 'auth.login', ...target(user), actor: self(user), summary: HOW[proof] };
}

/** A wrong password or second-step code for an account that exists (unknown addresses are not logged: they would let anyone fill the log). */
export function signInFailed(user: User, what: 'password' | SecondProofMethod | 'recovery'): AuditEntry {
  const wrong = {
    password: 'a wrong password',
    totp: 'a wrong authenticator code',
    email: 'a wrong e-mailed code',
    recovery: 'a wrong recovery code',
  }[what];
  return { action: 'auth.login_failed', ...target(user), actor: null, summary: `Failed sign-in for ${user.email}: ${wrong}` };
}

export function signedOut(user: { id: number; email: string }): AuditEntry {
  return {
    action: 'auth.logout',
    targetType: 'client',
    targetId: user.id,
    actor: { id: user.id, email: user.email },
    summary: 'Signed out',
  };
}

export function twoFactorEnabled(user: User): AuditEntry {
  return { action: 'auth.2fa_enabled', ...target(user), summary: 'Turned on two-factor sign-in' };
}

export function twoFactorDisabled(user: User, withRecoveryCode: boolean): AuditEntry {
  return {
    action: 'auth.2fa_disabled',
    ...target(user),
    summary: withRecoveryCode ? 'Turned off two-factor sign-in with a recovery code' : 'Turned off two-factor sign-in',
  };
}

export function passwordReset(user: User): AuditEntry {
  return { action: 'account.password_changed', ...target(user), actor: self(user), summary: 'Reset the password with an e-mailed code' };
}
