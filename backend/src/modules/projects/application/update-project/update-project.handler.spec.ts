import { User } from '../../../clients';
import { PaymentLedger } from '../../../payments';
import { InMemoryPayments, ledgerWithFakes } from '../../../payments/testing/in-memory-payments';
import { InMemoryServices } from '../../../services/testing/in-memory-services';
import { Money } from '../../../../shared/domain/money';
import { immediateTx, InMemoryAuditTrail, InMemoryUsers } from '../../../../testing/in-memory';
import type { ProjectLine } from '../../domain/project';
import { InMemoryProjects } from '../../testing/in-memory-projects';
import { LineBuilder } from '../line-builder';
import { UpdateProjectHandler } from './update-project.handler';
import { FixedStudioSettings } from '../../../studio/testing/fixed-studio-settings';

describe('UpdateProjectHandler', () => {
  let projects: InMemoryProjects;
  let users: InMemoryUsers;
  let ledger: PaymentLedger;
  let payments: InMemoryPayments;
  let handler: UpdateProjectHandler;
  let ann: User;
  let session: number;
  let prints: number;
  let id: number;

  const line = (serviceId: number, quantity: number, dollars: number, creditsPaid?: number): ProjectLine => ({
    serviceId,
    quantity,
    unitPrice: Money.fromDollars(dollars),
    ...(creditsPaid ? { creditsPaid } : {}),
  });
  const details = (changes: Partial<{ name: string; clientId: number }> = {}) => ({
    name: 'Wedding',
    description: '',
    clientId: ann.id,
    thumbnailUrl: null,
    downloadLink: null,
    photoCount: 0,
    ...changes,
  });

  beforeEach(async () => {
    users = new InMemoryUsers();
    const services = new InMemoryServices();
    const fakes = ledgerWithFakes();
    ({ ledger, payments } = fakes);
    projects = new InMemoryProjects(fakes); // the ledger posts to the invoices the projects keep
    handler = new UpdateProjectHandler(
      projects,
      users,
      services,
      new LineBuilder(services),
      ledger,
      immediateTx(),
      new InMemoryAuditTrail(),
      new FixedStudioSettings(),
    );
    ann = await users.save(User.register({ username: 'Ann Lee', email: 'ann@example.com', passwordHash: 'h' }, new Date()));
    const service = (name: string, dollars: number) =>
      services
        .insert({ name, description: '', price: Money.fromDollars(dollars), isStandard: true, creditEligible: true, creditCost: 3 })
        .then((s) => s.id);
    session = await service('Photo session', 100);
    prints = await service('Prints', 30);
    id = await projects.seed({ clientId: ann.id, lines: [line(session, 1, 100), line(prints, 1, 30)] });
  });

  const total = () => projects.stored(id)!.price.cents;

  it("replaces the lines and re-prices them at the catalogue's prices", async () => {
    await handler.execute({
      id,
      details: details({ name: 'Wedding album' }),
      selectedServices: [{ serviceId: prints, quantity: 3 }],
      price: Money.fromDollars(1),
      isPaid: false,
    });

    expect(projects.stored(id)).toMatchObject({ name: 'Wedding album', isPaid: false });
    expect(projects.stored(id)!.lines.map((l) => [l.serviceId, l.quantity])).toEqual([[prints, 3]]);
    expect(total()).toBe(9000);
  });

  it('keeps the lines and their price when none are sent', async () => {
    await handler.execute({ id, details: details(), price: Money.fromDollars(1), isPaid: false });
    expect(total()).toBe(13000);
    expect(projects.stored(id)!.lines).toHaveLength(2);
  });

  it('gives a project left without lines the service priced like it, else the first service', async () => {
    await handler.execute({ id, details: details(), selectedServices: [], price: Money.fromDollars(30), isPaid: false });
    expect(projects.stored(id)!.lines.map((l) => l.serviceId)).toEqual([prints]);

    await handler.execute({ id, details: details(), selectedServices: [], price: Money.fromDollars(55), isPaid: false });
    expect(projects.stored(id)!.lines.map((l) => l.serviceId)).toEqual([session]);
    expect(total()).toBe(10000);
  });

  it('ticking paid records what is still owed as a manual payment, once', async () => {
    await ledger.recordManual(id, ann.id, Money.fromDollars(50));

    await handler.execute({ id, details: details(), price: Money.ZERO, isPaid: true });
    await handler.execute({ id, details: details(), price: Money.ZERO, isPaid: true });

    expect(projects.stored(id)!.isPaid).toBe(true);
    expect(payments.rows.map((p) => p.amount.cents)).toEqual([5000, 8000]);
  });

  it('makes a paid project whose price goes up owe the difference (CONTRACT §12), whatever isPaid it is sent back with', async () => {
    const paid = await projects.seed({ clientId: ann.id, lines: [line(prints, 1, 30)], isPaid: true });
    const edit = (id: number, isPaid: boolean) =>
      handler.execute({ id, details: details(), selectedServices: [{ serviceId: session, quantity: 2 }], price: Money.ZERO, isPaid });

    expect((await edit(paid, true)).isPaid).toBe(false);
    expect(projects.stored(paid)).toMatchObject({ isPaid: false });
    expect(projects.stored(paid)!.price.cents).toBe(20000);
    expect(payments.rows).toEqual([]);

    // ticked on the now unpaid project: a manual payment of just the difference
    expect((await edit(paid, true)).isPaid).toBe(true);
    expect(payments.rows.map((p) => p.amount.cents)).toEqual([17000]);
    // billing raises the integrators' project.paid when the invoice becomes paid (not the projects' settle)
    expect(projects.webhooks.emitted.filter((e) => e.type === 'project.paid').map((e) => e.data)).toEqual([{ id: paid }]);
  });

  it('refuses to lower a paid project below what was paid (BILLING.BELOW_PAID): a refund comes first', async () => {
    const paid = await projects.seed({ clientId: ann.id, lines: [line(session, 1, 100)], isPaid: true });

    await expect(
      handler.execute({
        id: paid,
        details: details(),
        selectedServices: [{ serviceId: prints, quantity: 1 }],
        price: Money.ZERO,
        isPaid: true,
      }),
    ).rejects.toMatchObject({
      code: 'BILLING.BELOW_PAID',
      message: 'The total would be less than the $100.00 already paid: refund the difference first',
    });
    expect(await projects.billingOf(paid)).toMatchObject({ totalCents: 10000, paidCents: 10000, isPaid: true });
  });

  it('keeps a service paid with credits so when the lines change, and leaves it out of what is owed', async () => {
    const credited = await projects.seed({ clientId: ann.id, lines: [line(session, 1, 100, 3), line(prints, 1, 30)] });

    await handler.execute({
      id: credited,
      details: details(),
      selectedServices: [
        { serviceId: session, quantity: 1 },
        { serviceId: prints, quantity: 2 },
      ],
      price: Money.ZERO,
      isPaid: true,
    });

    const stored = projects.stored(credited)!;
    expect(stored.lines.map((l) => [l.serviceId, l.quantity, l.creditsPaid ?? 0])).toEqual([
      [session, 1, 3],
      [prints, 2, 0],
    ]);
    expect(payments.rows.map((p) => p.amount.cents)).toEqual([6000]);
    // the credit-paid service counts as paid on the invoice, the rest was paid in money
    expect(await projects.billingOf(credited)).toMatchObject({ totalCents: 16000, creditsCents: 10000, paymentsCents: 6000, isPaid: true });
    expect(stored.isPaid).toBe(true);
  });

  it('refuses an unknown project, or a client that does not exist, changing nothing', async () => {
    await expect(handler.execute({ id: 404, details: details(), price: Money.ZERO, isPaid: true })).rejects.toMatchObject({
      kind: 'not_found',
    });
    await expect(
      handler.execute({ id, details: details({ clientId: 404, name: 'Moved' }), price: Money.ZERO, isPaid: true }),
    ).rejects.toMatchObject({
      code: 'PROJECTS.CLIENT_NOT_FOUND',
    });

    expect(projects.stored(id)).toMatchObject({ name: 'Wedding', clientId: ann.id, isPaid: false });
    expect(payments.rows).toEqual([]);
  });
});
