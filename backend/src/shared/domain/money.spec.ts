import fc from 'fast-check';
import { Money } from './money';

describe('Money', () => {
  it.each([
    [12, 1200],
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    [0.1, 10],
    [19.99, 1999],
    ['0', 0],
    ['7.000', 700],
  ])('reads %p dollars as %p cents', (input, cents) => {
    expect(Money.fromDollars(input).cents).toBe(cents);
  });

  it.each([
    ['-1', 'Price must be 0 or more'],
    [-5, 'Price must be 0 or more'],
    ['12.345', /at most 2 decimals/],
    ['abc', /at most 2 decimals/],
    ['', /at most 2 decimals/],
    [Number.NaN, /at most 2 decimals/],
    [1e12, /at most 2 decimals/],
  ])('refuses %p', (input, message) => {
    expect(() => Money.fromDollars(input as number | string)).toThrow(message);
  });

  it('adds and multiplies exactly, whatever the amounts (no float drift)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 10_000_00 }), fc.integer({ min: 1, max: 50 })), { maxLength: 20 }),
        (lines) => {
          const total = Money.sum(lines.map(([c, q]) => Money.ofCents(c).times(q)));
          expect(total.cents).toBe(lines.reduce((s, [c, q]) => s + c * q, 0));
          expect(Money.fromDollars(total.dollars).cents).toBe(total.cents);
        },
      ),
    );
  });

  it('never owes a negative remainder', () => {
    expect(Money.ofCents(500).minusFloored(Money.ofCents(800)).cents).toBe(0);
    expect(Money.ofCents(800).minusFloored(Money.ofCents(500)).cents).toBe(300);
  });
});
