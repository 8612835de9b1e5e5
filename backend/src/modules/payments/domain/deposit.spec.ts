import fc from 'fast-check';
import { Money } from '../../../shared/domain/money';
import { amountOfPart, depositDue } from './deposit';

const terms = (price: number, deposit: number | null) => ({ priceCents: price, depositCents: deposit });
const c = Money.ofCents;

describe('deposit due (decision 0033)', () => {
  it('is the deposit while nothing is paid, then nothing', () => {
    expect(depositDue(terms(25000, 10000), c(25000))?.cents).toBe(10000);
    expect(depositDue(terms(25000, 10000), c(15000))).toBeNull(); // something paid (money or credits)
    expect(depositDue(terms(25000, null), c(25000))).toBeNull();
    expect(depositDue(terms(25000, 10000), c(0))).toBeNull();
  });

  it('a deposit equal to the price is the whole price', () => {
    expect(depositDue(terms(25000, 25000), c(25000))?.cents).toBe(25000);
  });
});

describe('amount of a part', () => {
  it('no part: the deposit while due, else the balance', () => {
    expect(amountOfPart(terms(25000, 10000), c(25000))).toEqual({ part: 'deposit', amount: c(10000) });
    expect(amountOfPart(terms(25000, 10000), c(15000))).toEqual({ part: 'balance', amount: c(15000) });
    expect(amountOfPart(terms(25000, null), c(25000))).toEqual({ part: 'balance', amount: c(25000) });
  });

  it("'balance' is everything still owed, also while the deposit is due", () => {
    expect(amountOfPart(terms(25000, 10000), c(25000), 'balance')).toEqual({ part: 'balance', amount: c(25000) });
  });

  it("refuses 'deposit' without one, and once something is paid", () => {
    expect(() => amountOfPart(terms(25000, null), c(25000), 'deposit')).toThrow('This project has no deposit to pay');
    expect(() => amountOfPart(terms(25000, 10000), c(15000), 'deposit')).toThrow(
      'A payment has already been made on this project: pay the balance of $150.00',
    );
  });

  it('paying the parts in order pays exactly the price, never more (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), (price, raw) => {
        const deposit = Math.min(raw, price);
        let unpaid = c(price);
        let paid = 0;
        const parts: string[] = [];
        while (!unpaid.isZero()) {
          const { part, amount } = amountOfPart(terms(price, deposit), unpaid);
          parts.push(part);
          paid += amount.cents;
          unpaid = unpaid.minusFloored(amount);
        }
        const expected = deposit < price ? ['deposit', 'balance'] : ['deposit'];
        return paid === price && JSON.stringify(parts) === JSON.stringify(expected);
      }),
    );
  });
});
