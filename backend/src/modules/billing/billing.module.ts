import { Global, Module } from '@nestjs/common';
import { DomainEventsModule } from '../../shared/events/in-process-domain-events';
import { JobsModule } from '../../shared/jobs/jobs.module';
import { EmailModule } from '../email';
import { Billing } from './application/billing';
import { InvoiceDocuments } from './application/invoice-documents';
import { InvoiceReminders } from './application/invoice-reminders';
import { Invoices } from './application/invoices';
import { InvoiceMailRepository } from './application/ports/invoice-mail.repository';
import { SendInvoice } from './application/send-invoice';
import { InvoiceReads } from './application/ports/invoice-reads';
import { InvoiceRenderer } from './application/ports/invoice-renderer';
import { PdfkitInvoiceRenderer } from './infrastructure/pdf/pdfkit-invoice-renderer';
import { InvoiceRepository } from './application/ports/invoice.repository';
import { InvoicesController } from './infrastructure/http/invoices.controller';
import { InvoiceMailTypeormRepository } from './infrastructure/persistence/invoice-mail.typeorm-repository';
import { InvoiceQueries } from './infrastructure/persistence/invoice.queries';
import { InvoiceTypeormRepository } from './infrastructure/persistence/invoice.typeorm-repository';

/**
 * What is owed (CONTRACT §14, decision 0045): invoices, their schedules and postings. It imports no
 * module that pays or prices (projects, payments and credits ask it), so it is global.
 */
@Global()
@Module({
  imports: [DomainEventsModule, EmailModule, JobsModule],
  controllers: [InvoicesController],
  providers: [
    Billing,
    Invoices,
    InvoiceDocuments,
    { provide: InvoiceRepository, useClass: InvoiceTypeormRepository },
    { provide: InvoiceReads, useClass: InvoiceQueries },
    { provide: InvoiceRenderer, useClass: PdfkitInvoiceRenderer },
    SendInvoice,
    InvoiceReminders,
    { provide: InvoiceMailRepository, useClass: InvoiceMailTypeormRepository },
  ],
  exports: [Billing, InvoiceReads],
})
export class BillingModule {}
