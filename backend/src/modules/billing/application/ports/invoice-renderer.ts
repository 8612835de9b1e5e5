import type { Studio } from '../../../studio';
import type { InvoiceDetailView } from '../invoice-views';

/**
 * Port: turns an invoice (as GET /api/invoices/{id} shows it) into the PDF the client downloads and
 * receives with 'Send invoice', in the studio's look: its logo (the stored PNG, or null), name, contact
 * lines and accent colour, amounts in its currency and locale, dates in its time zone (CONTRACT §13, §14).
 */
export abstract class InvoiceRenderer {
  abstract render(invoice: InvoiceDetailView, studio: Studio, logo: Buffer | null): Promise<Buffer>;
}
