import fc from 'fast-check';
import { Money } from '../../../shared/domain/money';
import { mergeLines, priceOfLines, Project } from './project';

const details = { name: 'Harbour Lane', description: '', clientId: 7, thumbnailUrl: null, downloadLink: null, photoCount: 0 };
const line = (serviceId: number, dollars: number, quantity = 1) => ({ serviceId, quantity, unitPrice: Money.fromDollars(dollars) });

describe('Project pricing', () => {
  it('prices a project by its lines and ignores the price sent with them', () => {
    const p = Project.create(details, [line(1, 150, 2), line(2, 49.99)], Money.fromDollars(5), new Date());
    expect(p.price.cents).toBe(34999);
    expect(p.snapshot.serviceId).toBe(1);
  });

  it('takes the given price when there are no lines', () => {
    expect(Project.create(details, [], Money.fromDollars(80), new Date()).price.cents).toBe(8000);
  });

  it('merges a service chosen twice into one line', () => {
    expect(mergeLines([line(1, 10, 1), line(1, 10, 3)])).toEqual([{ serviceId: 1, quantity: 4, unitPrice: Money.fromDollars(10) }]);
  });

  it('refuses a quantity below 1', () => {
    expect(() => Project.create(details, [line(1, 10, 0)], Money.ZERO, new Date())).toThrow('Quantity must be at least 1');
  });

  it('refuses an empty name', () => {
    expect(() => Project.create({ ...details, name: '  ' }, [], Money.ZERO, new Date())).toThrow('Project name is required');
  });

  it('always equals Σ unit price × quantity, in cents', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            serviceId: fc.integer({ min: 1, max: 5 }),
            cents: fc.integer({ min: 0, max: 1_000_000 }),
            quantity: fc.integer({ min: 1, max: 20 }),
          }),
          { maxLength: 12 },
        ),
        (raw) => {
          // one unit price per service, as the catalogue gives
          const priceOf = new Map(raw.map((r) => [r.serviceId, r.cents]));
          const lines = raw.map((r) => ({
            serviceId: r.serviceId,
            quantity: r.quantity,
            unitPrice: Money.ofCents(priceOf.get(r.serviceId)!),
          }));
          const expected = raw.reduce((s, r) => s + priceOf.get(r.serviceId)! * r.quantity, 0);
          const p = Project.create(details, lines, Money.fromDollars(1), new Date());
          expect(p.price.cents).toBe(lines.length ? expected : 100);
          expect(priceOfLines(p.lines).cents).toBe(lines.length ? expected : 0);
        },
      ),
    );
  });

  it('is paid only as derived by the database (CONTRACT §12): it starts unpaid and takes what it is told', () => {
    const p = Project.create(details, [line(1, 100)], Money.ZERO, new Date());
    expect(p.isPaid).toBe(false);
    p.paidAsDerived(true);
    expect(p.isPaid).toBe(true);
    p.paidAsDerived(false);
    expect(p.isPaid).toBe(false);
  });
});

describe('Project services paid with credits (spec §9)', () => {
  const costs = new Map([
    [1, 2],
    [2, 1],
  ]); // services 1 and 2 are eligible; 3 is not
  const costOf = (id: number) => costs.get(id) ?? null;

  it('pays the eligible lines with credits, and only money remains for the others', () => {
    const p = Project.create(details, [line(1, 150, 2), line(2, 40), line(3, 120)], Money.ZERO, new Date());
    expect(p.creditsDue(costOf)).toBe(5);
    expect(p.payEligibleLinesWithCredits(costOf)).toBe(5);
    // The lines paid with credits (what billing counts as credits applied): services 1 and 2, $340 of $460.
    expect(p.lines.filter((l) => l.creditsPaid).map((l) => l.serviceId)).toEqual([1, 2]);
    expect(p.creditValueDue(costOf).cents).toBe(0);
    expect(p.creditsDue(costOf)).toBe(0);
    expect(p.hasLinesForMoney).toBe(true);
    expect(p.payEligibleLinesWithCredits(costOf)).toBe(0);
  });

  it('keeps a credit-paid service paid when the lines are edited', () => {
    const p = Project.create(details, [line(1, 150)], Money.ZERO, new Date());
    p.payEligibleLinesWithCredits(costOf);
    p.setLines([line(1, 150), line(3, 120)], Money.ZERO);
    expect(p.lines.find((l) => l.serviceId === 1)?.creditsPaid).toBe(2);
    expect(p.lines.find((l) => l.serviceId === 3)?.creditsPaid ?? 0).toBe(0);
  });
});

describe('Project deposit (CONTRACT §11)', () => {
  const cents = (n: number) => Money.ofCents(n);

  it('keeps a deposit up to the price, none by default', () => {
    expect(Project.create(details, [line(1, 250)], Money.ZERO, new Date()).deposit).toBeNull();
    expect(Project.create(details, [line(1, 250)], Money.ZERO, new Date(), cents(10010)).deposit?.cents).toBe(10010);
    expect(Project.create(details, [line(1, 250)], Money.ZERO, new Date(), cents(25000)).deposit?.cents).toBe(25000);
  });

  it('refuses a deposit of 0 or above the price, naming the field', () => {
    expect(() => Project.create(details, [line(1, 250)], Money.ZERO, new Date(), cents(0))).toThrow('Deposit must be more than $0.00');
    try {
      Project.create(details, [line(1, 250)], Money.ZERO, new Date(), cents(25001));
      throw new Error('accepted');
    } catch (err) {
      expect(err).toMatchObject({
        code: 'PROJECTS.DEPOSIT_ABOVE_PRICE',
        message: "Deposit must be at most the project's price ($250.00)",
        fields: { depositAmount: "Deposit must be at most the project's price ($250.00)" },
      });
    }
  });

  it("writes the refusals' amounts in the studio's currency and locale", () => {
    const eur = { currency: 'EUR', locale: 'de-DE' };
    expect(() => Project.create(details, [line(1, 250)], Money.ZERO, new Date(), cents(25001), eur)).toThrow(
      "Deposit must be at most the project's price (250,00\u00a0€)",
    );
    expect(() => Project.create(details, [line(1, 250)], Money.ZERO, new Date(), cents(0), eur)).toThrow(
      'Deposit must be more than 0,00\u00a0€',
    );
  });

  it('checks the kept deposit against new lines, and a new deposit with them', () => {
    const p = Project.create(details, [line(1, 250), line(2, 50)], Money.ZERO, new Date(), cents(20000));
    expect(() => p.setLines([line(2, 50)], Money.ZERO)).toThrow("Deposit must be at most the project's price ($50.00)");
    p.setLines([line(2, 50)], Money.ZERO, cents(2500));
    expect([p.price.cents, p.deposit?.cents]).toEqual([5000, 2500]);
    p.setDeposit(null);
    expect(p.deposit).toBeNull();
  });

  it('never holds a deposit above its price (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 5 }),
        fc.integer({ min: 0, max: 600_000 }),
        (prices, deposit) => {
          const lines = prices.map((p, i) => ({ serviceId: i + 1, quantity: 1, unitPrice: Money.ofCents(p) }));
          try {
            const project = Project.create(details, lines, Money.ZERO, new Date(), Money.ofCents(deposit));
            return project.deposit !== null && project.deposit.cents > 0 && project.deposit.cents <= project.price.cents;
          } catch {
            return deposit === 0 || deposit > prices.reduce((a, b) => a + b, 0);
          }
        },
      ),
    );
  });
});
