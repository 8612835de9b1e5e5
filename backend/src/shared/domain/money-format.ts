/** How the studio writes money (CONTRACT §13): its currency (ISO 4217, two decimals) in its locale. */
export interface MoneyStyle {
  currency: string;
  locale: string;
}

/** The default studio: '$75.00' exactly as the spec's screens read. */
export const DEFAULT_MONEY_STYLE: MoneyStyle = { currency: 'USD', locale: 'en-US' };

const formats = new Map<string, Intl.NumberFormat>();

function formatFor(style: MoneyStyle): Intl.NumberFormat {
  const key = `${style.locale}|${style.currency}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(style.locale, {
      style: 'currency',
      currency: style.currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    if (formats.size > 50) formats.clear();
    formats.set(key, f);
  }
  return f;
}

/**
 * 7500 → '$75.00' (USD, en-US), '75,00 €' (EUR, de-DE). Newer ICU puts narrow no-break spaces in some
 * locales' amounts; they are kept (they keep '75,00 €' on one line).
 */
export function formatMoney(cents: number, style: MoneyStyle = DEFAULT_MONEY_STYLE): string {
  return formatFor(style).format(cents / 100);
}

/** The currency's symbol in the locale: 'USD' → '$', 'EUR' → '€' (CSV headers: 'Amount (€)'). */
export function currencySymbol(style: MoneyStyle = DEFAULT_MONEY_STYLE): string {
  return (
    formatFor(style)
      .formatToParts(0)
      .find((p) => p.type === 'currency')?.value ?? style.currency
  );
}
