import { formatMoney, type MoneyStyle } from '../../../shared/domain/money-format';

/**
 * The studio's own settings (CONTRACT §13): who the portal belongs to, how it writes money, how it
 * bills and how its e-mails are signed. One row; the default studio is 'Studio Portal' in USD.
 */
export interface StudioProps {
  name: string;
  /** Bumped at each logo upload; null while the studio has no logo. */
  logoVersion: number | null;
  /** '#rrggbb', AA contrast (≥ 4.5:1) with white text. */
  accentColor: string;
  email: string;
  phone: string;
  address: string;
  website: string;
  /** ISO 4217, a two-decimal currency, upper case ('USD'). */
  currency: string;
  /** IANA zone ('America/New_York'). */
  timeZone: string;
  /** BCP 47 ('en-US'). */
  locale: string;
  /** Percent with up to 3 decimals, as a decimal string ('8.875'); 0–30. */
  taxRate: string;
  taxName: string;
  taxInclusive: boolean;
  invoiceTerms: string;
  paymentDueDays: number;
  /** Days from the due date, −30…60, ascending, no repeats ([-3, 0, 7]). */
  reminderDays: number[];
  /** The e-mails' sender name; '' means the studio's name. */
  emailFromName: string;
  /** The e-mails' Reply-To; '' means none. */
  replyTo: string;
  /** The booking page; null means BOOKING_URL (the environment's default). */
  bookingUrl: string | null;
  updatedAt: Date;
}

export const DEFAULT_ACCENT = '#1e3a8a';

export const DEFAULT_STUDIO_PROPS: StudioProps = {
  name: 'Studio Portal',
  logoVersion: null,
  accentColor: DEFAULT_ACCENT,
  email: '',
  phone: '',
  address: '',
  website: '',
  currency: 'USD',
  timeZone: 'UTC',
  locale: 'en-US',
  taxRate: '0',
  taxName: 'Sales tax',
  taxInclusive: false,
  invoiceTerms: '',
  paymentDueDays: 14,
  reminderDays: [-3, 0, 7],
  emailFromName: '',
  replyTo: '',
  bookingUrl: null,
  updatedAt: new Date(0),
};

/** What anyone may read of the studio (GET /api/studio, and every HTML page the server sends). */
export interface PublicStudioView {
  name: string;
  logoUrl: string | null;
  accentColor: string;
  email: string;
  phone: string;
  address: string;
  website: string;
  currency: string;
  timeZone: string;
  locale: string;
  bookingUrl: string | null;
}

export class Studio {
  constructor(readonly props: StudioProps) {}

  static default(): Studio {
    return new Studio({ ...DEFAULT_STUDIO_PROPS });
  }

  get name(): string {
    return this.props.name;
  }

  /** ISO 4217, upper case ('USD'): Stripe takes it lower-cased. */
  get currency(): string {
    return this.props.currency;
  }

  get money(): MoneyStyle {
    return { currency: this.props.currency, locale: this.props.locale };
  }

  /** 7500 → '$75.00' in the default studio, '75,00 €' in a de-DE EUR one. */
  formatMoney(cents: number): string {
    return formatMoney(cents, this.money);
  }

  /** The name an e-mail is sent under. */
  get senderName(): string {
    return this.props.emailFromName.trim() || this.props.name;
  }

  /** The logo's address on this site (relative), changing with each upload; null without a logo. */
  get logoPath(): string | null {
    return this.props.logoVersion === null ? null : `/api/studio/logo?v=${this.props.logoVersion}`;
  }

  /** The public view; the booking page is the studio's own, else `defaultBookingUrl` (BOOKING_URL). */
  publicView(defaultBookingUrl: string | null): PublicStudioView {
    const p = this.props;
    return {
      name: p.name,
      logoUrl: this.logoPath,
      accentColor: p.accentColor,
      email: p.email,
      phone: p.phone,
      address: p.address,
      website: p.website,
      currency: p.currency,
      timeZone: p.timeZone,
      locale: p.locale,
      bookingUrl: p.bookingUrl ?? defaultBookingUrl,
    };
  }

  /** The contact lines an e-mail's footer, a receipt or an invoice show (the empty ones left out). */
  get contactLines(): string[] {
    const p = this.props;
    return [p.address, p.phone, p.email, p.website].map((s) => s.trim()).filter((s) => s.length > 0);
  }
}
