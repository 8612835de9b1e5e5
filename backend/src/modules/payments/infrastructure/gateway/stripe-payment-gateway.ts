import { Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { DomainError } from '../../../../shared/errors/domain-error';
import { CreateIntentInput, CreateRefundInput, GatewayRefund, PaymentGateway } from '../../application/ports/payment-gateway';
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

export function refundFromStripe(refund: Stripe.Refund, paymentIntentId: string): GatewayRefund {
  const status = refund.status ?? 'pending';
  return {
    id: refund.id,
    paymentIntentId: typeof refund.payment_intent === 'string' ? refund.payment_intent : (refund.payment_intent?.id ?? paymentIntentId),
    amountCents: refund.amount,
    status: (['succeeded', 'pending', 'failed', 'canceled', 'requires_action'].includes(status)
      ? status
      : 'pending') as GatewayRefund['status'],
    failureReason: refund.failure_reason ?? null,
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

  async createRefund(input: CreateRefundInput): Promise<GatewayRefund> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: input.paymentIntentId, amount: input.amountCents, metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      );
      return refundFromStripe(refund, input.paymentIntentId);
    } catch (err) {
      const e = this.translate(err);
      // Stripe refuses a refund it cannot make (already refunded, disputed, …) with a 400: the refund failed.
      if (e instanceof DomainError && e.code === 'PAYMENTS.PROVIDER_REFUSED') {
        throw new DomainError('rule_violated', 'PAYMENTS.REFUND_FAILED', `The card provider could not refund this payment: ${e.message}`);
      }
      throw e;
    }
  }

  async listRefunds(paymentIntentId: string): Promise<GatewayRefund[]> {
    try {
      const refunds: GatewayRefund[] = [];
      for await (const refund of this.stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 })) {
        refunds.push(refundFromStripe(refund, paymentIntentId));
      }
      return refunds.reverse(); // Stripe lists newest first
    } catch (err) {
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
