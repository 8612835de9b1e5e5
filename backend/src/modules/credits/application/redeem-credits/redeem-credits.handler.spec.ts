import { PaymentLedger } from '../../../payments';
import { ledgerWithFakes } from '../../../payments/testing/in-memory-payments';
import { InMemoryProjects } from '../../../projects/testing/in-memory-projects';
import { InMemoryServices } from '../../../services/testing/in-memory-services';
import { Money } from '../../../../shared/domain/money';
import { aUser, immediateTx, InMemoryAuditTrail } from '../../../../testing/in-memory';
import { InMemoryCreditAccounts } from '../../testing/in-memory-credits';
import { RedeemCreditsHandler } from './redeem-credits.handler';
import { FixedStudioSettings } from '../../../studio/testing/fixed-studio-settings';

const person = (id: number, role: 'client' | 'admin' = 'client') => aUser(id, role);

describe('RedeemCreditsHandler', () => {
  const ann = person(1);
  const bob = person(2);
  const owner = person(9, 'admin');
  let projects: InMemoryProjects;
  let services: InMemoryServices;
  let accounts: InMemoryCreditAccounts;
  let ledger: PaymentLedger;
  let handler: RedeemCreditsHandler;
  let session: number;
  let retouch: number;
  let prints: number;

  beforeEach(async () => {
    const fakes = ledgerWithFakes();
    ledger = fakes.ledger;
    projects = new InMemoryProjects(fakes);
    services = new InMemoryServices();
    accounts = new InMemoryCreditAccounts();
    handler = new RedeemCreditsHandler(projects, services, accounts, immediateTx(), new InMemoryAuditTrail(), new FixedStudioSettings());
    const service = (name: string, dollars: number, creditEligible: boolean, creditCost: number) =>
      services
        .insert({ name, description: '', price: Money.fromDollars(dollars), isStandard: true, creditEligible, creditCost })
        .then((s) => s.id);
    session = await service('Photo session', 100, true, 3);
    retouch = await service('Retouching', 50, true, 2);
    prints = await service('Prints', 30, false, 1);
  });

  /** A project of `clientId` with the given service lines, priced from the catalogue. */
  async function project(clientId: number, lines: Array<[serviceId: number, quantity: number]>, isPaid = false): Promise<number> {
    const found = await services.findManyByIds(lines.map(([id]) => id));
    const priced = lines.map(([serviceId, quantity]) => ({ serviceId, quantity, unitPrice: found.find((s) => s.id === serviceId)!.price }));
    return projects.seed({ clientId, lines: priced, isPaid });
  }

  it('pays every eligible service with credits, debits the balance once, and leaves the rest owed in money', async () => {
    const id = await project(ann.id, [
      [session, 1],
      [retouch, 2],
      [prints, 1],
    ]);
    accounts.balances.set(ann.id, 10);

    const result = await handler.execute(ann, id);

    expect(result).toEqual({ hasRemainingServices: true, remainingBalance: 30, creditBalance: 3 });
    expect(accounts.balances.get(ann.id)).toBe(3);
    expect(accounts.entriesOf(ann.id)).toEqual([
      expect.objectContaining({ type: 'redemption', amount: 7, projectId: id, description: 'Credits used on Wedding' }),
    ]);
    const stored = projects.stored(id)!;
    expect(stored.lines.map((l) => [l.serviceId, l.creditsPaid ?? 0])).toEqual([
      [session, 3],
      [retouch, 4],
      [prints, 0],
    ]);
    expect(stored.isPaid).toBe(false);
  });

  it('marks the project paid when nothing remains owed after the redemption', async () => {
    const id = await project(ann.id, [
      [session, 1],
      [prints, 1],
    ]);
    await ledger.recordManual(id, ann.id, Money.fromDollars(30)); // the prints were paid in money
    accounts.balances.set(ann.id, 3);

    const result = await handler.execute(ann, id, '  Spring offer  ');

    expect(result).toEqual({ hasRemainingServices: false, remainingBalance: 0, creditBalance: 0 });
    expect(projects.stored(id)!.isPaid).toBe(true);
    expect(accounts.entriesOf(ann.id)).toEqual([expect.objectContaining({ type: 'redemption', amount: 3, description: 'Spring offer' })]);
  });

  it('refuses a redemption above the balance, changing neither the balance, the ledger nor the project', async () => {
    const id = await project(ann.id, [
      [session, 1],
      [retouch, 2],
    ]);
    accounts.balances.set(ann.id, 6);

    await expect(handler.execute(ann, id)).rejects.toMatchObject({ code: 'CREDITS.INSUFFICIENT_BALANCE', message: 'Insufficient credits' });

    expect(accounts.balances.get(ann.id)).toBe(6);
    expect(accounts.ledger).toEqual([]);
    expect(projects.stored(id)!.lines.every((l) => !l.creditsPaid)).toBe(true);
    expect(projects.stored(id)!.isPaid).toBe(false);
  });

  it('refuses when no eligible service is left, and spends nothing more', async () => {
    const id = await project(ann.id, [
      [session, 1],
      [prints, 1],
    ]);
    accounts.balances.set(ann.id, 10);
    await handler.execute(ann, id);

    await expect(handler.execute(ann, id)).rejects.toMatchObject({
      code: 'CREDITS.NOTHING_ELIGIBLE',
      message: 'No eligible services left to pay with credits',
    });

    expect(accounts.balances.get(ann.id)).toBe(7);
    expect(accounts.ledger).toHaveLength(1);
  });

  it('refuses a project with no credit-eligible service, and a paid one', async () => {
    const printsOnly = await project(ann.id, [[prints, 2]]);
    const paid = await project(ann.id, [[session, 1]], true);
    accounts.balances.set(ann.id, 10);

    await expect(handler.execute(ann, printsOnly)).rejects.toMatchObject({ code: 'CREDITS.NOTHING_ELIGIBLE' });
    await expect(handler.execute(ann, paid)).rejects.toMatchObject({ code: 'CREDITS.NOTHING_ELIGIBLE' });
    expect(accounts.balances.get(ann.id)).toBe(10);
  });

  it("answers not found for another client's project, for the admin, and for a deleted project", async () => {
    const id = await project(ann.id, [[session, 1]]);
    accounts.balances.set(ann.id, 10);
    accounts.balances.set(bob.id, 10);

    await expect(handler.execute(bob, id)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(handler.execute(owner, id)).rejects.toMatchObject({ kind: 'not_found' });
    await projects.softDelete(id);
    await expect(handler.execute(ann, id)).rejects.toMatchObject({ kind: 'not_found' });

    expect(accounts.balances.get(ann.id)).toBe(10);
    expect(accounts.balances.get(bob.id)).toBe(10);
    expect(accounts.ledger).toEqual([]);
  });
  it('after a payment in money, refuses credits that would pay more than is still owed, and spends nothing', async () => {
    const id = await project(ann.id, [
      [session, 1],
      [prints, 1],
    ]);
    accounts.balances.set(ann.id, 10);
    await ledger.recordManual(id, ann.id, Money.fromDollars(110)); // $20 of $130 still owed

    await expect(handler.execute(ann, id)).rejects.toMatchObject({
      code: 'CREDITS.WOULD_OVERPAY',
      message: 'Credits would pay more than the $20.00 still owed: please pay the balance by card',
    });
    expect(accounts.balances.get(ann.id)).toBe(10);
    expect(accounts.entriesOf(ann.id)).toEqual([]);
  });

  it('after a payment in money, lets credits pay services worth no more than what is owed', async () => {
    const id = await project(ann.id, [
      [session, 1],
      [prints, 1],
    ]);
    accounts.balances.set(ann.id, 10);
    await ledger.recordManual(id, ann.id, Money.fromDollars(30)); // a deposit: $100 still owed

    expect(await handler.execute(ann, id)).toEqual({ hasRemainingServices: false, remainingBalance: 0, creditBalance: 7 });
  });
});
