import { ConflictError, DomainError, TooManyRequestsError, UnauthenticatedError } from '../../../shared/errors/domain-error';

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

export const INVALID_CODE = 'Invalid or expired code';
/** A wrong TOTP, recovery or e-mailed code; `field` is the body field it came in. */
export const invalidCode = (field: 'code' | 'recoveryCode' = 'code') =>
  new DomainError('rule_violated', 'AUTH.INVALID_CODE', INVALID_CODE, { [field]: INVALID_CODE });
export const signInExpired = () => new UnauthenticatedError('AUTH.SIGN_IN_EXPIRED', 'Your sign-in has expired. Please sign in again.');
export const twoFactorAlreadyOn = () => new ConflictError('AUTH.TWO_FACTOR_ON', 'Two-factor sign-in is already on');
export const twoFactorNotSetUp = () => new ConflictError('AUTH.TWO_FACTOR_NOT_SET_UP', 'Set up two-factor sign-in first');
export const twoFactorOff = () => new ConflictError('AUTH.TWO_FACTOR_OFF', 'Two-factor sign-in is off');
