/** An in-memory fake of the projects port, for handler specs (projects', and credits' redemption). */
import { Money } from '../../../shared/domain/money';
import { InvoicePaidChanged, type ProjectBilling } from '../../billing';
import { billingWithFakes } from '../../billing/testing/in-memory-billing';
import { InvoicePaidChangedHandler } from '../application/paid-cache/invoice-paid-changed.handler';
import { ProjectRepository } from '../application/ports/project.repository';
import { Project, ProjectLine, ProjectProps } from '../domain/project';
import { depositAbovePrice, depositNotPositive } from '../domain/projects.errors';

const copy = (p: Readonly<ProjectProps>): ProjectProps => ({ ...p, lines: p.lines.map((l) => ({ ...l })) });

type BillingFakes = ReturnType<typeof billingWithFakes>;

/**
 * Projects as stored: a handler gets a copy, so nothing it changes is kept until it calls `update`
 * (as with the table). Deleted projects are invisible to `findForUpdate` but kept.
 *
 * What is owed is the real Billing's answer (`billed`: share it with the payments fakes, `ledgerWithFakes()`,
 * so that their payments post to the same invoices): like ProjectTypeormRepository, `insert` and `update`
 * keep the project's invoice in step with its lines and deposit, the deposit and paid flag read come from
 * billing, and the stored `isPaid` is the lists' cache, kept by InvoicePaidChangedHandler on billing's events.
 */
export class InMemoryProjects extends ProjectRepository {
  readonly rows = new Map<number, { props: ProjectProps; deleted: boolean }>();
  private nextId = 1;
  private seededPayments = 0;
  readonly billing: BillingFakes['billing'];
  readonly invoices: BillingFakes['invoices'];
  /** The integrators' events billing raised (project.paid, invoice.paid), in order. */
  readonly webhooks: BillingFakes['webhooks'];

  constructor(private readonly billed: BillingFakes = billingWithFakes()) {
    super();
    ({ billing: this.billing, invoices: this.invoices, webhooks: this.webhooks } = billed);
    billed.events.subscribe(InvoicePaidChanged, new InvoicePaidChangedHandler(this));
  }

  async owed(id: number): Promise<Money> {
    return Money.ofCents((await this.billing.ofProject(id))?.dueCents ?? 0);
  }

  async settle(project: Project): Promise<void> {
    const billing = await this.billing.ofProject(project.id);
    project.paidAsDerived(billing ? billing.isPaid : true);
  }

  async cachePaid(projectId: number, paid: boolean): Promise<void> {
    const row = this.rows.get(projectId);
    if (row) row.props.isPaid = paid;
  }

  async findForUpdate(id: number): Promise<Project | null> {
    const row = this.rows.get(id);
    if (!row || row.deleted) return null;
    // The deposit is the first installment of the project's invoice (CONTRACT §14): billing's to say.
    const billing = await this.billing.ofProject(id, true);
    return Project.restore({
      ...copy(row.props),
      deposit: billing?.depositCents ? Money.ofCents(billing.depositCents) : null,
      isPaid: billing ? billing.isPaid : row.props.isPaid,
    });
  }

  async insert(project: Project): Promise<Project> {
    const stored = project.withId(this.nextId++);
    this.rows.set(stored.id, { props: { ...copy(stored.snapshot), deposit: null }, deleted: false });
    await this.bill(stored);
    return Project.restore(copy(stored.snapshot));
  }

  async update(project: Project): Promise<void> {
    const row = this.rows.get(project.id);
    if (!row) throw new Error(`no project ${project.id} to update`);
    // the stored flag is billing's (the cache kept on its events), not the handler's; the deposit is the invoice's
    row.props = { ...copy(project.snapshot), deposit: null, isPaid: row.props.isPaid };
    await this.bill(project);
  }

  async softDelete(id: number): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.deleted) return false;
    row.deleted = true;
    await this.billing.voidProject(id);
    return true;
  }

  /** As ProjectTypeormRepository's `bill`: the project's invoice kept in step with its lines and deposit. */
  private async bill(project: Project): Promise<ProjectBilling> {
    const p = project.snapshot;
    const style = (await this.billed.studio.current()).money;
    const billing = await this.billing.syncProject({
      projectId: project.id,
      clientId: p.clientId,
      name: p.name,
      lines: p.lines.map((l) => ({
        serviceId: l.serviceId,
        description: `Service #${l.serviceId}`,
        quantity: l.quantity,
        unitPriceCents: l.unitPrice.cents,
        paidWithCredits: (l.creditsPaid ?? 0) > 0,
      })),
      priceWithoutLinesCents: p.lines.length ? 0 : p.price.cents,
      depositCents: p.deposit?.cents ?? null,
      depositErrors: {
        notPositive: () => depositNotPositive(style),
        abovePrice: (cents) => depositAbovePrice(Money.ofCents(cents), style),
      },
    });
    project.paidAsDerived(billing.isPaid);
    return billing;
  }

  /**
   * Stores a project of `clientId` with these lines (priced by them), as the admin would have created it;
   * `isPaid`: paid in full before the spec starts (a payment posted to its invoice, outside the ledger fake).
   * The integrators' events of the arrangement are cleared.
   */
  async seed(p: { clientId: number; lines: ProjectLine[]; name?: string; isPaid?: boolean }): Promise<number> {
    const details = {
      name: p.name ?? 'Wedding',
      description: '',
      clientId: p.clientId,
      thumbnailUrl: null,
      downloadLink: null,
      photoCount: 0,
    };
    const project = await this.insert(Project.create(details, p.lines, Money.ZERO, new Date()));
    const due = (await this.owed(project.id)).cents;
    if (p.isPaid && due > 0)
      await this.billing.postPayment({
        projectId: project.id,
        paymentId: 1_000_000 + ++this.seededPayments,
        amountCents: due,
        method: 'manual',
        exact: true,
      });
    this.webhooks.emitted.length = 0;
    return project.id;
  }

  /** What is stored for a project (deleted or not), for assertions. */
  stored(id: number): ProjectProps | undefined {
    const row = this.rows.get(id);
    return row ? copy(row.props) : undefined;
  }

  /** The project's invoice as billing sees it now. */
  async billingOf(id: number): Promise<ProjectBilling | null> {
    return this.billing.ofProject(id);
  }
}
