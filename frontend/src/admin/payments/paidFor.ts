import type { Payment } from './types';

/** What a payment paid for: its project, or the credit bundle it bought (CONTRACT §11). */
export const paidFor = (payment: Payment): string =>
  payment.bundleId != null ? `Credit bundle: ${payment.bundleName ?? 'Unknown Bundle'}` : payment.projectName || 'Unknown Project';
