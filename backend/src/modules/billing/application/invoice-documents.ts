import { Injectable } from '@nestjs/common';
import type { SignedInAccount } from '../../../shared/auth/request-user';
import { StudioSettings } from '../../studio';
import { Invoices } from './invoices';
import { InvoiceRenderer } from './ports/invoice-renderer';

/** The invoice's PDF (CONTRACT §14), for the admin or its client, in the studio's look. */
@Injectable()
export class InvoiceDocuments {
  constructor(
    private readonly invoices: Invoices,
    private readonly renderer: InvoiceRenderer,
    private readonly studio: StudioSettings,
  ) {}

  async pdfFor(viewer: SignedInAccount, id: number): Promise<{ fileName: string; pdf: Buffer }> {
    const doc = await this.invoices.detail(viewer, id);
    const studio = await this.studio.current();
    const logo = await this.studio.logo();
    const pdf = await this.renderer.render(doc, studio, logo?.bytes ?? null);
    return { fileName: `invoice-${doc.number ?? `draft-${doc.id}`}.pdf`, pdf };
  }
}
