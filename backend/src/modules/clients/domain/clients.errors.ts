import { ConflictError, DomainError, ForbiddenError } from '../../../shared/errors/domain-error';

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change your email or password';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

/** A change that needs the current password (CONTRACT §8) without it, or with a wrong one: 400 with errors.currentPassword. */
export const currentPasswordError = (message: string) =>
  new DomainError('validation', 'USERS.CURRENT_PASSWORD', message, { currentPassword: message });

export const lastAdmin = () =>
  new ConflictError('USERS.LAST_ADMIN', 'The last admin account cannot be deleted. Make another user an admin first.');

export const emailTaken = () =>
  new ConflictError('USERS.EMAIL_TAKEN', 'An account with this email already exists', {
    email: 'An account with this email already exists',
  });

export const usernameTaken = () =>
  new ConflictError('USERS.USERNAME_TAKEN', 'This name is already taken', { username: 'This name is already taken' });

export const cannotDeleteYourself = () =>
  new ConflictError('USERS.DELETE_SELF', 'You cannot delete your own account here. Use Account Settings instead.');

export const lastAdminRole = () =>
  new ConflictError('USERS.LAST_ADMIN', 'The studio needs at least one admin. Make another user an admin first.', {
    role: 'The studio needs at least one admin',
  });

/** CONTRACT §12: one's own e-mail, role or password change only in Account Settings, with the current password. */
export const ownAccountInSettings = () =>
  new ForbiddenError('USERS.OWN_ACCOUNT', 'Change your own email or role in Account Settings, where your current password is asked for.');
