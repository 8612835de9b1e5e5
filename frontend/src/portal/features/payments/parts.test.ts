import { describe, expect, it } from 'vitest';
import { project } from '../projects/fixtures';
import { cardButtonLabel, paymentPartOf } from './parts';

describe('the card button of a project (CONTRACT §7, §11)', () => {
  it("reads 'Pay with Card' on a project without a deposit, and sends no part", () => {
    const p = project({ price: 250, unpaidAmount: 250 });
    expect(cardButtonLabel(p)).toBe('Pay with Card');
    expect(paymentPartOf(p)).toBeUndefined();
  });

  it("reads 'Pay Deposit $X.XX' while the deposit is due", () => {
    const p = project({ price: 1250, unpaidAmount: 1250, depositAmount: 100.1, depositDue: 100.1 });
    expect(cardButtonLabel(p)).toBe('Pay Deposit $100.10');
    expect(paymentPartOf(p)).toBe('deposit');
  });

  it("reads 'Pay Balance $Y.YY' once the deposit is paid", () => {
    const p = project({ price: 1250, amountPaid: 100, unpaidAmount: 1150, depositAmount: 100, depositDue: null });
    expect(cardButtonLabel(p)).toBe('Pay Balance $1,150.00');
    expect(paymentPartOf(p)).toBe('balance');
  });

  it("reads 'Pay Balance' after credits paid part of a project with a deposit", () => {
    expect(cardButtonLabel(project({ price: 300, unpaidAmount: 250, depositAmount: 100, depositDue: null }))).toBe('Pay Balance $250.00');
  });

  it("reads 'Pay Balance' on a project without a deposit that has an earlier payment in money", () => {
    expect(cardButtonLabel(project({ price: 300, amountPaid: 50, unpaidAmount: 250 }))).toBe('Pay Balance $250.00');
  });
});
