import { EMAIL_PATTERN, type Validator } from '../../../shared/forms/validation';

/** Messages of spec §5 "Account form", word for word. */
export const accountMessages = {
  usernameRequired: 'Username is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  password8: 'Password must be at least 8 characters',
  passwordsDoNotMatch: 'Passwords do not match',
} as const;

export interface AccountValues {
  username: string;
  email: string;
  company: string;
  password: string;
  confirmPassword: string;
}

export const validateAccount: Validator<AccountValues> = (v) => {
  const email = v.email.trim();
  return {
    username: v.username.trim() ? undefined : accountMessages.usernameRequired,
    email: !email ? accountMessages.emailRequired : EMAIL_PATTERN.test(email) ? undefined : accountMessages.emailInvalid,
    password: v.password && v.password.length < 8 ? accountMessages.password8 : undefined,
    confirmPassword: v.confirmPassword === v.password ? undefined : accountMessages.passwordsDoNotMatch,
  };
};
