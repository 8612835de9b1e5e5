import { ConflictError } from '../../../shared/errors/domain-error';

export const lastAdmin = () =>
  new ConflictError('USERS.LAST_ADMIN', 'The last admin account cannot be deleted. Make another user an admin first.');

export const emailTaken = () =>
  new ConflictError('USERS.EMAIL_TAKEN', 'An account with this email already exists', {
    email: 'An account with this email already exists',
  });

export const usernameTaken = () =>
  new ConflictError('USERS.USERNAME_TAKEN', 'This name is already taken', { username: 'This name is already taken' });
