/**
 * Password rules of spec §5. The reset form asks for a strong password; registration, login
 * and admin-created accounts ask for 6 characters; account settings for 8. 128 is the upper bound
 * (CONTRACT §2): longer input is refused, never silently truncated.
 */
export const PASSWORD_MAX = 128;
export const PASSWORD_MIN_BASIC = 6;
export const PASSWORD_MIN_ACCOUNT = 8;
export const PASSWORD_MIN_RESET = 8;

const STRONG_RULES: Array<[RegExp, string]> = [
  [/[A-Z]/, 'Password must contain at least one uppercase letter'],
  [/[a-z]/, 'Password must contain at least one lowercase letter'],
  [/[0-9]/, 'Password must contain at least one number'],
  [/[^A-Za-z0-9]/, 'Password must contain at least one special character'],
];

/** The first unmet rule of the reset form's password, or null when it is strong enough. */
export function strongPasswordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_RESET) return 'Password must be at least 8 characters long';
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  for (const [pattern, message] of STRONG_RULES) if (!pattern.test(password)) return message;
  return null;
}

export const STRONG_PASSWORD_RULES = STRONG_RULES;
