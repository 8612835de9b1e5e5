import { dataOf, http } from '../../../shared/api/client';
import type { TwoFactorDisableRequest, UpdateAccountRequest } from '../../../shared/api/schema';

export const accountApi = {
  update: (body: UpdateAccountRequest) => dataOf(http.PATCH('/api/update-account', { body })),
  remove: () => dataOf(http.DELETE('/api/delete-account')),
  /** POST /api/verify-email: uses a verification link's token (no session needed). */
  verifyEmail: (token: string) => dataOf(http.POST('/api/verify-email', { body: { token } })),
  /** POST /api/verify-email/resend: a new link to the signed-in account's address. */
  resendVerification: () => dataOf(http.POST('/api/verify-email/resend')),
  /** Two-factor sign-in (CONTRACT §8): a new secret, then on with a first code, off with password and code. */
  setupTwoFactor: (currentPassword: string) => dataOf(http.POST('/api/2fa/setup', { body: { currentPassword } })),
  enableTwoFactor: (code: string) => dataOf(http.POST('/api/2fa/enable', { body: { code } })),
  disableTwoFactor: (body: TwoFactorDisableRequest) => dataOf(http.POST('/api/2fa/disable', { body })),
};
