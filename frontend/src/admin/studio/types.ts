/**
 * The Studio Settings page's shapes (CONTRACT §13): GET /api/studio/settings answers the whole object,
 * PATCH /api/studio takes any of its fields but `logoUrl` (the logo has its own calls).
 */
export interface StudioSettings {
  name: string;
  /** '/api/studio/logo?v=3', or null while the studio has no logo */
  logoUrl: string | null;
  /** '#rrggbb' */
  accentColor: string;
  email: string;
  phone: string;
  address: string;
  website: string;
  /** ISO 4217 code of a two-decimal currency ('USD') */
  currency: string;
  /** IANA zone ('America/New_York') */
  timeZone: string;
  /** BCP 47 ('en-US') */
  locale: string;
  /** percent, 0–30, up to 3 decimals */
  taxRate: number;
  taxName: string;
  taxInclusive: boolean;
  invoiceTerms: string;
  paymentDueDays: number;
  /** days from the due date, −30…60 */
  reminderDays: number[];
  emailFromName: string;
  replyTo: string;
  /** null: the BOOKING_URL of the server's environment */
  bookingUrl: string | null;
}

export type StudioSettingsPatch = Partial<Omit<StudioSettings, 'logoUrl'>>;

/** What GET /api/studio answers (every visitor): what the bars, the sign-in page and the money formatter read. */
export type PublicStudio = Pick<
  StudioSettings,
  'name' | 'logoUrl' | 'accentColor' | 'email' | 'phone' | 'address' | 'website' | 'currency' | 'timeZone' | 'locale' | 'bookingUrl'
>;
