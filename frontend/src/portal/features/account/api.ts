import { dataOf, http } from '../../../shared/api/client';
import type { UpdateAccountRequest } from '../../../shared/api/schema';

export const accountApi = {
  update: (body: UpdateAccountRequest) => dataOf(http.PATCH('/api/update-account', { body })),
  remove: () => dataOf(http.DELETE('/api/delete-account')),
  /** POST /api/verify-email: uses a verification link's token (no session needed). */
  verifyEmail: (token: string) => dataOf(http.POST('/api/verify-email', { body: { token } })),
  /** POST /api/verify-email/resend: a new link to the signed-in account's address. */
  resendVerification: () => dataOf(http.POST('/api/verify-email/resend')),
};
