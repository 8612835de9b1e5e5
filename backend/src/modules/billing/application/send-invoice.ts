import { Injectable } from '@nestjs/common';
import { AuditTrail } from '../../../shared/audit/audit-trail';
import { AppConfig } from '../../../shared/config/app-config';
import { ConflictError, NotFoundError } from '../../../shared/errors/domain-error';
import { WebhookEvents } from '../../../shared/integrations/webhook-events';
import { TransactionHost } from '../../../shared/transaction/transaction-host';
import { EmailOutbox, invoiceEmail } from '../../email';
import { StudioSettings } from '../../studio';
import { invoiceNumber, todayIn } from '../domain/invoice-text';
import { invoiceDetail, invoiceSummary } from './invoice-views';
import { InvoiceMailRepository } from './ports/invoice-mail.repository';
import { InvoiceRenderer } from './ports/invoice-renderer';
import { InvoiceRepository } from './ports/invoice.repository';

/** Who sends it: the admin (the activity log's actor). */
export interface SendInvoiceActor {
  id: number;
  email?: string;
}

/**
 * 'Send invoice' (CONTRACT §14, POST /api/invoices/{id}/send): e-mails the client the invoice with its PDF
 * attached (made now, in the studio's look), marks it sent, records `invoice.sent` in the activity log and
 * for the integrators, all in one transaction: the e-mail goes out once it commits. A draft (no number yet)
 * or a void invoice is not sent; sending again sends it again (a client who lost it) and moves `sentAt`.
 */
@Injectable()
export class SendInvoice {
  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly mail: InvoiceMailRepository,
    private readonly renderer: InvoiceRenderer,
    private readonly studio: StudioSettings,
    private readonly outbox: EmailOutbox,
    private readonly audit: AuditTrail,
    private readonly webhooks: WebhookEvents,
    private readonly tx: TransactionHost,
    private readonly config: AppConfig,
  ) {}

  async send(invoiceId: number, actor: SendInvoiceActor): Promise<{ sentAt: string }> {
    return this.tx.run(async () => {
      const invoice = await this.invoices.byId(invoiceId, true);
      if (!invoice) throw new NotFoundError('BILLING.NOT_FOUND', 'Invoice not found');
      if (invoice.status === 'void') throw new ConflictError('BILLING.NOT_SENDABLE', 'A void invoice is not sent');
      if (invoice.number === null)
        throw new ConflictError('BILLING.NOT_SENDABLE', 'A draft invoice is sent once it has a total and a number');
      const who = await this.mail.recipient(invoice.projectId);
      if (!who?.email) throw new ConflictError('BILLING.NO_CLIENT_EMAIL', 'The client has no e-mail address: the account was deleted');
      const studio = await this.studio.current();
      const logo = await this.studio.logo();
      const now = new Date();
      const today = todayIn(studio.props.timeZone, now);
      const number = invoiceNumber(invoice.number)!;
      const pdf = await this.renderer.render(
        invoiceDetail(invoice, today, { clientName: who.name, projectName: who.projectName }, []),
        studio,
        logo?.bytes ?? null,
      );
      const t = invoice.totals;
      const next = invoice.nextInstallment(today);
      await this.outbox.enqueue({
        ...invoiceEmail({
          to: who.email,
          username: who.name,
          invoiceNumber: number,
          projectName: who.projectName,
          totalCents: t.total,
          dueCents: t.due,
          next: next
            ? {
                label: next.label,
                amountCents: Math.min(next.remainingCents, t.due),
                dueDate: next.dueDate,
                number: next.number,
                count: invoice.schedule.length,
              }
            : null,
          appUrl: this.config.appUrl,
        }),
        attachments: [{ filename: `${number}.pdf`, contentType: 'application/pdf', content: pdf }],
      });
      invoice.markSent(now);
      const saved = await this.invoices.save(invoice, today);
      await this.audit.record({
        action: 'invoice.sent',
        targetType: 'invoice',
        targetId: invoice.id,
        summary: `Sent invoice ${number} to ${who.email}`,
        ...(actor.email ? { actor: { id: actor.id, email: actor.email } } : {}),
      });
      await this.webhooks.emit('invoice.sent', async () => invoiceSummary(saved, today, who.name, who.projectName));
      return { sentAt: now.toISOString() };
    });
  }
}
