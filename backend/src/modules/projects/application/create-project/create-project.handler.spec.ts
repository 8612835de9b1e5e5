import { User } from '../../../clients';
import type { EmailOutbox } from '../../../email';
import { DEFAULT_MANUAL_NOTE } from '../../../payments';
import { InMemoryPayments, ledgerWithFakes } from '../../../payments/testing/in-memory-payments';
import { InMemoryServices } from '../../../services/testing/in-memory-services';
import { AppConfig } from '../../../../shared/config/app-config';
import { Money } from '../../../../shared/domain/money';
import { CollectingOutbox, immediateTx, InMemoryAuditTrail, InMemoryUsers } from '../../../../testing/in-memory';
import { InMemoryProjects } from '../../testing/in-memory-projects';
import { LineBuilder } from '../line-builder';
import { CreateProjectHandler } from './create-project.handler';
import { FixedStudioSettings } from '../../../studio/testing/fixed-studio-settings';

describe('CreateProjectHandler', () => {
  const config = Object.assign(new AppConfig(), { appUrl: 'http://studio.test' });
  let projects: InMemoryProjects;
  let users: InMemoryUsers;
  let payments: InMemoryPayments;
  let outbox: CollectingOutbox;
  let handler: CreateProjectHandler;
  let ann: User;
  let session: number;
  let prints: number;

  beforeEach(async () => {
    users = new InMemoryUsers();
    const services = new InMemoryServices();
    const ledger = ledgerWithFakes();
    payments = ledger.payments;
    projects = new InMemoryProjects(ledger);
    outbox = new CollectingOutbox();
    handler = new CreateProjectHandler(
      projects,
      users,
      new LineBuilder(services),
      ledger.ledger,
      outbox as unknown as EmailOutbox,
      immediateTx(),
      config,
      new InMemoryAuditTrail(),
      new FixedStudioSettings(),
    );
    ann = await users.save(User.register({ username: 'Ann Lee', email: 'ann@example.com', passwordHash: 'h' }, new Date()));
    const service = (name: string, dollars: number) =>
      services
        .insert({ name, description: '', price: Money.fromDollars(dollars), isStandard: true, creditEligible: true, creditCost: 2 })
        .then((s) => s.id);
    session = await service('Photo session', 100);
    prints = await service('Prints', 30);
  });

  const details = (clientId: number) => ({
    name: ' Wedding ',
    description: '',
    clientId,
    thumbnailUrl: null,
    downloadLink: null,
    photoCount: 120,
  });

  it("creates the project priced from its lines at the catalogue's prices, and tells the client by e-mail", async () => {
    const created = await handler.execute({
      details: details(ann.id),
      selectedServices: [
        { serviceId: session, quantity: 1 },
        { serviceId: prints, quantity: 2 },
        { serviceId: session, quantity: 1 },
      ],
      price: Money.fromDollars(1),
      isPaid: false,
    });

    const stored = projects.stored(created.id)!;
    expect(stored).toMatchObject({ name: 'Wedding', clientId: ann.id, photoCount: 120, isPaid: false, serviceId: session });
    expect(stored.price.cents).toBe(26000);
    expect(stored.lines.map((l) => [l.serviceId, l.quantity, l.unitPrice.cents])).toEqual([
      [session, 2, 10000],
      [prints, 2, 3000],
    ]);
    expect(payments.rows).toEqual([]);
    expect(outbox.sent).toEqual([
      expect.objectContaining({ kind: 'project-notification', to: 'ann@example.com', subject: 'Your new project: Wedding' }),
    ]);
  });

  it('takes the price given when the project has no lines', async () => {
    const created = await handler.execute({ details: details(ann.id), selectedServices: [], price: Money.fromDollars(75), isPaid: false });
    expect(projects.stored(created.id)!.price.cents).toBe(7500);
    expect(projects.stored(created.id)!.lines).toEqual([]);
  });

  it("'Mark as Already Paid' records a completed manual payment of the price and stores the project paid", async () => {
    const created = await handler.execute({
      details: details(ann.id),
      selectedServices: [{ serviceId: prints, quantity: 1 }],
      price: Money.ZERO,
      isPaid: true,
    });

    expect(projects.stored(created.id)!.isPaid).toBe(true);
    expect(payments.rows).toHaveLength(1);
    expect(payments.rows[0]).toMatchObject({
      projectId: created.id,
      clientId: ann.id,
      status: 'completed',
      note: DEFAULT_MANUAL_NOTE,
      stripePaymentId: null,
    });
    expect(payments.rows[0].amount.cents).toBe(3000);
    // posted to the project's invoice; billing raises project.paid (once, in the transaction)
    expect(await projects.billingOf(created.id)).toMatchObject({ totalCents: 3000, paymentsCents: 3000, isPaid: true, status: 'paid' });
    expect(projects.webhooks.emitted.filter((e) => e.type === 'project.paid').map((e) => e.data)).toEqual([{ id: created.id }]);
  });

  it('gives the project its invoice: one payment of the price, or the deposit then the balance (CONTRACT §11, §14)', async () => {
    const plain = await handler.execute({
      details: details(ann.id),
      selectedServices: [{ serviceId: session, quantity: 1 }],
      price: Money.ZERO,
      isPaid: false,
    });
    const withDeposit = await handler.execute({
      details: details(ann.id),
      selectedServices: [{ serviceId: session, quantity: 2 }],
      price: Money.ZERO,
      deposit: Money.fromDollars(50),
      isPaid: false,
    });

    const bill = (await projects.billingOf(plain.id))!;
    expect(bill).toMatchObject({
      totalCents: 10000,
      dueCents: 10000,
      isPaid: false,
      status: 'open',
      depositCents: null,
      number: 'INV-000001',
    });
    expect(bill.installments.map((i) => [i.label, i.amountCents])).toEqual([['Payment', 10000]]);
    const deposit = (await projects.billingOf(withDeposit.id))!;
    expect(deposit).toMatchObject({ totalCents: 20000, depositCents: 5000, depositDueCents: 5000 });
    expect(deposit.installments.map((i) => [i.label, i.amountCents])).toEqual([
      ['Deposit', 5000],
      ['Balance', 15000],
    ]);
    // the deposit read back with the project is billing's
    expect((await projects.findForUpdate(withDeposit.id))!.deposit!.cents).toBe(5000);
    expect(projects.stored(withDeposit.id)!.isPaid).toBe(false);
    expect(projects.webhooks.emitted).toEqual([]);
  });

  it('refuses an unknown client or service, storing nothing and sending nothing', async () => {
    await expect(handler.execute({ details: details(404), selectedServices: [], price: Money.ZERO, isPaid: true })).rejects.toMatchObject({
      code: 'PROJECTS.CLIENT_NOT_FOUND',
      fields: { clientId: 'Client not found' },
    });
    await expect(
      handler.execute({ details: details(ann.id), selectedServices: [{ serviceId: 999, quantity: 1 }], price: Money.ZERO, isPaid: false }),
    ).rejects.toMatchObject({ code: 'PROJECTS.SERVICE_NOT_FOUND' });

    expect(projects.rows.size).toBe(0);
    expect(projects.invoices.rows.size).toBe(0);
    expect(payments.rows).toEqual([]);
    expect(outbox.sent).toEqual([]);
  });
});
