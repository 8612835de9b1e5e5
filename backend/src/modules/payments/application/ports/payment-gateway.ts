import type { GatewayIntent } from '../../domain/card-payment';

export interface CreateIntentInput {
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  /** The same key twice gives the same intent back (no double charge on a retried request). */
  idempotencyKey: string;
}

/** Port: the card payment provider (Stripe, or the emulator of CONTRACT §3). */
export abstract class PaymentGateway {
  abstract readonly mode: 'stripe' | 'emulator';
  abstract createIntent(input: CreateIntentInput): Promise<GatewayIntent>;
  /** The intent as the provider knows it now; null when it does not exist. */
  abstract retrieveIntent(id: string): Promise<GatewayIntent | null>;
}
