import { EMAIL_PATTERN, type Validator } from '../../../shared/forms/validation';

/** Messages of spec §5 "Account form", word for word. */
export const accountMessages = {
  usernameRequired: 'Username is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  password8: 'Password must be at least 8 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  /** CONTRACT §8: a new e-mail or password needs the current password (the server's message too) */
  currentPasswordRequired: 'Enter your current password to change your email or password',
} as const;

export interface AccountValues {
  username: string;
  email: string;
  company: string;
  password: string;
  confirmPassword: string;
  currentPassword: string;
}

/** The form's rules; `savedEmail` is the account's e-mail now (changing it needs the current password). */
export const validateAccount = (v: AccountValues, savedEmail = v.email): ReturnType<Validator<AccountValues>> => {
  const email = v.email.trim();
  // an empty address is its own error; asking for the password as well would only add noise
  const sensitive = (email !== '' && email.toLowerCase() !== savedEmail.trim().toLowerCase()) || Boolean(v.password);
  return {
    username: v.username.trim() ? undefined : accountMessages.usernameRequired,
    email: !email ? accountMessages.emailRequired : EMAIL_PATTERN.test(email) ? undefined : accountMessages.emailInvalid,
    password: v.password && v.password.length < 8 ? accountMessages.password8 : undefined,
    confirmPassword: v.confirmPassword === v.password ? undefined : accountMessages.passwordsDoNotMatch,
    currentPassword: sensitive && !v.currentPassword ? accountMessages.currentPasswordRequired : undefined,
  };
};
