import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConfirmPaymentRequest, PaymentPublicConfig, TestPaymentMethod } from '../../../shared/api/schema';
import { PUBLIC_CONFIG_KEY } from '../booking/api';
import { paymentsApi } from './api';
import { refreshProjectLists } from './hooks';

// The payment dialog's hooks, apart from payments/hooks.ts, which the pages need at once: these load
// with the dialog (decision 0014).

/** The payment mode and Stripe key, from the public config (shared cache entry with the booking page). */
export function usePaymentConfig(enabled = true) {
  return useQuery<PaymentPublicConfig>({
    queryKey: PUBLIC_CONFIG_KEY,
    queryFn: paymentsApi.publicConfig,
    enabled,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

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
