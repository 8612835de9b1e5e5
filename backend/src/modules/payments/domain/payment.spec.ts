import { Money } from '../../../shared/domain/money';
import { DEFAULT_MANUAL_NOTE, Payment } from './payment';

describe('Payment', () => {
  it('makes a completed manual payment with the default note when none is given', () => {
    const p = Payment.manual(1, 2, Money.fromDollars(80), '  ');
    expect(p).toMatchObject({ status: 'completed', note: DEFAULT_MANUAL_NOTE, stripePaymentId: null });
    expect(p.amount.cents).toBe(8000);
    expect(Payment.manual(1, 2, Money.ZERO, 'Paid in cash').note).toBe('Paid in cash');
  });

  it('names the method by the card-provider id', () => {
    expect(Payment.methodOf('pi_123')).toBe('Stripe');
    expect(Payment.methodOf(null)).toBe('Manual');
  });
});
