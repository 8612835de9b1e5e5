import { Money } from '../../../shared/domain/money';
import { refundableRest, refundAmount, RefundablePayment, shownStatus } from './refund';

const payment = (over: Partial<RefundablePayment> = {}): RefundablePayment => ({
  id: 1,
  projectId: 7,
  bundleId: null,
  clientId: 3,
  amount: Money.ofCents(10_000),
  refunded: Money.ZERO,
  status: 'completed',
  providerPaymentId: 'pi_1',
  ...over,
});

describe('refunds (domain)', () => {
  it('refunds what is still refundable by default, and any amount up to it', () => {
    expect(refundAmount(payment()).cents).toBe(10_000);
    expect(refundAmount(payment({ refunded: Money.ofCents(2_550) })).cents).toBe(7_450);
    expect(refundAmount(payment({ refunded: Money.ofCents(2_550) }), Money.ofCents(7_450)).cents).toBe(7_450);
    expect(refundAmount(payment(), Money.ofCents(1)).cents).toBe(1);
  });

  it('refuses 0, more than the rest, a payment refunded in full and one that did not complete', () => {
    expect(() => refundAmount(payment(), Money.ZERO)).toThrow(expect.objectContaining({ code: 'PAYMENTS.BAD_REFUND_AMOUNT' }));
    expect(() => refundAmount(payment({ refunded: Money.ofCents(9_000) }), Money.ofCents(1_001))).toThrow(
      expect.objectContaining({
        code: 'PAYMENTS.REFUND_ABOVE_REFUNDABLE',
        message: 'The refund cannot be more than the $10.00 still refundable',
      }),
    );
    expect(() => refundAmount(payment({ refunded: Money.ofCents(10_000) }))).toThrow(
      expect.objectContaining({ code: 'PAYMENTS.ALREADY_REFUNDED' }),
    );
    for (const status of ['pending', 'failed'] as const) {
      expect(() => refundAmount(payment({ status }))).toThrow(
        expect.objectContaining({
          code: 'PAYMENTS.NOT_REFUNDABLE',
          message: `Only a completed payment can be refunded; this one is ${status}`,
        }),
      );
    }
  });

  it('refunds a credit bundle purchase only whole', () => {
    const bundle = payment({ projectId: null, bundleId: 2 });
    expect(refundAmount(bundle).cents).toBe(10_000);
    expect(() => refundAmount(bundle, Money.ofCents(5_000))).toThrow(expect.objectContaining({ code: 'PAYMENTS.PARTIAL_BUNDLE_REFUND' }));
  });

  it('shows a completed payment with refunds as partially refunded or refunded', () => {
    expect(shownStatus('completed', 100, 0)).toBe('completed');
    expect(shownStatus('completed', 100, 1)).toBe('partially_refunded');
    expect(shownStatus('completed', 100, 100)).toBe('refunded');
    expect(shownStatus('pending', 100, 0)).toBe('pending');
    expect(refundableRest(payment({ refunded: Money.ofCents(10_000) })).isZero()).toBe(true);
  });
});
