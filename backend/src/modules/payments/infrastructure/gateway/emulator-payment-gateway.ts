import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { formatMoney } from '../../../../shared/domain/money-format';
import { NotFoundError, RuleViolatedError } from '../../../../shared/errors/domain-error';
import { CreateIntentInput, CreateRefundInput, GatewayRefund, PaymentGateway } from '../../application/ports/payment-gateway';
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

interface RefundRow {
  id: string;
  payment_intent: string;
  amount: string;
  status: GatewayRefund['status'];
  failure_reason: string | null;
}

const toRefund = (r: RefundRow): GatewayRefund => ({
  id: r.id,
  paymentIntentId: r.payment_intent,
  amountCents: Number(r.amount),
  status: r.status,
  failureReason: r.failure_reason,
});

/** The test card whose payments succeed and whose refunds fail (Stripe's 4000 0000 0000 5126). */
export const REFUND_FAIL_METHOD = 'pm_card_refundFail';
const METHODS = ['pm_card_visa', 'pm_card_chargeDeclined', REFUND_FAIL_METHOD];

/**
 * CONTRACT §3's emulator: behaves like Stripe's PaymentIntents (ids pi_…, client secrets pi_…_secret_…,
 * statuses, cents, metadata, idempotency keys) and Refunds (re_…, idempotency keys, never more than the
 * payment), and keeps both in the database. `pm_card_visa` succeeds; `pm_card_chargeDeclined` is declined
 * like Stripe's test card; `pm_card_refundFail` succeeds, but every refund of it fails
 * (`expired_or_canceled_card`), as with Stripe's test card 4000 0000 0000 5126 (where the failure comes a
 * moment later; here at once).
 */
@Injectable()
export class EmulatorPaymentGateway extends PaymentGateway {
  readonly mode = 'emulator' as const;

  constructor(
    private readonly db: DataSource,
    private readonly tx: TransactionHost,
  ) {
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
    } else if (!METHODS.includes(paymentMethod)) {
      throw new RuleViolatedError('PAYMENTS.UNKNOWN_PAYMENT_METHOD', 'Use pm_card_visa, pm_card_chargeDeclined or pm_card_refundFail');
    }
    const rows: Row[] = await this.db.query(
      `UPDATE emulated_payment_intents SET status = $2, last_error = $3, payment_method = $4, updated_at = now() WHERE id = $1
       RETURNING id, client_secret, amount, currency, status, metadata, last_error`,
      [id, status, lastError ? JSON.stringify(lastError) : null, paymentMethod],
    );
    const updated = Array.isArray(rows[0]) ? (rows[0] as unknown as Row[]) : rows;
    return toIntent(updated[0]);
  }

  /**
   * Stripe's Refunds. The same idempotency key gives the same refund; refused like Stripe (an error): an
   * intent that has not succeeded, or more than is left to refund. Written in the caller's transaction
   * (the refund's, which holds the payment's row): a refund made on a connection of its own would need a
   * second connection per waiting refund, and ten parallel refunds would empty the pool (decision 0032).
   */
  async createRefund(input: CreateRefundInput): Promise<GatewayRefund> {
    const m = this.tx.manager;
    {
      const known: RefundRow[] = await m.query(
        `SELECT id, payment_intent, amount, status, failure_reason FROM emulated_refunds WHERE idempotency_key = $1`,
        [input.idempotencyKey],
      );
      if (known[0]) return toRefund(known[0]);
      const intents: Array<{ amount: string; currency: string; status: string; payment_method: string | null }> = await m.query(
        `SELECT amount, currency, status, payment_method FROM emulated_payment_intents WHERE id = $1 FOR UPDATE`,
        [input.paymentIntentId],
      );
      const intent = intents[0];
      if (!intent) throw new RuleViolatedError('PAYMENTS.REFUND_FAILED', `No such payment_intent: '${input.paymentIntentId}'`);
      if (intent.status !== 'succeeded') {
        throw new RuleViolatedError('PAYMENTS.REFUND_FAILED', 'This PaymentIntent does not have a successful charge to refund.');
      }
      const [{ refunded }]: Array<{ refunded: string }> = await m.query(
        `SELECT coalesce(sum(amount), 0) AS refunded FROM emulated_refunds WHERE payment_intent = $1 AND status IN ('succeeded', 'pending')`,
        [input.paymentIntentId],
      );
      // As Stripe writes it: the charge's currency ('$20.00', '€20.00').
      const inCurrency = (cents: number) => formatMoney(cents, { currency: intent.currency.toUpperCase(), locale: 'en-US' });
      if (Number(refunded) + input.amountCents > Number(intent.amount)) {
        throw new RuleViolatedError(
          'PAYMENTS.REFUND_FAILED',
          `Refund amount (${inCurrency(input.amountCents)}) is greater than unrefunded amount on charge (${inCurrency(Number(intent.amount) - Number(refunded))})`,
        );
      }
      const fails = intent.payment_method === REFUND_FAIL_METHOD;
      const rows: RefundRow[] = await m.query(
        `INSERT INTO emulated_refunds (id, payment_intent, amount, currency, status, failure_reason, metadata, idempotency_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id, payment_intent, amount, status, failure_reason`,
        [
          `re_${token(18)}`,
          input.paymentIntentId,
          input.amountCents,
          intent.currency, // a refund is in its charge's currency, whatever is asked (as Stripe does)
          fails ? 'failed' : 'succeeded',
          fails ? 'expired_or_canceled_card' : null,
          JSON.stringify(input.metadata),
          input.idempotencyKey,
        ],
      );
      return toRefund(rows[0]);
    }
  }

  async listRefunds(paymentIntentId: string): Promise<GatewayRefund[]> {
    const rows: RefundRow[] = await this.db.query(
      `SELECT id, payment_intent, amount, status, failure_reason FROM emulated_refunds WHERE payment_intent = $1 ORDER BY created_at, id`,
      [paymentIntentId],
    );
    return rows.map(toRefund);
  }
}
