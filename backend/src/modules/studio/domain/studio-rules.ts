import { RuleViolatedError } from '../../../shared/errors/domain-error';
import { MIN_ACCENT_CONTRAST, normalizeHexColor, ratioText, whiteTextContrast } from './accent-color';
import type { StudioProps } from './studio';

/** A change to the settings: any of them but the logo (its own use case) and the clock. */
export type StudioChange = Partial<Omit<StudioProps, 'logoVersion' | 'updatedAt'>>;

/** The fields a change may name, in the order the Studio Settings page shows them. */
export const STUDIO_CHANGE_FIELDS = [
  'name',
  'accentColor',
  'email',
  'phone',
  'address',
  'website',
  'currency',
  'timeZone',
  'locale',
  'taxRate',
  'taxName',
  'taxInclusive',
  'invoiceTerms',
  'paymentDueDays',
  'reminderDays',
  'emailFromName',
  'replyTo',
  'bookingUrl',
] as const satisfies ReadonlyArray<keyof StudioChange>;

export const STUDIO_LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  address: 500,
  website: 500,
  taxName: 40,
  invoiceTerms: 2000,
  emailFromName: 100,
  bookingUrl: 500,
  maxTaxRate: 30,
  taxDecimals: 3,
  maxPaymentDueDays: 90,
  minReminderDay: -30,
  maxReminderDay: 60,
  maxReminders: 10,
} as const;

export const INVALID_SETTINGS = 'STUDIO.INVALID_SETTINGS';

