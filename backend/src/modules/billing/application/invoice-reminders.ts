import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../../../shared/config/app-config';
import { WebhookEvents } from '../../../shared/integrations/webhook-events';
import { JobQueue } from '../../../shared/jobs/job-queue';
import { TransactionHost } from '../../../shared/transaction/transaction-host';
import { EmailOutbox, invoiceReminderEmail } from '../../email';
import { StudioSettings } from '../../studio';
import { addDays } from '../domain/invoice';
import { invoiceNumber, todayIn } from '../domain/invoice-text';
import { invoiceSummary } from './invoice-views';
import { InvoiceMailRepository } from './ports/invoice-mail.repository';
import { InvoiceRepository } from './ports/invoice.repository';

export const REMINDERS_JOB = 'invoice-reminders';

/**
 * The payment reminders (CONTRACT §14): for each unpaid installment of an open invoice, an e-mail on each
 * of the studio's `reminderDays` (−3: 'Payment due in 3 days', 0: 'Payment due today', 7: 'Payment 7 days
 * overdue'), once per installment and offset, never for a paid one. A job on the shared queue every 15
 * minutes and once at start-up (decision 0047); a reminder whose day was missed (every instance down) is
 * still sent the day after, never later.
 *
 * Each reminder is its own transaction: the invoice's row is locked (a payment being posted finishes
 * first), it is checked again with the Invoice aggregate (still open, the installment still owed, the offset
 * still due), then claimed in `invoice_reminders` (INSERT … ON CONFLICT DO NOTHING: two instances running at
 * once send it once), and the e-mail is queued in the outbox with the claim. The first overdue reminder of
 * an installment also tells the integrators (`invoice.overdue`).
 *
 * The link opens the payment of the project (`/projects?pay=<projectId>`); the portal asks to sign in
 * first: the product has no e-mailed link that signs in by itself.
 */
@Injectable()
export class InvoiceReminders implements OnModuleInit {
  private readonly logger = new Logger('InvoiceReminders');

  constructor(
    private readonly jobs: JobQueue,
    private readonly mail: InvoiceMailRepository,
    private readonly invoices: InvoiceRepository,
    private readonly studio: StudioSettings,
    private readonly outbox: EmailOutbox,
    private readonly webhooks: WebhookEvents,
    private readonly tx: TransactionHost,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.define({
      name: REMINDERS_JOB,
      cron: '*/15 * * * *',
      runAtStart: true,
      run: async () => {
        await this.run();
      },
    });
  }

  /** Sends the reminders due at `now` (the studio's date then); answers how many e-mails were queued. */
  async run(now: Date = new Date()): Promise<{ sent: number }> {
    const studio = await this.studio.current();
    const today = todayIn(studio.props.timeZone, now);
    const due = await this.mail.dueReminders(today, studio.props.reminderDays);
    let sent = 0;
    for (const reminder of due) {
      try {
        if (await this.tx.run(() => this.send(reminder.invoiceId, reminder.installmentId, reminder.days, today))) sent += 1;
      } catch (err) {
        // one reminder that fails (a database error) does not hold up the others; the next run tries it again
        this.logger.error(`reminder ${reminder.days} of installment ${reminder.installmentId}: ${(err as Error).message}`);
      }
    }
    if (sent) this.logger.log(`${sent} payment reminder${sent === 1 ? '' : 's'} queued`);
    return { sent };
  }

  private async send(invoiceId: number, installmentId: number, days: number, today: string): Promise<boolean> {
    const invoice = await this.invoices.byId(invoiceId, true);
    if (!invoice || invoice.status !== 'open' || invoice.number === null) return false;
    const installment = invoice.installments(today).find((i) => i.id === installmentId);
    if (!installment || installment.remainingCents <= 0) return false;
    const on = addDays(installment.dueDate, days);
    if (!(on <= today && today < addDays(on, 2))) return false; // the schedule moved since it was found
    const who = await this.mail.recipient(invoice.projectId);
    if (!who?.email) return false;
    if (!(await this.mail.claim(installmentId, days))) return false;
    const number = invoiceNumber(invoice.number)!;
    await this.outbox.enqueue(
      invoiceReminderEmail({
        to: who.email,
        username: who.name,
        invoiceNumber: number,
        projectName: who.projectName,
        installmentLabel: installment.label,
        remainingCents: Math.min(installment.remainingCents, invoice.totals.due),
        dueDate: installment.dueDate,
        days,
        payUrl: `${this.config.appUrl}/projects?pay=${invoice.projectId}`,
      }),
    );
    if (days > 0 && !(await this.mail.overdueRemindedBefore(installmentId, days)))
      await this.webhooks.emit('invoice.overdue', async () => invoiceSummary(invoice, today, who.name, who.projectName));
    return true;
  }
}
