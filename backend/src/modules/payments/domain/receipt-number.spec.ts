import fc from 'fast-check';
import { ReceiptNumber } from './receipt-number';

describe('ReceiptNumber', () => {
  it('reads R- and six digits, padded with zeros', () => {
    expect(ReceiptNumber.of(1).text).toBe('R-000001');
    expect(ReceiptNumber.of(123).text).toBe('R-000123');
    expect(ReceiptNumber.of(999_999).text).toBe('R-999999');
  });

  it('grows past six digits instead of wrapping', () => {
    expect(ReceiptNumber.of(1_000_000).text).toBe('R-1000000');
  });

  it('names the PDF after the number', () => {
    expect(ReceiptNumber.of(123).fileName).toBe('receipt-R-000123.pdf');
  });

  it('refuses what is not a positive whole number', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => ReceiptNumber.of(bad)).toThrow();
  });

  it('keeps the order of the numbers in the order of the texts up to six digits, and reads back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: 1, max: 999_999 }), (a, b) => {
        const [x, y] = [ReceiptNumber.of(a).text, ReceiptNumber.of(b).text];
        expect(Math.sign(x.localeCompare(y))).toBe(Math.sign(a - b));
        expect(Number(x.slice(2))).toBe(a);
        expect(x).toMatch(/^R-\d{6}$/);
      }),
    );
  });
});
