import { Injectable } from '@nestjs/common';
import { AuditTrail } from '../../../shared/audit/audit-trail';
import type { SignedInAccount } from '../../../shared/auth/request-user';
import { assertMayAccess } from '../../../shared/auth/guards';
import { NotFoundError } from '../../../shared/errors/domain-error';
import { TransactionHost } from '../../../shared/transaction/transaction-host';
import { StudioSettings } from '../../studio';
import type { Discount, SchedulePart } from '../domain/invoice';
import { invoiceNumber } from '../domain/invoice-text';
import { Billing, taxOf } from './billing';
import { invoiceDetail, type InvoiceDetailView } from './invoice-views';
import { InvoiceRepository } from './ports/invoice.repository';
import { InvoiceReads } from './ports/invoice-reads';

const notFound = () => new NotFoundError('BILLING.NOT_FOUND', 'Invoice not found');

/** The invoice panel's and the client's use cases: read one, change its own lines, discount and schedule. */
@Injectable()
export class Invoices {
  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly reads: InvoiceReads,
    private readonly billing: Billing,
    private readonly tx: TransactionHost,
    private readonly studio: StudioSettings,
    private readonly audit: AuditTrail,
  ) {}

  /** One invoice, for the admin or its client (another client's, or a draft for a client: 404). */
  async detail(viewer: SignedInAccount, id: number): Promise<InvoiceDetailView> {
    const invoice = await this.invoices.byId(id, false);
    if (!invoice) throw notFound();
    assertMayAccess(viewer, invoice.clientId, 'Invoice');
    if (!viewer.isAdmin && invoice.status === 'draft') throw notFound();
    const today = await this.billing.today();
    return invoiceDetail(invoice, today, await this.reads.names(invoice.projectId), await this.reads.reminders(invoice.id));
  }

  /** The studio's custom lines and discount (never on a paid invoice: a credit note or a refund changes it). */
  async update(
    id: number,
    patch: { customLines?: Array<{ description: string; quantity: number; unitPriceCents: number }>; discount?: Discount | null },
  ): Promise<InvoiceDetailView> {
    await this.tx.run(async () => {
      const invoice = await this.invoices.byId(id, true);
      if (!invoice) throw notFound();
      const studio = await this.studio.current();
      const today = await this.billing.today(studio);
      const wasPaid = invoice.isPaid;
      invoice.setCustomLines(patch.customLines, patch.discount, studio.money);
      if (invoice.needsNumber)
        invoice.issue(await this.invoices.nextNumber(), new Date(), today, studio.props.paymentDueDays, taxOf(studio));
      await this.billing.store(invoice, wasPaid, today);
      await this.audit.record({
        action: 'invoice.updated',
        targetType: 'invoice',
        targetId: id,
        summary: `Changed the lines or discount of invoice ${invoiceNumber(invoice.number) ?? `#${id} (draft)`}`,
      });
    });
    return this.adminDetail(id);
  }

  /** Replaces the schedule (CONTRACT §14): parts summing exactly to the total. */
  async setSchedule(id: number, parts: SchedulePart[]): Promise<InvoiceDetailView> {
    await this.tx.run(async () => {
      const invoice = await this.invoices.byId(id, true);
      if (!invoice) throw notFound();
      const studio = await this.studio.current();
      const today = await this.billing.today(studio);
      invoice.setSchedule(parts, studio.money);
      await this.billing.store(invoice, invoice.isPaid, today);
      await this.audit.record({
        action: 'invoice.updated',
        targetType: 'invoice',
        targetId: id,
        summary: `Set the schedule of invoice ${invoiceNumber(invoice.number) ?? `#${id} (draft)`}: ${parts.length} installment${parts.length === 1 ? '' : 's'}`,
      });
    });
    return this.adminDetail(id);
  }

  private async adminDetail(id: number): Promise<InvoiceDetailView> {
    const invoice = await this.invoices.byId(id, false);
    if (!invoice) throw notFound();
    return invoiceDetail(
      invoice,
      await this.billing.today(),
      await this.reads.names(invoice.projectId),
      await this.reads.reminders(invoice.id),
    );
  }
}
