import type { PaymentPart } from '../../billing';
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
  /** For a credits purchase: the bundle, and the credits its price buys. */
  bundleId?: number | null;
  creditAmount?: number | null;
  userId: number;
  amountCents: number;
  currency: string;
  /** For a project: the part it pays (decision 0033); null for a bundle or an intent made before parts were kept. */
  part?: PaymentPart | null;
}

const refuse = (code: string, message: string) => new RuleViolatedError(`PAYMENTS.${code}`, message);

/**
 * CONTRACT §3: a payment is recorded only for an intent that succeeded, for the amount and currency
 * this portal asked for, whose metadata names the same project and user as our record — and, when the
 * browser confirms, the project and user of that call. Never trust the browser's word alone.
 */
export function verifyIntent(
  intent: GatewayIntent,
  record: IntentRecord | null,
  expected: { projectId?: number; userId?: number; bundleId?: number } = {},
): IntentRecord {
  if (!record) throw refuse('UNKNOWN_INTENT', 'This payment was not started here');
  const mismatch = () =>
    refuse(
      'INTENT_MISMATCH',
      record.purpose === 'credits' ? 'This payment was not made for this bundle' : 'This payment does not belong to this project',
    );
  if (intent.id !== record.id) throw mismatch();
  if (expected.projectId !== undefined && (record.purpose !== 'project' || record.projectId !== expected.projectId)) {
    throw refuse('INTENT_MISMATCH', 'This payment does not belong to this project');
  }
  if (expected.bundleId !== undefined && (record.purpose !== 'credits' || record.bundleId !== expected.bundleId)) {
    throw refuse('INTENT_MISMATCH', 'This payment was not made for this bundle');
  }
  if (expected.userId !== undefined && record.userId !== expected.userId) throw mismatch();
  const sameTarget =
    record.purpose === 'credits'
      ? intent.metadata.purpose === 'credits' && intent.metadata.bundleId === String(record.bundleId ?? '')
      : intent.metadata.projectId === String(record.projectId ?? '');
  if (!sameTarget || intent.metadata.userId !== String(record.userId)) {
    throw mismatch();
  }
  if (intent.status !== 'succeeded') throw refuse('NOT_SUCCEEDED', `The payment has not succeeded (status: ${intent.status})`);
  if (intent.amountCents !== record.amountCents) throw refuse('AMOUNT_MISMATCH', 'The amount paid does not match the amount due');
  if (intent.currency.toLowerCase() !== record.currency) throw refuse('CURRENCY_MISMATCH', 'The payment was made in another currency');
  return record;
}
