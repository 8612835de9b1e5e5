import { RuleViolatedError } from '../../../shared/errors/domain-error';

/** A PaymentIntent as the gateway reports it (Stripe's or the emulator's). Amounts in cents. */
export interface GatewayIntent {
  id: string;
  clientSecret: string;
  status: string;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  lastError?: { message: string; code?: string; declineCode?: string } | null;
}

/** What this portal recorded when it created the intent: what it pays for, for whom, how much. */
export interface IntentRecord {
  id: string;
  purpose: 'project' | 'credits';
  projectId: number | null;
  userId: number;
  amountCents: number;
  currency: string;
}

export const CURRENCY = 'usd';

const refuse = (code: string, message: string) => new RuleViolatedError(`PAYMENTS.${code}`, message);

/**
 * CONTRACT §3: a payment is recorded only for an intent that succeeded, for the amount and currency
 * this portal asked for, whose metadata names the same project and user as our record — and, when the
 * browser confirms, the project and user of that call. Never trust the browser's word alone.
 */
export function verifyIntent(intent: GatewayIntent, record: IntentRecord | null, expected: { projectId?: number; userId?: number } = {}): IntentRecord {
  if (!record) throw refuse('UNKNOWN_INTENT', 'This payment was not started here');
  if (intent.id !== record.id) throw refuse('INTENT_MISMATCH', 'This payment does not belong to this project');
  if (expected.projectId !== undefined && record.projectId !== expected.projectId) {
    throw refuse('INTENT_MISMATCH', 'This payment does not belong to this project');
  }
  if (expected.userId !== undefined && record.userId !== expected.userId) {
    throw refuse('INTENT_MISMATCH', 'This payment does not belong to this project');
  }
  if (intent.metadata.projectId !== String(record.projectId ?? '') || intent.metadata.userId !== String(record.userId)) {
    throw refuse('METADATA_MISMATCH', 'This payment does not belong to this project');
  }
  if (intent.status !== 'succeeded') throw refuse('NOT_SUCCEEDED', `The payment has not succeeded (status: ${intent.status})`);
  if (intent.amountCents !== record.amountCents) throw refuse('AMOUNT_MISMATCH', 'The amount paid does not match the amount due');
  if (intent.currency.toLowerCase() !== record.currency) throw refuse('CURRENCY_MISMATCH', 'The payment was made in another currency');
  return record;
}
