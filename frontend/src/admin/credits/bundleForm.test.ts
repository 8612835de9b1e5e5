import { describe, expect, it } from 'vitest';
import { bundleFormValues, newBundleValues, toBundleData, validateBundle } from './bundleForm';
import { signedAmount, transactionLabel } from './transactions';

describe('bundle form', () => {
  it('starts active with price 0 and credit amount 0, so both minimum messages show', () => {
    expect(newBundleValues).toEqual({ name: '', description: '', creditAmount: '0', price: '0', isActive: true });
    expect(validateBundle({ ...newBundleValues, name: 'Starter' })).toEqual({
      name: undefined,
      price: 'Price must be at least 1',
      creditAmount: 'Credit amount must be at least 1',
    });
  });

  it('parses the credit amount as an integer and the price as a decimal', () => {
    const values = { name: ' Pro ', description: '', creditAmount: '10', price: '89.999', isActive: false };
    expect(validateBundle(values)).toEqual({ name: undefined, price: undefined, creditAmount: undefined });
    expect(toBundleData(values)).toEqual({ name: 'Pro', description: '', creditAmount: 10, price: 90, isActive: false });
    expect(validateBundle({ ...values, price: '0.99' }).price).toBe('Price must be at least 1');
    expect(validateBundle({ ...values, creditAmount: '' }).creditAmount).toBe('Credit amount must be at least 1');
  });

  it('prefills an edited bundle', () => {
    expect(bundleFormValues({ id: 1, name: 'Pro', description: 'x', creditAmount: 10, price: 90, isActive: false })).toEqual({
      name: 'Pro',
      description: 'x',
      creditAmount: '10',
      price: '90.00',
      isActive: false,
    });
  });
});

describe('transactions and search', () => {
  it("signs purchases and additions '+', everything else '-'", () => {
    expect(signedAmount({ amount: 5, type: 'purchase' })).toBe('+5');
    expect(signedAmount({ amount: 5, type: 'adjustment-add' })).toBe('+5');
    expect(signedAmount({ amount: 2, type: 'adjustment-remove' })).toBe('-2');
    expect(signedAmount({ amount: 3, type: 'redemption' })).toBe('-3');
    expect(['purchase', 'redemption', 'adjustment-add', 'adjustment-remove'].map(transactionLabel)).toEqual([
      'Purchase',
      'Redemption',
      'Admin Added',
      'Admin Removed',
    ]);
  });
});
