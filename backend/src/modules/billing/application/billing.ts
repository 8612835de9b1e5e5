import { Injectable } from '@nestjs/common';
import { DomainEventPublisher } from '../../../shared/events/domain-events';
import { NotFoundError } from '../../../shared/errors/domain-error';
import { ProjectSnapshots, WebhookEvents } from '../../../shared/integrations/webhook-events';
import { TransactionHost } from '../../../shared/transaction/transaction-host';
import { StudioSettings, type Studio } from '../../studio';
import { InvoicePaidChanged } from '../domain/invoice-paid-changed.event';
import { Invoice, type InstallmentState, type PaymentMethod, type TaxTerms } from '../domain/invoice';
import { amountToPay, type PaymentPart, type PaymentRequest } from '../domain/payment-part';
import { invoiceNumber, rateMilli, todayIn } from '../domain/invoice-text';
import { InvoiceRepository } from './ports/invoice.repository';
import { invoiceSummary } from './invoice-views';

/** A project's line as billing keeps it in step (CONTRACT §14). */
export interface ProjectLineForBilling {
  serviceId: number;
  description: string;
  quantity: number;
  unitPriceCents: number;
  paidWithCredits: boolean;
}

/** What billing answers about a project: everything any other module may know of what it owes. */
export interface ProjectBilling {
  invoiceId: number;
  number: string | null;
  status: Invoice['status'];
  totalCents: number;
  paidCents: number;
  paymentsCents: number;
  refundedCents: number;
  creditsCents: number;
  dueCents: number;
  isPaid: boolean;
  /** The first installment when it is a deposit (CONTRACT §11's shorthand). */
  depositCents: number | null;
  /** What 'Pay Deposit' pays now: the deposit's unpaid part; null when none is due. */
  depositDueCents: number | null;
  next: { number: number; count: number; label: string; amountCents: number; dueDate: string; overdue: boolean } | null;
  installments: InstallmentState[];
}

export interface DepositErrors {
  notPositive: () => Error;
  abovePrice: (priceCents: number) => Error;
}

/** The studio's tax terms as an invoice keeps them (the rate in thousandths of a percent, exactly). */
export function taxOf(studio: Studio): TaxTerms {
  return { name: studio.props.taxName, rateMilli: rateMilli(String(studio.props.taxRate)), inclusive: studio.props.taxInclusive };
}

const invoiceNotFound = () => new NotFoundError('BILLING.NOT_FOUND', 'Invoice not found');

/**
 * The one owner of what is owed (CONTRACT §14, decision 0045). Projects keep their invoice's lines in step
 * through it, payments and refunds post to it, and every other module asks it: paid, due, overdue and each
 * installment's state are decided by the Invoice aggregate only. Calls run in the caller's transaction.
 * When an invoice's paid state changes it tells projects (InvoicePaidChanged, whose `projects.is_paid` is
 * a cache for the lists) and the integrators (`invoice.paid`, `project.paid`).
 */
