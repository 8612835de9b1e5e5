import type { PaymentIntentResponse } from '../../../shared/api/schema';

/** The PaymentIntent id: the part of the client secret before '_secret_'. */
export function intentIdFromClientSecret(clientSecret: string): string {
  return clientSecret.split('_secret_')[0] ?? clientSecret;
}

/** The id to confirm with: the server's paymentIntentId, else derived from the client secret. */
export function paymentIntentIdOf(intent: Pick<PaymentIntentResponse, 'clientSecret'> & { paymentIntentId?: string }): string {
  return intent.paymentIntentId || intentIdFromClientSecret(intent.clientSecret);
}
