/**
 * The Money section's choices. Currencies: two-decimal ISO 4217 codes (CONTRACT §13: amounts are kept in
 * cents), named by the browser's Intl; locales: the common ones, each shown with a sample amount.
 */
export const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'ZAR',
  'SGD',
  'HKD',
  'MXN',
  'BRL',
  'INR',
];

export const LOCALES = [
  'en-US',
  'en-GB',
  'en-IE',
  'en-CA',
  'fr-CA',
  'en-AU',
  'en-NZ',
  'en-ZA',
  'en-SG',
  'en-IN',
  'de-DE',
  'de-AT',
  'de-CH',
  'fr-FR',
  'fr-BE',
  'fr-CH',
  'it-IT',
  'es-ES',
  'es-MX',
  'pt-PT',
  'pt-BR',
  'nl-NL',
  'nl-BE',
  'sv-SE',
  'nb-NO',
  'da-DK',
  'fi-FI',
  'pl-PL',
  'cs-CZ',
];

export interface Choice {
  id: string;
  name: string;
}

function displayName(type: 'currency' | 'language', code: string): string | undefined {
  try {
    return new Intl.DisplayNames(['en'], { type }).of(code);
  } catch {
    return undefined;
  }
}

/** A list with the saved value added when it is not a listed one (so the select still shows it). */
const including = (codes: readonly string[], current?: string) => (current && !codes.includes(current) ? [...codes, current] : [...codes]);

export function currencyChoices(current?: string): Choice[] {
  return including(CURRENCIES, current).map((code) => {
    const name = displayName('currency', code);
    return { id: code, name: name && name !== code ? `${code} — ${name}` : code };
  });
}

/** 1234.5 in the locale and currency ('€1,234.50'), or null when Intl refuses either. */
export function sampleAmount(locale: string, currency: string, amount = 1234.5): string | null {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return null;
  }
}

export function localeChoices(current?: string): Choice[] {
  return including(LOCALES, current).map((tag) => {
    const name = displayName('language', tag);
    return { id: tag, name: name ? `${name} (${tag})` : tag };
  });
}

/** Every IANA zone the browser knows (with UTC, which some list apart), and the saved one. */
export function timeZoneChoices(current?: string): Choice[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = including(zones.includes('UTC') ? zones : ['UTC', ...zones], current);
  return all.map((zone) => ({ id: zone, name: zone.replace(/_/g, ' ') }));
}
