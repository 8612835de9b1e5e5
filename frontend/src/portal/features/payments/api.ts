import { dataOf, http } from '../../../shared/api/client';
import { fetchPublicConfig } from '../../../shared/api/publicConfig';
import type { ConfirmPaymentRequest, PaymentIntentRequest, TestPaymentMethod } from '../../../shared/api/schema';
import type { CardPaymentPart } from '../invoices/types';

/** The card payment calls of docs/api/back-office.md, "Card payments API". */
export const paymentsApi = {
  /** GET /api/public-config → {bookingUrl, paymentMode, stripePublishableKey} */
  publicConfig: fetchPublicConfig,

  /** GET /api/project-remaining-balance/{projectId} → {unpaidAmount, depositDue} */
  remainingBalance: (projectId: number) =>
    dataOf(http.GET('/api/project-remaining-balance/{projectId}', { params: { path: { projectId } } })),

  /** POST /api/create-payment-intent {projectId, part?} → {clientSecret, amount, paymentIntentId, part} */
  createPaymentIntent: (projectId: number, part?: CardPaymentPart) =>
    // 'next' (CONTRACT §14) is not in the generated request type until openapi.yaml has it
    dataOf(http.POST('/api/create-payment-intent', { body: (part ? { projectId, part } : { projectId }) as PaymentIntentRequest })),

  /** POST /api/confirm-payment {projectId, paymentIntentId} → {success, project} */
  confirmPayment: (body: ConfirmPaymentRequest) => dataOf(http.POST('/api/confirm-payment', { body })),

  /** POST /api/mark-project-as-paid/{id}, no body: the client's "nothing left to pay" case. */
  markProjectAsPaid: (projectId: number) => dataOf(http.POST('/api/mark-project-as-paid/{id}', { params: { path: { id: projectId } } })),

  /** GET /api/my/payments: the signed-in client's payments, newest first, with their receipt numbers. */
  listMine: () => dataOf(http.GET('/api/my/payments')),

  /** Emulator mode only: confirms the intent with a test payment method. */
  confirmWithTestCard: (paymentIntentId: string, paymentMethod: TestPaymentMethod) =>
    dataOf(
      http.POST('/api/payment-emulator/payment_intents/{id}/confirm', {
        params: { path: { id: paymentIntentId } },
        body: { payment_method: paymentMethod },
      }),
    ),
};
