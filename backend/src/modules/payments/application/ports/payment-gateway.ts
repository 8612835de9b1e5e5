import type { GatewayIntent } from '../../domain/card-payment';

export interface CreateIntentInput {
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  /** The same key twice gives the same intent back (no double charge on a retried request). */
  idempotencyKey: string;
}

export interface CreateRefundInput {
  /** The provider's id of the payment refunded. */
  paymentIntentId: string;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  /** The same key twice gives the same refund back (no double refund on a retried request). */
  idempotencyKey: string;
}

/** A refund as the provider reports it (Stripe's statuses). Amounts in cents. */
export interface GatewayRefund {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled' | 'requires_action';
  failureReason: string | null;
}

/** Port: the card payment provider (Stripe, or the emulator of CONTRACT §3). */
export abstract class PaymentGateway {
  abstract readonly mode: 'stripe' | 'emulator';
  abstract createIntent(input: CreateIntentInput): Promise<GatewayIntent>;
  /** The intent as the provider knows it now; null when it does not exist. */
  abstract retrieveIntent(id: string): Promise<GatewayIntent | null>;
  /** Refunds part or all of a succeeded payment; a refusal the provider answers at once is a refund with status `failed`. */
  abstract createRefund(input: CreateRefundInput): Promise<GatewayRefund>;
  /** Every refund the provider has for the payment, oldest first. */
  abstract listRefunds(paymentIntentId: string): Promise<GatewayRefund[]>;
}
