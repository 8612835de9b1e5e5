import { api } from '../../../shared/api/client';
import type {
  ConfirmPaymentRequest,
  ConfirmPaymentResponse,
  EmulatedPaymentIntent,
  PaymentIntentResponse,
  PaymentPublicConfig,
  Project,
  RemainingBalance,
  TestPaymentMethod,
} from '../../../shared/api/types';

/** The card payment calls of docs/api/back-office.md, "Card payments API". */
export const paymentsApi = {
  /** GET /api/public-config → {bookingUrl, paymentMode, stripePublishableKey} */
  publicConfig: () => api.get<PaymentPublicConfig>('/api/public-config'),

  /** GET /api/project-remaining-balance/{projectId} → {unpaidAmount} */
  remainingBalance: (projectId: number) =>
    api.get<RemainingBalance>(`/api/project-remaining-balance/${projectId}`),

  /** POST /api/create-payment-intent {projectId} → {clientSecret, amount, paymentIntentId} */
  createPaymentIntent: (projectId: number) =>
    api.post<PaymentIntentResponse>('/api/create-payment-intent', { projectId }),

  /** POST /api/confirm-payment {projectId, paymentIntentId} → {success, project} */
  confirmPayment: (body: ConfirmPaymentRequest) => api.post<ConfirmPaymentResponse>('/api/confirm-payment', body),

  /** POST /api/mark-project-as-paid/{id}, no body: the client's "nothing left to pay" case. */
  markProjectAsPaid: (projectId: number) => api.post<Project>(`/api/mark-project-as-paid/${projectId}`),

  /** Emulator mode only: confirms the intent with a test payment method. */
  confirmWithTestCard: (paymentIntentId: string, paymentMethod: TestPaymentMethod) =>
    api.post<EmulatedPaymentIntent>(
      `/api/payment-emulator/payment_intents/${encodeURIComponent(paymentIntentId)}/confirm`,
      { payment_method: paymentMethod },
    ),
};
