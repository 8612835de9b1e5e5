import { httpClient } from '../providers/httpClient';
import type { NewRefund, Refund } from './types';

/** The refund dialog's calls (CONTRACT §11), in the dialog's own chunk: Payment History's first load does not carry them. */
export const refundsMethods = {
  /** POST /api/payments/{id}/refunds */
  async refundPayment(paymentId: number, refund: NewRefund): Promise<{ data: Refund }> {
    const { json } = await httpClient(`/api/payments/${paymentId}/refunds`, { method: 'POST', body: JSON.stringify(refund) });
    return { data: json as Refund };
  },

  /** GET /api/payments/{id}/refunds: oldest first. */
  async listRefunds(paymentId: number): Promise<{ data: Refund[] }> {
    const { json } = await httpClient(`/api/payments/${paymentId}/refunds`);
    return { data: json as Refund[] };
  },
};

/** The dialog's calls (tests replace them with `fakeApi`). */
export function useRefundsApi(): typeof refundsMethods {
  return refundsMethods;
}
