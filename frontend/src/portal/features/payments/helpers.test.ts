import { describe, expect, it } from 'vitest';
import {
  classifyResult,
  formatCardNumber,
  formatExpiry,
  intentIdFromClientSecret,
  paymentIntentIdOf,
  paymentMethodForCard,
  resultFromEmulatedIntent,
  validateTestCard,
} from './helpers';

const may2026 = new Date(2026, 4, 15);
const valid = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

describe('test cards', () => {
  it('maps the two test numbers to the emulator payment methods, spaces ignored', () => {
    expect(paymentMethodForCard('4242424242424242')).toBe('pm_card_visa');
    expect(paymentMethodForCard('4242 4242 4242 4242')).toBe('pm_card_visa');
    expect(paymentMethodForCard(' 4000 0000 0000 0002 ')).toBe('pm_card_chargeDeclined');
    expect(paymentMethodForCard('4000-0000-0000-0002')).toBe('pm_card_chargeDeclined');
  });

  it('knows no other number', () => {
    expect(paymentMethodForCard('5555 5555 5555 4444')).toBeNull();
    expect(paymentMethodForCard('4242 4242 4242 424')).toBeNull();
    expect(paymentMethodForCard('')).toBeNull();
  });

  it('validates number, expiry and CVC', () => {
    expect(validateTestCard(valid, may2026)).toEqual({});
    expect(validateTestCard({ ...valid, cardNumber: '4000 0000 0000 0002', cvc: '1234' }, may2026)).toEqual({});
    expect(validateTestCard({ cardNumber: '', expiry: '', cvc: '' }, may2026)).toEqual({
      cardNumber: 'Card number is required',
      expiry: 'Expiry date is required',
      cvc: 'CVC is required',
    });
    expect(validateTestCard({ ...valid, cardNumber: '1234 5678 9012 3456' }, may2026)).toEqual({
      cardNumber: 'Use a test card number',
    });
    expect(validateTestCard({ ...valid, cvc: '12' }, may2026)).toEqual({ cvc: 'CVC must be 3 or 4 digits' });
    expect(validateTestCard({ ...valid, cvc: '12345' }, may2026)).toEqual({ cvc: 'CVC must be 3 or 4 digits' });
  });

  it('accepts an expiry from the current month on, refuses past months and malformed dates', () => {
    expect(validateTestCard({ ...valid, expiry: '05/26' }, may2026)).toEqual({});
    expect(validateTestCard({ ...valid, expiry: '06/26' }, may2026)).toEqual({});
    expect(validateTestCard({ ...valid, expiry: '04/26' }, may2026).expiry).toBe('Use a future expiry date');
    expect(validateTestCard({ ...valid, expiry: '12/25' }, may2026).expiry).toBe('Use a future expiry date');
    expect(validateTestCard({ ...valid, expiry: '13/30' }, may2026).expiry).toBe('Enter the expiry as MM/YY');
    expect(validateTestCard({ ...valid, expiry: '00/30' }, may2026).expiry).toBe('Enter the expiry as MM/YY');
    expect(validateTestCard({ ...valid, expiry: '1230' }, may2026).expiry).toBe('Enter the expiry as MM/YY');
  });

  it('formats the number in groups of 4 and the expiry as MM/YY while typing', () => {
    expect(formatCardNumber('4242424242424242999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000 00')).toBe('4000 00');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('12/3')).toBe('12/3');
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('1/')).toBe('01/');
    // backspace over the slash removes it
    expect(formatExpiry('12', '12/')).toBe('12');
  });
});

describe('payment intents and results', () => {
  it('takes the intent id from the client secret', () => {
    expect(intentIdFromClientSecret('pi_3Abc_secret_xyz')).toBe('pi_3Abc');
    expect(paymentIntentIdOf({ clientSecret: 'pi_1_secret_2', paymentIntentId: '' })).toBe('pi_1');
    expect(paymentIntentIdOf({ clientSecret: 'pi_1_secret_2', paymentIntentId: 'pi_1' })).toBe('pi_1');
  });

  it('classifies a confirmation result like spec §4', () => {
    expect(classifyResult({ paymentIntent: { id: 'pi_1', status: 'succeeded' } })).toEqual({
      kind: 'succeeded',
      paymentIntentId: 'pi_1',
    });
    expect(classifyResult({ error: { message: 'Your card was declined.' } })).toEqual({
      kind: 'failed',
      message: 'Your card was declined.',
    });
    expect(classifyResult({ paymentIntent: { id: 'pi_1', status: 'requires_action' } })).toEqual({
      kind: 'processing',
      status: 'requires_action',
    });
    expect(classifyResult(null)).toEqual({ kind: 'unknown' });
    expect(classifyResult({})).toEqual({ kind: 'unknown' });
  });

  it("turns the emulator's last_payment_error into an error", () => {
    const declined = resultFromEmulatedIntent({
      id: 'pi_1',
      object: 'payment_intent',
      status: 'requires_payment_method',
      amount: 9550,
      currency: 'usd',
      client_secret: 'pi_1_secret_x',
      last_payment_error: { message: 'Your card was declined.', code: 'card_declined', decline_code: 'generic_decline' },
    });
    expect(classifyResult(declined)).toEqual({ kind: 'failed', message: 'Your card was declined.' });
    expect(resultFromEmulatedIntent(undefined)).toBeNull();
  });
});