const EMAIL = /^[^\s@<>"(),;:\\[\]]+@[^\s@<>"(),;:\\[\]]+\.[^\s@<>"(),;:\\[\]]+$/;
const LINE_BREAK = /[\r\n]/;

let currencies: Set<string> | null = null;

/** ISO 4217 codes this runtime's Intl knows. */
function knownCurrencies(): Set<string> {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies;
}

/** The currency's number of minor-unit digits as Intl writes it (USD 2, JPY 0, BHD 3). */
export function currencyDigits(code: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Why the text is not a currency the studio can bill in, or null (a known ISO 4217 code with cents). */
export function currencyProblem(code: string): string | null {
  if (!/^[A-Z]{3}$/.test(code) || !knownCurrencies().has(code)) {
    return 'Currency must be an ISO 4217 code such as USD, EUR or GBP';
  }
  if (currencyDigits(code) !== 2) return `Currency ${code} must be a currency with cents (2 decimals): amounts are kept in cents`;
  return null;
}

/** The IANA zone as Intl names it ('europe/dublin' → 'Europe/Dublin'), or null when Intl does not know it. */
export function canonicalTimeZone(zone: string): string | null {
  if (!zone || zone.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The BCP 47 tag in canonical form ('en-ie' → 'en-IE'), or null when Intl refuses it or has no data for it. */
export function canonicalLocale(tag: string): string | null {
  if (!tag || tag.length > 35) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    if (!canonical || Intl.NumberFormat.supportedLocalesOf([canonical]).length === 0) return null;
    return canonical;
  } catch {
    return null;
  }
}

/** The accent's problem (not a colour, or too little contrast with white text), or null. */
export function accentProblem(input: string): string | null {
  const hex = normalizeHexColor(input);
  if (!hex) return 'Accent colour must be a colour like #0f766e';
  const ratio = whiteTextContrast(hex);
  if (ratio < MIN_ACCENT_CONTRAST) {
    return `Accent colour ${hex} has a contrast of ${ratioText(ratio)} with white text; choose one of at least 4.5:1 (AA)`;
  }
  return null;
}

/** A tax rate as a canonical decimal string ('8.875', '20', '0'), or the reason it is not one. */
export function parseTaxRate(value: unknown): { rate: string } | { problem: string } {
  const decimals = `Tax rate must have at most ${STUDIO_LIMITS.taxDecimals} decimals`;
  const range = 'Tax rate must be between 0 and 30';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { problem: 'Tax rate must be a number between 0 and 30' };
    if (value < 0 || value > STUDIO_LIMITS.maxTaxRate) return { problem: range };
    // a number's shortest text: 8.875 → '8.875', 1e-7 → '1e-7' (more decimals than allowed)
    if (/e/i.test(String(value))) return value === 0 ? { rate: '0' } : { problem: decimals };
  }
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (/^-\d+(\.\d+)?$/.test(text)) return { problem: range };
  const m = /^(\d{1,3})(?:\.(\d+))?$/.exec(text);
  if (!m) return { problem: 'Tax rate must be a number between 0 and 30' };
  if ((m[2] ?? '').length > STUDIO_LIMITS.taxDecimals) return { problem: decimals };
  const n = Number(text);
  if (n > STUDIO_LIMITS.maxTaxRate) return { problem: range };
  return { rate: String(n) };
}

function urlProblem(label: string, value: string, max: number): string | null {
  if (value.length > max) return `${label} must be at most ${max} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${label} must be a web address starting with https:// or http://`;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || /\s/.test(value)) {
    return `${label} must be a web address starting with https:// or http://`;
  }
  return null;
}

const isText = (v: unknown): v is string => typeof v === 'string';

/**
 * Applies a change to the current settings, or throws RuleViolatedError naming every bad field
 * (`fields`: field → message; `message`: the first of them). Texts are trimmed, the accent lower-cased to
 * six digits, the currency upper-cased, the zone and locale canonical, reminder days sorted without
 * repeats, an empty booking URL null (BOOKING_URL). Returns the new settings and the names of the
 * fields whose value changed.
 */
export function applyStudioChange(current: StudioProps, change: StudioChange): { props: StudioProps; changed: Array<keyof StudioChange> } {
  const errors: Record<string, string> = {};
  const next: StudioProps = { ...current, reminderDays: [...current.reminderDays] };
  const L = STUDIO_LIMITS;
  const has = (k: keyof StudioChange) => Object.prototype.hasOwnProperty.call(change, k) && change[k] !== undefined;

  const text = (
    k: 'email' | 'phone' | 'address' | 'website' | 'invoiceTerms' | 'taxName' | 'emailFromName' | 'replyTo',
    label: string,
    max: number,
  ) => {
    if (!has(k)) return undefined;
    const v = change[k];
    if (!isText(v)) {
      errors[k] = `${label} must be text`;
      return undefined;
    }
    const t = v.trim();
    if (t.length > max) {
      errors[k] = `${label} must be at most ${max} characters`;
      return undefined;
    }
    return t;
  };

  if (has('name')) {
    const v = change.name;
    const t = isText(v) ? v.trim() : '';
    if (!isText(v) || t.length === 0) errors.name = 'Studio name is required';
    else if (t.length > L.name) errors.name = `Studio name must be at most ${L.name} characters`;
    else if (LINE_BREAK.test(t)) errors.name = 'Studio name must be on one line';
    else next.name = t;
  }

  if (has('accentColor')) {
    const v = change.accentColor;
    const problem = isText(v) ? accentProblem(v) : 'Accent colour must be a colour like #0f766e';
    if (problem) errors.accentColor = problem;
    else next.accentColor = normalizeHexColor(v as string)!;
  }

  const email = text('email', 'E-mail', L.email);
  if (email !== undefined) {
    if (email && !EMAIL.test(email)) errors.email = 'E-mail must be an e-mail address';
    else next.email = email;
  }
  const phone = text('phone', 'Phone', L.phone);
  if (phone !== undefined) {
    if (LINE_BREAK.test(phone)) errors.phone = 'Phone must be on one line';
    else next.phone = phone;
  }
  const address = text('address', 'Address', L.address);
  if (address !== undefined) next.address = address;
  const website = text('website', 'Website', L.website);
  if (website !== undefined) {
    const problem = website ? urlProblem('Website', website, L.website) : null;
    if (problem) errors.website = problem;
    else next.website = website;
  }

  if (has('currency')) {
    const v = change.currency;
    const code = isText(v) ? v.trim().toUpperCase() : '';
    const problem = currencyProblem(code);
    if (problem) errors.currency = problem;
    else next.currency = code;
  }
  if (has('timeZone')) {
    const zone = isText(change.timeZone) ? canonicalTimeZone(change.timeZone.trim()) : null;
    if (!zone) errors.timeZone = 'Time zone must be one such as Europe/Dublin or America/New_York';
    else next.timeZone = zone;
  }
  if (has('locale')) {
    const locale = isText(change.locale) ? canonicalLocale(change.locale.trim()) : null;
    if (!locale) errors.locale = 'Locale must be a language tag such as en-US, en-IE or de-DE';
    else next.locale = locale;
  }

  if (has('taxRate')) {
    const parsed = parseTaxRate(change.taxRate);
    if ('problem' in parsed) errors.taxRate = parsed.problem;
    else next.taxRate = parsed.rate;
  }
  const taxName = text('taxName', 'Tax name', L.taxName);
  if (taxName !== undefined) {
    if (!taxName) errors.taxName = 'Tax name is required';
    else if (LINE_BREAK.test(taxName)) errors.taxName = 'Tax name must be on one line';
    else next.taxName = taxName;
  }
  if (has('taxInclusive')) {
    if (typeof change.taxInclusive !== 'boolean') errors.taxInclusive = 'Prices include tax must be true or false';
    else next.taxInclusive = change.taxInclusive;
  }
  const terms = text('invoiceTerms', 'Invoice terms', L.invoiceTerms);
  if (terms !== undefined) next.invoiceTerms = terms;
  if (has('paymentDueDays')) {
    const d = change.paymentDueDays;
    if (!Number.isInteger(d) || (d as number) < 0 || (d as number) > L.maxPaymentDueDays) {
      errors.paymentDueDays = `Payment due days must be a whole number between 0 and ${L.maxPaymentDueDays}`;
    } else next.paymentDueDays = d as number;
  }
  if (has('reminderDays')) {
    const days = change.reminderDays;
    if (!Array.isArray(days) || !days.every((d) => Number.isInteger(d))) {
      errors.reminderDays = 'Reminder days must be whole numbers of days';
    } else if (days.some((d) => d < L.minReminderDay || d > L.maxReminderDay)) {
      errors.reminderDays = 'Reminder days must be between −30 and 60';
    } else {
      const unique = [...new Set(days)].sort((a, b) => a - b);
      if (unique.length > L.maxReminders) errors.reminderDays = `At most ${L.maxReminders} reminder days`;
      else next.reminderDays = unique;
    }
  }

  const fromName = text('emailFromName', 'Sender name', L.emailFromName);
  if (fromName !== undefined) {
    if (/[\r\n<>"]/.test(fromName)) errors.emailFromName = 'Sender name must be on one line, without <, > or "';
    else next.emailFromName = fromName;
  }
  const replyTo = text('replyTo', 'Reply-to address', L.email);
  if (replyTo !== undefined) {
    if (replyTo && !EMAIL.test(replyTo)) errors.replyTo = 'Reply-to address must be an e-mail address';
    else next.replyTo = replyTo;
  }
  if (Object.prototype.hasOwnProperty.call(change, 'bookingUrl') && change.bookingUrl !== undefined) {
    const v = change.bookingUrl;
    if (v === null || (isText(v) && v.trim() === '')) next.bookingUrl = null;
    else if (!isText(v)) errors.bookingUrl = 'Booking URL must be a web address starting with https:// or http://';
    else {
      const problem = urlProblem('Booking URL', v.trim(), L.bookingUrl);
      if (problem) errors.bookingUrl = problem;
      else next.bookingUrl = v.trim();
    }
  }

  const messages = Object.values(errors);
  if (messages.length > 0) throw new RuleViolatedError(INVALID_SETTINGS, messages[0], errors);

  const changed = STUDIO_CHANGE_FIELDS.filter((k) => JSON.stringify(next[k]) !== JSON.stringify(current[k]));
  return { props: next, changed };
}
