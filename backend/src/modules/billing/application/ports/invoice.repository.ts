import type { Invoice } from '../../domain/invoice';

/** Port: invoices with their lines, schedule and postings (billing's own tables). */
export abstract class InvoiceRepository {
  /** The project's invoice; `lock`: its row locked until the open transaction ends. */
  abstract ofProject(projectId: number, lock: boolean): Promise<Invoice | null>;
  abstract byId(id: number, lock: boolean): Promise<Invoice | null>;
  /** The next invoice number, taken in the open transaction (numbers have no gaps: a rollback gives it back). */
  abstract nextNumber(): Promise<number>;
  /** Stores the invoice and what it derives (`today`: the studio's date, for the next due date). */
  abstract save(invoice: Invoice, today: string): Promise<Invoice>;
}
