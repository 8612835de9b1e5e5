import { Controller, Headers, HttpCode, Logger, Post, Req } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import Stripe from 'stripe';
import { AppConfig } from '../../../../shared/config/app-config';
import { DomainError } from '../../../../shared/errors/domain-error';
import { CardPayments } from '../../application/card-payments/card-payments';
import { Refunds } from '../../application/refunds/refunds';
import { Access } from '../../../../shared/auth/access';

const badRequest = (message: string) => new DomainError('validation', 'WEBHOOK.REFUSED', message);

/**
 * Stripe's events, verified with STRIPE_WEBHOOK_SECRET against the raw body. `payment_intent.succeeded`
 * is fulfilled exactly like the browser's confirmation, so a closed tab loses no payment; a repeated
 * event records nothing more. `charge.refunded` records the payment's refunds not recorded yet.
 */
@Controller('stripe')
export class StripeWebhookController {
  private readonly logger = new Logger('StripeWebhook');

  constructor(
    private readonly stripe: Stripe,
    private readonly config: AppConfig,
    private readonly cards: CardPayments,
    private readonly refunds: Refunds,
  ) {}

  @Post('webhook')
  @Access.public()
  @HttpCode(200)
  @ApiExcludeEndpoint()
  async receive(
    @Req() req: FastifyRequest & { rawBody?: Buffer },
    @Headers('stripe-signature') signature?: string,
  ): Promise<{ received: true; outcome: string }> {
    const secret = this.config.stripeWebhookSecret;
    if (!secret) throw badRequest('Webhooks are not configured (STRIPE_WEBHOOK_SECRET is unset)');
    if (!signature || !req.rawBody) throw badRequest('Missing Stripe signature or body');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(req.rawBody, signature, secret);
    } catch {
      throw badRequest('Invalid Stripe signature');
    }
    if (event.type === 'charge.refunded') {
      // A refund made here, or in Stripe's dashboard: what Stripe has and this portal does not is recorded, once per refund id.
      const charge = event.data.object as Stripe.Charge;
      const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      const recorded = intentId ? await this.refunds.reconcile(intentId) : 'ignored';
      const outcome = recorded === 'ignored' ? 'ignored' : recorded > 0 ? 'recorded' : 'already recorded';
      this.logger.log(`${event.type} ${intentId ?? charge.id}: ${outcome}`);
      return { received: true, outcome };
    }
    if (event.type !== 'payment_intent.succeeded') return { received: true, outcome: 'ignored' };
    const intent = event.data.object as Stripe.PaymentIntent;
    const outcome = await this.cards.fulfilFromWebhook(intent.id);
    this.logger.log(`${event.type} ${intent.id}: ${outcome}`);
    return { received: true, outcome };
  }
}
