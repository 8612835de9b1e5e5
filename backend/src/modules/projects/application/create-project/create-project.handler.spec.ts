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
    projects = new InMemoryProjects((id) => ledger.payments.completedTotal(id));
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
    expect(payments.rows).toEqual([]);
    expect(outbox.sent).toEqual([]);
  });
});
