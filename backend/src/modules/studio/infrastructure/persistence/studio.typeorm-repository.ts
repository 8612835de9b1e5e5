import { Injectable } from '@nestjs/common';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { StudioRepository } from '../../application/ports/studio.repository';
import type { Studio, StudioProps } from '../../domain/studio';
import { STUDIO_COLUMNS, studioFromRow, StudioRow } from './studio.mapper';

@Injectable()
export class StudioTypeormRepository extends StudioRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  async load(options: { forUpdate?: boolean } = {}): Promise<Studio> {
    const rows: StudioRow[] = await this.tx.manager.query(
      `SELECT ${STUDIO_COLUMNS} FROM studio_settings WHERE id = 1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    );
    if (!rows[0]) throw new Error('studio_settings has no row: the migration inserts it');
    return studioFromRow(rows[0]);
  }

  async save(p: StudioProps): Promise<Studio> {
    const result: [StudioRow[], number] = await this.tx.manager.query(
      `UPDATE studio_settings SET name = $1, accent_color = $2, email = $3, phone = $4, address = $5, website = $6, currency = $7,
              time_zone = $8, locale = $9, tax_rate = $10::numeric, tax_name = $11, tax_inclusive = $12, invoice_terms = $13,
              payment_due_days = $14, reminder_days = $15::smallint[], email_from_name = $16, reply_to = $17, booking_url = $18,
              updated_at = now()
        WHERE id = 1 RETURNING ${STUDIO_COLUMNS}`,
      [
        p.name,
        p.accentColor,
        p.email,
        p.phone,
        p.address,
        p.website,
        p.currency,
        p.timeZone,
        p.locale,
        p.taxRate,
        p.taxName,
        p.taxInclusive,
        p.invoiceTerms,
        p.paymentDueDays,
        p.reminderDays,
        p.emailFromName,
        p.replyTo,
        p.bookingUrl,
      ],
    );
    return studioFromRow(result[0][0]);
  }

  async allocateLogoVersion(): Promise<number> {
    const result: [Array<{ n: number }>, number] = await this.tx.manager.query(
      `UPDATE studio_settings SET logo_uploads = logo_uploads + 1 WHERE id = 1 RETURNING logo_uploads AS n`,
    );
    return Number(result[0][0].n);
  }

  async setLogoVersion(version: number | null): Promise<Studio> {
    const result: [StudioRow[], number] = await this.tx.manager.query(
      `UPDATE studio_settings SET logo_version = $1, updated_at = now() WHERE id = 1 RETURNING ${STUDIO_COLUMNS}`,
      [version],
    );
    return studioFromRow(result[0][0]);
  }

  async moneyHasMoved(): Promise<boolean> {
    const rows: Array<{ moved: boolean }> = await this.tx.manager.query(
      `SELECT EXISTS (SELECT 1 FROM payments WHERE status = 'completed') AS moved`,
    );
    return rows[0].moved;
  }
}
