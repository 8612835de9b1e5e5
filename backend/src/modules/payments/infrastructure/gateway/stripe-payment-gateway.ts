import { Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { DomainError } from '../../../../shared/errors/domain-error';
import { CreateIntentInput, PaymentGateway } from '../../application/ports/payment-gateway';
import type { GatewayIntent } from '../../domain/card-payment';

export function fromStripe(pi: Stripe.PaymentIntent): GatewayIntent {
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    status: pi.status,
    amountCents: pi.amount,
    currency: pi.currency,
    metadata: { ...(pi.metadata ?? {}) },
    lastError: pi.last_payment_error
      ? {
          message: pi.last_payment_error.message ?? 'The payment failed',
          code: pi.last_payment_error.code,
          declineCode: pi.last_payment_error.decline_code,
        }
      : null,
  };
}

export const providerUnavailable = () =>
  new DomainError(
    'unavailable',
    'PAYMENTS.PROVIDER_UNAVAILABLE',
    'The card payment service is not answering. Please try again in a moment.',
  );

/** The Stripe adapter: PaymentIntents through the official SDK. */
@Injectable()
export class StripePaymentGateway extends PaymentGateway {
  readonly mode = 'stripe' as const;

  constructor(private readonly stripe: Stripe) {
    super();
  }

  async createIntent(input: CreateIntentInput): Promise<GatewayIntent> {
    try {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          metadata: input.metadata,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return fromStripe(pi);
    } catch (err) {
      throw this.translate(err);
    }
  }

  async retrieveIntent(id: string): Promise<GatewayIntent | null> {
    if (!/^pi_[A-Za-z0-9_]{1,200}$/.test(id)) return null;
    try {
      return fromStripe(await this.stripe.paymentIntents.retrieve(id));
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404) return null;
      throw this.translate(err);
    }
  }

  private translate(err: unknown): Error {
    const e = err as { type?: string; message?: string; statusCode?: number };
    if (e.type === 'StripeConnectionError' || e.type === 'StripeAPIError' || (e.statusCode ?? 0) >= 500) return providerUnavailable();
    if (e.type === 'StripeCardError' || e.type === 'StripeInvalidRequestError') {
      return new DomainError('rule_violated', 'PAYMENTS.PROVIDER_REFUSED', e.message ?? 'The card payment service refused the request');
    }
    return err instanceof Error ? err : new Error(String(err));
  }
}

/** The SDK client, pointed at STRIPE_API_URL when set (tests use a local server that answers like Stripe). */
export function createStripeClient(secretKey: string, apiUrl?: string): Stripe {
  if (!apiUrl) return new Stripe(secretKey, { maxNetworkRetries: 1, timeout: 15_000 });
  const url = new URL(apiUrl);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol.replace(':', '') as 'http' | 'https',
    maxNetworkRetries: 0,
    timeout: 5_000,
  });
}