@Injectable()
export class Billing {
  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly tx: TransactionHost,
    private readonly studio: StudioSettings,
    private readonly events: DomainEventPublisher,
    private readonly webhooks: WebhookEvents,
    private readonly projects: ProjectSnapshots,
  ) {}

  /** The studio's date today, in its time zone ('YYYY-MM-DD'). */
  async today(studio?: Studio): Promise<string> {
    return todayIn((studio ?? (await this.studio.current())).props.timeZone, new Date());
  }

  view(invoice: Invoice, today: string): ProjectBilling {
    const t = invoice.totals;
    const installments = invoice.installments(today);
    const next = invoice.nextInstallment(today);
    const depositCents = invoice.depositCents;
    const first = installments[0];
    return {
      invoiceId: invoice.id,
      number: invoiceNumber(invoice.number),
      status: invoice.status,
      totalCents: t.total,
      paidCents: t.paid,
      paymentsCents: t.payments,
      refundedCents: t.refunded,
      creditsCents: t.credits,
      dueCents: t.due,
      isPaid: invoice.isPaid,
      depositCents,
      depositDueCents:
        depositCents !== null && first && first.remainingCents > 0 && t.due > 0 ? Math.min(first.remainingCents, t.due) : null,
      next: next
        ? {
            number: next.number,
            count: installments.length,
            label: next.label,
            amountCents: Math.min(next.remainingCents, t.due),
            dueDate: next.dueDate,
            overdue: next.status === 'overdue',
          }
        : null,
      installments,
    };
  }

  /** The project's invoice as billing sees it now; null for a project billing has never heard of. */
  async ofProject(projectId: number, lock = false): Promise<ProjectBilling | null> {
    const invoice = await this.invoices.ofProject(projectId, lock);
    return invoice ? this.view(invoice, await this.today()) : null;
  }

  /**
   * Keeps the project's invoice in step with its lines (a draft is made for a new project; it takes its
   * number once it has a total) and, when `depositCents` is given, with its deposit (CONTRACT §11). In the
   * caller's transaction, after the project's own rows are written.
   */
  async syncProject(input: {
    projectId: number;
    clientId: number;
    name: string;
    lines: ProjectLineForBilling[];
    priceWithoutLinesCents: number;
    depositCents?: number | null;
    depositErrors?: DepositErrors;
  }): Promise<ProjectBilling> {
    const studio = await this.studio.current();
    const today = await this.today(studio);
    const found = await this.invoices.ofProject(input.projectId, true);
    const invoice = found ?? Invoice.draft(input.projectId, input.clientId, studio.currency, taxOf(studio));
    const wasPaid = found ? found.isPaid : null;
    if (found && found.clientId !== input.clientId) (invoice.snapshot as { clientId: number }).clientId = input.clientId;
    invoice.syncProjectLines(
      input.lines.map((l) => ({ ...l, serviceId: l.serviceId })),
      input.name,
      input.priceWithoutLinesCents,
      studio.money,
    );
    if (invoice.needsNumber) invoice.issue(await this.invoices.nextNumber(), new Date(), today, studio.props.paymentDueDays, taxOf(studio));
    if (input.depositCents !== undefined && input.depositErrors)
      invoice.setDeposit(input.depositCents, today, studio.props.paymentDueDays, studio.money, input.depositErrors);
    return this.store(invoice, wasPaid, today);
  }

  /** A deleted project's invoice is void: nothing is owed on it any more, nothing is reminded. */
  async voidProject(projectId: number): Promise<void> {
    const invoice = await this.invoices.ofProject(projectId, true);
    if (!invoice || invoice.status === 'void') return;
    invoice.void(new Date());
    await this.invoices.save(invoice, await this.today());
  }

  /** The amount a card payment of `request` charges now (the server's, never the browser's). */
  async amountToPay(
    projectId: number,
    request: PaymentRequest | undefined,
  ): Promise<{ part: PaymentPart; amountCents: number; billing: ProjectBilling }> {
    const studio = await this.studio.current();
    const state = await this.ofProject(projectId);
    if (!state) throw invoiceNotFound();
    return { ...amountToPay(state, request, studio.money), billing: state };
  }

  /**
   * Posts a completed payment of the project (once per payment id). `exact` (a manual payment, an amount
   * someone chose): more than is owed is refused; a card payment already taken is posted as it is.
   */
  async postPayment(p: {
    projectId: number;
    paymentId: number;
    amountCents: number;
    method: PaymentMethod;
    postedAt?: Date;
    exact: boolean;
  }): Promise<{ posted: boolean; becamePaid: boolean; billing: ProjectBilling }> {
    const studio = await this.studio.current();
    const today = await this.today(studio);
    const invoice = await this.invoices.ofProject(p.projectId, true);
    if (!invoice) throw invoiceNotFound();
    const wasPaid = invoice.isPaid;
    const posted = invoice.postPayment(
      { paymentId: p.paymentId, amountCents: p.amountCents, method: p.method, postedAt: p.postedAt ?? new Date() },
      p.exact,
      studio.money,
    );
    const billing = posted ? await this.store(invoice, wasPaid, today) : this.view(invoice, today);
    return { posted, becamePaid: !wasPaid && billing.isPaid, billing };
  }

  /** Posts a refund of a posted payment (once per refund id): what it refunds is owed again. */
  async postRefund(r: {
    projectId: number;
    paymentId: number;
    refundId: number;
    amountCents: number;
    postedAt?: Date;
  }): Promise<{ unpaidAgain: boolean }> {
    const studio = await this.studio.current();
    const today = await this.today(studio);
    const invoice = await this.invoices.ofProject(r.projectId, true);
    if (!invoice) throw invoiceNotFound();
    const wasPaid = invoice.isPaid;
    if (
      !invoice.postRefund(
        { paymentId: r.paymentId, refundId: r.refundId, amountCents: r.amountCents, postedAt: r.postedAt ?? new Date() },
        studio.money,
      )
    )
      return { unpaidAgain: false };
    const billing = await this.store(invoice, wasPaid, today);
    return { unpaidAgain: wasPaid && !billing.isPaid };
  }

  /** Stores the invoice and tells who must know when its paid state changed (`wasPaid` null: a new invoice). */
  async store(invoice: Invoice, wasPaid: boolean | null, today: string): Promise<ProjectBilling> {
    const saved = await this.invoices.save(invoice, today);
    const view = this.view(saved, today);
    if (view.isPaid !== wasPaid) {
      await this.events.publish(new InvoicePaidChanged(saved.projectId, saved.id, view.isPaid));
      if (view.isPaid) {
        // The integrators' events, in the transaction of the change that paid it (CONTRACT §9, §14).
        if (saved.number !== null) await this.webhooks.emit('invoice.paid', async () => invoiceSummary(saved, today, null, null));
        await this.webhooks.emit('project.paid', () => this.projects.project(saved.projectId));
      }
    }
    return view;
  }

  /** Runs `work` in a transaction (joining the caller's). */
  run<T>(work: () => Promise<T>): Promise<T> {
    return this.tx.run(work);
  }
}
