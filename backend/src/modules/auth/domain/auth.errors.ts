import { DomainError, TooManyRequestsError, UnauthenticatedError } from '../../../shared/errors/domain-error';

export const invalidCredentials = () => new UnauthenticatedError('AUTH.INVALID_CREDENTIALS', 'Invalid email or password');
export const signInLocked = () =>
  new TooManyRequestsError('AUTH.ACCOUNT_LOCKED', 'Too many failed sign-in attempts. Please try again in 15 minutes.');
export const tooManyCodeRequests = () =>
  new TooManyRequestsError('AUTH.TOO_MANY_CODE_REQUESTS', 'Too many verification codes requested. Please try again later.');
export const invalidResetCode = () =>
  new DomainError('rule_violated', 'AUTH.INVALID_RESET_CODE', 'Invalid or expired verification code', {
    code: 'Invalid or expired verification code',
  });
export const tooManyResetAttempts = () =>
  new TooManyRequestsError('AUTH.TOO_MANY_RESET_ATTEMPTS', 'Too many attempts to reset this password. Please try again in an hour.');
