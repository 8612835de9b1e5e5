import type { EmulatedPaymentIntent, TestPaymentMethod } from '../../../shared/api/schema';

/** The hint shown above the test-card form in emulator mode. */
export const TEST_MODE_HINT = 'Test mode: use 4242 4242 4242 4242 to pay, 4000 0000 0000 0002 to see a declined card.';

/** Spec §8: the 'Payment Error' toast when the card payment system cannot be used. */
export const PAYMENT_SYSTEM_ERROR = 'The payment system could not be loaded. Please refresh the page and try again.';

/** Spec §8: the in-dialog fallback for unexpected failures. */
export const GENERIC_PAYMENT_ERROR = 'Something went wrong. Please try again.';

/** The test card numbers the emulator understands and the payment method each one stands for. */
export const TEST_CARDS: Readonly<Record<string, TestPaymentMethod>> = {
  '4242424242424242': 'pm_card_visa',
  '4000000000000002': 'pm_card_chargeDeclined',
};

export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** The emulator payment method for a typed card number (spaces and dashes ignored), or null. */
export function paymentMethodForCard(cardNumber: string): TestPaymentMethod | null {
  const compact = cardNumber.replace(/[\s-]/g, '');
  return TEST_CARDS[compact] ?? null;
}

/** '4242424242' -> '4242 4242 42' (at most 16 digits), for the card number field as the user types. */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * 'MM/YY' as the user types: '1' -> '1', '12' -> '12', '123' -> '12/3', '1/' -> '01/'.
 * `previous` lets a backspace over the slash remove it instead of adding it back.
 */
export function formatExpiry(value: string, previous = ''): string {
  const deleting = value.length < previous.length;
  let digits = digitsOnly(value);
  // a single month digit followed by a slash: '1/' -> '01/'
  if (/^\d\s*\//.test(value) && digits.length === 1) digits = `0${digits}`;
  // a first digit above 1 can only be a one-digit month: '4' -> '04/'
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export interface TestCardValues {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type TestCardErrors = Partial<Record<keyof TestCardValues, string>>;

/**
 * Checks the test-card form: a known test number, an expiry month that has not passed (MM/YY; a card is
 * valid through the end of its month, as Stripe's own form accepts), a CVC of 3 or 4 digits.
 */
export function validateTestCard(values: TestCardValues, now: Date = new Date()): TestCardErrors {
  const errors: TestCardErrors = {};

  if (!digitsOnly(values.cardNumber)) errors.cardNumber = 'Card number is required';
  else if (!paymentMethodForCard(values.cardNumber)) errors.cardNumber = 'Use a test card number';

  const expiry = values.expiry.trim();
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry);
  if (!expiry) errors.expiry = 'Expiry date is required';
  else if (!match || Number(match[1]) < 1 || Number(match[1]) > 12) errors.expiry = 'Enter the expiry as MM/YY';
  else {
    const month = Number(match[1]);
    const year = 2000 + Number(match[2]);
    const current = now.getFullYear() * 12 + now.getMonth();
    if (year * 12 + (month - 1) < current) errors.expiry = 'Use a future expiry date';
  }

  const cvc = values.cvc.trim();
  if (!cvc) errors.cvc = 'CVC is required';
  else if (!/^\d{3,4}$/.test(cvc)) errors.cvc = 'CVC must be 3 or 4 digits';

  return errors;
}

// In their own module: the payment hooks, part of the pages' first load, need them, while the rest
// of this file is for the payment dialog, which loads when a payment is opened (decision 0014).
export { intentIdFromClientSecret, paymentIntentIdOf } from './intent';

/**
 * What a card confirmation gave back, in the shape of Stripe's `confirmCardPayment` result:
 * a payment intent, an error, or (unexpectedly) neither.
 */
export interface CardPaymentResult {
  paymentIntent?: { id?: string; status?: string | null } | null;
  error?: { message?: string | null } | null;
}

/** The emulator answers a PaymentIntent: a last_payment_error becomes an error, as Stripe.js reports it. */
export function resultFromEmulatedIntent(intent: Omit<EmulatedPaymentIntent, 'metadata'> | null | undefined): CardPaymentResult | null {
  if (!intent) return null;
  const failure = intent.last_payment_error;
  if (failure && intent.status !== 'succeeded') {
    return { error: { message: failure.message || 'Your card was declined.' }, paymentIntent: intent };
  }
  return { paymentIntent: intent };
}

/** What the dialog shows after an attempt that did not end in a confirmed payment. */
export type PaymentOutcome =
  | { kind: 'failed'; message: string }
  | { kind: 'processing'; status: string }
  | { kind: 'unknown' }
  | { kind: 'error'; message: string }
  | { kind: 'unconfirmed' };

/** Spec §4 "Card payment result": succeeded → confirm; an error → failed; other status → processing; nothing → unknown. */
export function classifyResult(
  result: CardPaymentResult | null | undefined,
): { kind: 'succeeded'; paymentIntentId?: string } | PaymentOutcome {
  if (result?.error) {
    return { kind: 'failed', message: result.error.message || 'Your payment could not be processed.' };
  }
  const intent = result?.paymentIntent;
  if (!intent) return { kind: 'unknown' };
  if (intent.status === 'succeeded') return { kind: 'succeeded', paymentIntentId: intent.id };
  return { kind: 'processing', status: intent.status || 'unknown' };
}
