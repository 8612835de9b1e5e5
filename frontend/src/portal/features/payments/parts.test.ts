import { describe, expect, it } from 'vitest';
import type { NextInstallment } from '../invoices/types';
import { project } from '../projects/fixtures';
import { cardButtonLabel, nextInstallmentText, payEverythingLabel, paymentPartOf } from './parts';

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

describe('the card button of a project with a payment schedule (CONTRACT §14)', () => {
  const next = (over: Partial<NextInstallment>): NextInstallment => ({
    number: 2,
    count: 3,
    label: 'Installment 2',
    amount: 100,
    dueDate: '2026-03-03',
    overdue: false,
    ...over,
  });

  it("reads 'Pay Installment 2 of 3 — $Y.YY' and pays the next installment, with 'Pay everything owed' beside it", () => {
    const p = { ...project({ price: 300, amountPaid: 100, unpaidAmount: 200 }), nextInstallment: next({ amount: 100.5 }) };
    expect(cardButtonLabel(p)).toBe('Pay Installment 2 of 3 — $100.50');
    expect(paymentPartOf(p)).toBe('next');
    expect(payEverythingLabel(p)).toBe('Pay everything owed ($200.00)');
  });

  it("reads 'Pay Deposit $X.XX' when the next one is the deposit, and pays the deposit", () => {
    const p = {
      ...project({ price: 300, unpaidAmount: 300, depositAmount: 90, depositDue: 90 }),
      nextInstallment: next({ number: 1, count: 2, label: 'Deposit', amount: 90 }),
    };
    expect(cardButtonLabel(p)).toBe('Pay Deposit $90.00');
    expect(paymentPartOf(p)).toBe('deposit');
    expect(payEverythingLabel(p)).toBe('Pay everything owed ($300.00)');
  });

  it("reads 'Pay Installment 1 of 3' for a first installment that is not called Deposit", () => {
    const p = { ...project({ price: 300, unpaidAmount: 300 }), nextInstallment: next({ number: 1, label: 'First part' }) };
    expect(cardButtonLabel(p)).toBe('Pay Installment 1 of 3 — $100.00');
    expect(paymentPartOf(p)).toBe('next');
  });

  it("reads 'Pay Balance $Z.ZZ' on the last installment, without the second button", () => {
    const p = { ...project({ price: 300, amountPaid: 200, unpaidAmount: 100 }), nextInstallment: next({ number: 3, amount: 100 }) };
    expect(cardButtonLabel(p)).toBe('Pay Balance $100.00');
    expect(paymentPartOf(p)).toBe('balance');
    expect(payEverythingLabel(p)).toBeNull();
  });

  it("keeps 'Pay with Card' for a single payment, and no second button", () => {
    const p = { ...project({ price: 250, unpaidAmount: 250 }), nextInstallment: next({ number: 1, count: 1, amount: 250 }) };
    expect(cardButtonLabel(p)).toBe('Pay with Card');
    expect(paymentPartOf(p)).toBeUndefined();
    expect(payEverythingLabel(p)).toBeNull();
  });

  it('words the next installment for the project card', () => {
    expect(nextInstallmentText(next({}), 'Mar 3')).toBe('Next: Installment 2 of 3 — $100.00 due Mar 3');
    expect(nextInstallmentText(next({ number: 1, count: 2, label: 'Deposit', amount: 90 }), 'Mar 3')).toBe(
      'Next: Deposit $90.00 due Mar 3',
    );
    expect(nextInstallmentText(next({ number: 1, count: 1, amount: 250 }), 'Mar 3')).toBe('$250.00 due Mar 3');
    expect(nextInstallmentText(null, 'Mar 3')).toBeNull();
  });
});
