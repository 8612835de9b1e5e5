import { isEmail, type Validator } from '../../../shared/forms/validation';

/** Messages of spec §5, word for word. */
export const messages = {
  email: 'Please enter a valid email address',
  password6: 'Password must be at least 6 characters',
  name: 'Name must be at least 3 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  code: 'Verification code must be 6 digits',
  password8: 'Password must be at least 8 characters long',
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
  special: 'Password must contain at least one special character',
  passwordsDontMatch: "Passwords don't match",
} as const;

export interface LoginValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

export interface RegisterValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export interface ForgotPasswordValues {
  email: string;
}

export interface ResetPasswordValues {
  email: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}

export const validateLogin: Validator<LoginValues> = (v) => ({
  email: isEmail(v.email) ? undefined : messages.email,
  password: v.password.length >= 6 ? undefined : messages.password6,
});

export const validateRegister: Validator<RegisterValues> = (v) => ({
  username: v.username.trim().length >= 3 ? undefined : messages.name,
  email: isEmail(v.email) ? undefined : messages.email,
  password: v.password.length >= 6 ? undefined : messages.password6,
  confirmPassword: v.confirmPassword === v.password ? undefined : messages.passwordsDoNotMatch,
});

export const validateForgotPassword: Validator<ForgotPasswordValues> = (v) => ({
  email: isEmail(v.email) ? undefined : messages.email,
});

/** The first failing rule of the reset password's strength rules, or undefined. */
export function strongPasswordError(password: string): string | undefined {
  if (password.length < 8) return messages.password8;
  if (!/[A-Z]/.test(password)) return messages.uppercase;
  if (!/[a-z]/.test(password)) return messages.lowercase;
  if (!/[0-9]/.test(password)) return messages.number;
  if (!/[^A-Za-z0-9]/.test(password)) return messages.special;
  return undefined;
}

export const validateResetPassword: Validator<ResetPasswordValues> = (v) => ({
  email: isEmail(v.email) ? undefined : messages.email,
  code: v.code.trim().length === 6 ? undefined : messages.code,
  newPassword: strongPasswordError(v.newPassword),
  confirmPassword: v.confirmPassword === v.newPassword ? undefined : messages.passwordsDontMatch,
});

/** The second step of a sign-in (CONTRACT §8): a 6-digit code, or one of the recovery codes. */
export interface SecondProofValues {
  code: string;
  recoveryCode: string;
}

export const secondProofMessages = {
  code: 'Enter the 6-digit code',
  recoveryCode: 'Enter a recovery code like xxxxx-xxxxx',
} as const;

export function validateSecondProof(values: SecondProofValues, useRecovery: boolean): Partial<Record<keyof SecondProofValues, string>> {
  if (useRecovery) {
    return /^[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5}$/.test(values.recoveryCode.trim())
      ? {}
      : { recoveryCode: secondProofMessages.recoveryCode };
  }
  return /^\d{6}$/.test(values.code.replace(/\s/g, '')) ? {} : { code: secondProofMessages.code };
}
