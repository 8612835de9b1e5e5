import Stripe from 'stripe';
import type { TestApp } from './test-app';

const signer = new Stripe('sk_test_signer');

export interface StripeEventInput {
  /** `evt_…`; a new one each call when left out */
  id?: string;
  type: string;
  /** the event's `data.object` */
  object: object;
}

/** A Stripe event as Stripe sends it: its JSON body and the Stripe-Signature header for `secret`. */
export function signedStripeEvent(event: StripeEventInput, secret: string): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id: event.id ?? `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: event.type,
    data: { object: event.object },
  });
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** Sends a signed event to the app's /api/stripe/webhook; the caller checks the answer. */
export function postStripeEvent(t: TestApp, event: StripeEventInput, secret: string) {
  const { payload, signature } = signedStripeEvent(event, secret);
  return t.http().post('/api/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload);
}
