import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmPaymentRequest, TestPaymentMethod } from '../../../shared/api/schema';
import { paymentsApi } from './api';
import { refreshProjectLists } from './hooks';

// The payment dialog's hooks, apart from payments/hooks.ts, which the pages need at once: these load
// with the dialog (decision 0014).

/** The payment mode and Stripe key: the public config's one cache entry (ribbon, booking page, this dialog). */
export { usePublicConfig as usePaymentConfig } from '../../../shared/api/publicConfig';

/** POST /api/confirm-payment; on success the project lists show the project as paid. */
export function useConfirmPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmPaymentRequest) => paymentsApi.confirmPayment(body),
    onSuccess: (response) => refreshProjectLists(queryClient, response?.project),
  });
}

/** Emulator mode: confirms the payment intent with a test payment method. */
export function useConfirmTestCard() {
  return useMutation({
    mutationFn: ({ paymentIntentId, paymentMethod }: { paymentIntentId: string; paymentMethod: TestPaymentMethod }) =>
      paymentsApi.confirmWithTestCard(paymentIntentId, paymentMethod),
  });
}
