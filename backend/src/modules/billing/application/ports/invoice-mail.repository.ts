/** A reminder due now: the installment, the offset of the studio's `reminderDays` it answers, its invoice. */
export interface DueReminder {
  installmentId: number;
  days: number;
  invoiceId: number;
}

/** Whom an invoice's e-mails go to: its client (null address: none is sent) and the project's name. */
export interface InvoiceRecipient {
  email: string | null;
  name: string;
  projectName: string;
}

/** Port: what the invoice e-mails (Send invoice, the payment reminders) read and claim in billing's tables. */
export abstract class InvoiceMailRepository {
  /**
   * Unpaid installments of open invoices (of clients not deleted) for which an offset d of `days` is due on
   * `today` (the studio's date): due date + d ≤ today < due date + d + 2 (a reminder missed for a day is
   * still sent the next, never later), and not yet sent (no `invoice_reminders` row). Oldest due date first.
   */
  abstract dueReminders(today: string, days: readonly number[]): Promise<DueReminder[]>;
  /**
   * Takes the reminder (installment, days) for this transaction: true when this caller inserted its row,
   * false when it was sent already or another instance is sending it now (INSERT … ON CONFLICT DO NOTHING:
   * the second waits for the first to commit, then finds the row).
   */
  abstract claim(installmentId: number, days: number): Promise<boolean>;
  /** Whether an overdue reminder (days > 0) other than `days` was sent for the installment. */
  abstract overdueRemindedBefore(installmentId: number, days: number): Promise<boolean>;
  abstract recipient(projectId: number): Promise<InvoiceRecipient | null>;
}
