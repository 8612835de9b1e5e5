import { Studio } from '../../domain/studio';

/** A studio_settings row as STUDIO_COLUMNS selects it. */
export interface StudioRow {
  name: string;
  logo_version: number | null;
  accent_color: string;
  email: string;
  phone: string;
  address: string;
  website: string;
  currency: string;
  time_zone: string;
  locale: string;
  /** numeric(6,3) comes back as text: '8.875' */
  tax_rate: string;
  tax_name: string;
  tax_inclusive: boolean;
  invoice_terms: string;
  payment_due_days: number;
  reminder_days: number[];
  email_from_name: string;
  reply_to: string;
  booking_url: string | null;
  updated_at: Date;
}

export const STUDIO_COLUMNS = `name, logo_version, accent_color, email, phone, address, website, currency, time_zone, locale,
  tax_rate::text AS tax_rate, tax_name, tax_inclusive, invoice_terms, payment_due_days, reminder_days, email_from_name, reply_to,
  booking_url, updated_at`;

export function studioFromRow(r: StudioRow): Studio {
  return new Studio({
    name: r.name,
    logoVersion: r.logo_version,
    accentColor: r.accent_color,
    email: r.email,
    phone: r.phone,
    address: r.address,
    website: r.website,
    currency: r.currency,
    timeZone: r.time_zone,
    locale: r.locale,
    // '8.500' → '8.5', '0.000' → '0': the canonical text the domain writes
    taxRate: String(Number(r.tax_rate)),
    taxName: r.tax_name,
    taxInclusive: r.tax_inclusive,
    invoiceTerms: r.invoice_terms,
    paymentDueDays: r.payment_due_days,
    reminderDays: r.reminder_days.map(Number),
    emailFromName: r.email_from_name,
    replyTo: r.reply_to,
    bookingUrl: r.booking_url,
    updatedAt: r.updated_at,
  });
}
