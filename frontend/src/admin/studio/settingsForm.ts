import type { PublicStudio, StudioSettings, StudioSettingsPatch } from './types';

/** The form's values: every setting but the logo; an empty booking URL means BOOKING_URL. */
export type StudioFormValues = Omit<StudioSettings, 'logoUrl' | 'bookingUrl'> & { bookingUrl: string };

/** The fields the form edits, in the page's order (Brand, Contact, Money, E-mail, Booking). */
export const STUDIO_FORM_FIELDS = [
  'name',
  'accentColor',
  'email',
  'phone',
  'address',
  'website',
  'currency',
  'locale',
  'timeZone',
  'taxName',
  'taxRate',
  'taxInclusive',
  'invoiceTerms',
  'paymentDueDays',
  'reminderDays',
  'emailFromName',
  'replyTo',
  'bookingUrl',
] as const satisfies readonly (keyof StudioFormValues)[];

export function toFormValues(settings: StudioSettings): StudioFormValues {
  const values = {} as Record<string, unknown>;
  for (const field of STUDIO_FORM_FIELDS) values[field] = field === 'bookingUrl' ? (settings.bookingUrl ?? '') : settings[field];
  return values as StudioFormValues;
}

const normalized = (field: keyof StudioFormValues, value: unknown): unknown => {
  if (field === 'bookingUrl') return typeof value === 'string' && value.trim() ? value.trim() : null;
  if (field === 'taxRate' || field === 'paymentDueDays') {
    // NumberInput gives null when emptied: sent as null, the server names the field
    return value === '' || value === undefined ? null : value;
  }
  if (typeof value === 'string') return value.trim();
  return value;
};

/**
 * PATCH /api/studio's body: only the fields that differ from the saved settings (texts trimmed, an empty
 * booking URL as null), so a save never rewrites what the admin did not touch.
 */
export function changedSettings(saved: StudioFormValues, values: StudioFormValues): StudioSettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const field of STUDIO_FORM_FIELDS) {
    const next = normalized(field, values[field]);
    if (JSON.stringify(next) !== JSON.stringify(normalized(field, saved[field]))) patch[field] = next;
  }
  return patch as StudioSettingsPatch;
}

/** The public subset (GET /api/studio) that the bars and the money formatter read, from the full settings. */
export function toPublicStudio(settings: StudioSettings, effectiveBookingUrl: string | null = settings.bookingUrl): PublicStudio {
  const { name, logoUrl, accentColor, email, phone, address, website, currency, timeZone, locale } = settings;
  return { name, logoUrl, accentColor, email, phone, address, website, currency, timeZone, locale, bookingUrl: effectiveBookingUrl };
}

/** '-3' → 3 days before the due date, '0' → on it, '7' → 7 days after (the reminder chips' words). */
export function reminderDayLabel(day: number): string {
  if (day === 0) return 'On the due date';
  const n = Math.abs(day);
  return `${n} ${n === 1 ? 'day' : 'days'} ${day < 0 ? 'before' : 'after'}`;
}

/** The reminder chips' typed text → a whole number of days, or null when it is not one. */
export function parseReminderDay(text: string): number | null {
  const t = text.trim().replace(/^[−–]/u, '-');
  if (!/^[+-]?\d{1,3}$/.test(t)) return null;
  return Number.parseInt(t, 10);
}

/** The reminder days' rule (the server's words): whole days from −30 to 60, at most 10. */
export function reminderDaysProblem(days: unknown): string | undefined {
  if (!Array.isArray(days)) return undefined;
  if (days.some((d) => typeof d !== 'number' || !Number.isInteger(d))) return 'Reminder days must be whole numbers of days';
  if (days.some((d: number) => d < -30 || d > 60)) return 'Reminder days must be between −30 and 60';
  if (days.length > 10) return 'At most 10 reminder days';
  return undefined;
}
