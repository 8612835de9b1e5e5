import fc from 'fast-check';
import { CreditAccount, signedAmount } from './credit-account';

type Op =
  | { kind: 'purchase'; amount: number }
  | { kind: 'redeem'; amount: number }
  | { kind: 'add'; amount: number }
  | { kind: 'remove'; amount: number };

const amount = fc.integer({ min: -5, max: 60 }); // includes invalid amounts: they must be refused, changing nothing
const op: fc.Arbitrary<Op> = fc.oneof(
  amount.map((a) => ({ kind: 'purchase' as const, amount: a })),
  amount.map((a) => ({ kind: 'redeem' as const, amount: a })),
  amount.map((a) => ({ kind: 'add' as const, amount: a })),
  amount.map((a) => ({ kind: 'remove' as const, amount: a })),
);

function apply(account: CreditAccount, o: Op, i: number): void {
  if (o.kind === 'purchase') account.purchase(o.amount, 1, `pi_${i}`);
  else if (o.kind === 'redeem') account.redeem(o.amount, 1);
  else account.adjust(o.kind, o.amount);
}

describe('CreditAccount', () => {
  it('keeps the balance equal to the signed sum of its ledger and never below zero, for any sequence', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.array(op, { maxLength: 60 }), (start, ops) => {
        const account = CreditAccount.open(7, start);
        ops.forEach((o, i) => {
          const before = account.balance;
          const entries = account.newEntries.length;
          try {
            apply(account, o, i);
          } catch {
            // a refused operation changes nothing
            expect(account.balance).toBe(before);
            expect(account.newEntries.length).toBe(entries);
          }
          expect(account.balance).toBeGreaterThanOrEqual(0);
        });
        expect(account.balance).toBe(start + account.newEntries.reduce((s, e) => s + signedAmount(e), 0));
        for (const e of account.newEntries) expect(e.amount).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 500 },
    );
  });

  it("refuses a redemption above the balance with 'Insufficient credits'", () => {
    const account = CreditAccount.open(1, 3);
    expect(() => account.redeem(4, 9)).toThrow('Insufficient credits');
    account.redeem(3, 9);
    expect(account.balance).toBe(0);
  });

  it('refuses a removal above the balance and says the balance', () => {
    const account = CreditAccount.open(1, 2);
    expect(() => account.adjust('remove', 5)).toThrow('Cannot remove more credits than the client has (balance: 2)');
    expect(account.balance).toBe(2);
  });

  it('refuses amounts below 1 and fractions', () => {
    const account = CreditAccount.open(1, 10);
    for (const bad of [0, -1, 1.5]) expect(() => account.adjust('add', bad)).toThrow('Amount must be at least 1');
    expect(account.newEntries).toHaveLength(0);
  });
});
