import { Injectable } from '@nestjs/common';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { InvoiceMailRepository, type DueReminder, type InvoiceRecipient } from '../../application/ports/invoice-mail.repository';

@Injectable()
export class InvoiceMailTypeormRepository extends InvoiceMailRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  async dueReminders(today: string, days: readonly number[]): Promise<DueReminder[]> {
    if (!days.length) return [];
    // The outer due-date range lets invoice_installments_due_idx (unpaid installments by due date) serve it.
    const rows: Array<{ installment_id: number; days: number; invoice_id: number }> = await this.tx.manager.query(
      `SELECT k.id AS installment_id, d.days, k.invoice_id
         FROM invoice_installments k
         JOIN invoices i ON i.id = k.invoice_id AND i.status = 'open'
         JOIN users u ON u.id = i.client_id AND u.deleted_at IS NULL
        CROSS JOIN unnest($2::int[]) AS d(days)
        WHERE k.paid_cents < k.amount_cents
          AND k.due_date BETWEEN $1::date - $3::int - 1 AND $1::date - $4::int
          AND k.due_date + d.days <= $1::date AND $1::date < k.due_date + d.days + 2
          AND NOT EXISTS (SELECT 1 FROM invoice_reminders r WHERE r.installment_id = k.id AND r.days = d.days)
        ORDER BY k.due_date, k.id, d.days`,
      [today, [...days], Math.max(...days), Math.min(...days)],
    );
    return rows.map((r) => ({ installmentId: r.installment_id, days: r.days, invoiceId: r.invoice_id }));
  }

  async claim(installmentId: number, days: number): Promise<boolean> {
    const rows: unknown[] = await this.tx.manager.query(
      `INSERT INTO invoice_reminders (installment_id, days) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING installment_id`,
      [installmentId, days],
    );
    return rows.length === 1;
  }

  async overdueRemindedBefore(installmentId: number, days: number): Promise<boolean> {
    const rows: unknown[] = await this.tx.manager.query(
      `SELECT 1 FROM invoice_reminders WHERE installment_id = $1 AND days > 0 AND days <> $2 LIMIT 1`,
      [installmentId, days],
    );
    return rows.length > 0;
  }

  async recipient(projectId: number): Promise<InvoiceRecipient | null> {
    const rows: Array<{ email: string; username: string; deleted: boolean; project_name: string }> = await this.tx.manager.query(
      `SELECT u.email, u.username, u.deleted_at IS NOT NULL AS deleted, p.name AS project_name
         FROM projects p JOIN users u ON u.id = p.client_id WHERE p.id = $1`,
      [projectId],
    );
    const r = rows[0];
    return r ? { email: r.deleted ? null : r.email, name: r.username, projectName: r.project_name } : null;
  }
}
