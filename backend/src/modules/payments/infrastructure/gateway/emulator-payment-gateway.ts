import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { NotFoundError, RuleViolatedError } from '../../../../shared/errors/domain-error';
import { CreateIntentInput, PaymentGateway } from '../../application/ports/payment-gateway';
import type { GatewayIntent } from '../../domain/card-payment';

interface Row {
  id: string;
  client_secret: string;
  amount: string;
  currency: string;
  status: string;
  metadata: Record<string, string>;
  last_error: { message: string; code?: string; decline_code?: string } | null;
}

const toIntent = (r: Row): GatewayIntent => ({
  id: r.id,
  clientSecret: r.client_secret,
  status: r.status,
  amountCents: Number(r.amount),
  currency: r.currency,
  metadata: r.metadata,
  lastError: r.last_error ? { message: r.last_error.message, code: r.last_error.code, declineCode: r.last_error.decline_code } : null,
});

/** The answer of the emulator's confirm route: the fields of a Stripe PaymentIntent the browser reads. */
export function asStripeObject(i: GatewayIntent) {
  return {
    id: i.id,
    object: 'payment_intent' as const,
    amount: i.amountCents,
    currency: i.currency,
    status: i.status,
    client_secret: i.clientSecret,
    metadata: i.metadata,
    last_payment_error: i.lastError
      ? { message: i.lastError.message, code: i.lastError.code, decline_code: i.lastError.declineCode }
      : null,
  };
}

const token = (n: number) => randomBytes(n).toString('base64url').replace(/[-_]/g, 'x');

/**
 * CONTRACT §3's emulator: behaves like Stripe's PaymentIntents (ids pi_…, client secrets pi_…_secret_…,
 * statuses, cents, metadata, idempotency keys) and keeps its intents in the database.
 * `pm_card_visa` succeeds; `pm_card_chargeDeclined` is declined like Stripe's test card.
 */
@Injectable()
export class EmulatorPaymentGateway extends PaymentGateway {
  readonly mode = 'emulator' as const;

  constructor(private readonly db: DataSource) {
    super();
  }

  async createIntent(input: CreateIntentInput): Promise<GatewayIntent> {
    const id = `pi_${token(18)}`;
    const rows: Row[] = await this.db.query(
      `INSERT INTO emulated_payment_intents (id, client_secret, amount, currency, status, metadata, idempotency_key)
       VALUES ($1, $2, $3, $4, 'requires_payment_method', $5, $6)
       ON CONFLICT (idempotency_key) DO UPDATE SET updated_at = emulated_payment_intents.updated_at
       RETURNING id, client_secret, amount, currency, status, metadata, last_error`,
      [id, `${id}_secret_${token(18)}`, input.amountCents, input.currency, JSON.stringify(input.metadata), input.idempotencyKey],
    );
    return toIntent(rows[0]);
  }

  async retrieveIntent(id: string): Promise<GatewayIntent | null> {
    const rows: Row[] = await this.db.query(
      `SELECT id, client_secret, amount, currency, status, metadata, last_error FROM emulated_payment_intents WHERE id = $1`,
      [id],
    );
    return rows[0] ? toIntent(rows[0]) : null;
  }

  /** The card step that Stripe.js does in the browser; only the intent's own user may confirm it. */
  async confirm(id: string, paymentMethod: string, userId: number): Promise<GatewayIntent> {
    const intent = await this.retrieveIntent(id);
    if (!intent || intent.metadata.userId !== String(userId)) throw new NotFoundError('PAYMENTS.NO_SUCH_INTENT', 'No such payment intent');
    if (intent.status === 'succeeded') {
      throw new RuleViolatedError('PAYMENTS.ALREADY_SUCCEEDED', 'This payment has already succeeded');
    }
    let status = 'succeeded';
    let lastError: Row['last_error'] = null;
    if (paymentMethod === 'pm_card_chargeDeclined') {
      status = 'requires_payment_method';
      lastError = { message: 'Your card was declined.', code: 'card_declined', decline_code: 'generic_decline' };
    } else if (paymentMethod !== 'pm_card_visa') {
      throw new RuleViolatedError('PAYMENTS.UNKNOWN_PAYMENT_METHOD', 'Use pm_card_visa or pm_card_chargeDeclined');
    }
    const rows: Row[] = await this.db.query(
      `UPDATE emulated_payment_intents SET status = $2, last_error = $3, updated_at = now() WHERE id = $1
       RETURNING id, client_secret, amount, currency, status, metadata, last_error`,
      [id, status, lastError ? JSON.stringify(lastError) : null],
    );
    const updated = Array.isArray(rows[0]) ? (rows[0] as unknown as Row[]) : rows;
    return toIntent(updated[0]);
  }
}
