import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MONEY_STYLE, formatCredits, formatCurrency, formatDate, formatDateTime, initials, setMoneyStyle } from './formatters';

describe('formatCurrency', () => {
  it('shows dollars with 2 decimals and thousands separators', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(0.1 + 0.2)).toBe('$0.30');
  });
  it('accepts decimal strings from the API and treats junk as 0', () => {
    expect(formatCurrency('450.00')).toBe('$450.00');
    expect(formatCurrency(null)).toBe('$0.00');
    expect(formatCurrency('abc')).toBe('$0.00');
  });
});

describe("formatCurrency in the studio's currency and locale", () => {
  // the style is the module's: put the default back for the other tests of this worker
  afterEach(() => setMoneyStyle(DEFAULT_MONEY_STYLE));

  it("writes euros as Ireland does ('€75.00') and as Germany does ('75,00 €')", () => {
    setMoneyStyle({ currency: 'EUR', locale: 'en-IE' });
    expect(formatCurrency(75)).toBe('€75.00');
    expect(formatCurrency('1234.5')).toBe('€1,234.50');
    setMoneyStyle({ currency: 'EUR', locale: 'de-DE' });
    // Intl puts a no-break space before the sign, so '75,00 €' stays on one line
    expect(formatCurrency(75)).toBe('75,00\u00a0€');
    expect(formatCurrency(1234.5)).toBe('1.234,50\u00a0€');
  });

  it("the default studio's '$75.00' again, and a currency Intl does not know falls back to it", () => {
    setMoneyStyle({ currency: 'GBP', locale: 'en-GB' });
    expect(formatCurrency(75)).toBe('£75.00');
    setMoneyStyle(DEFAULT_MONEY_STYLE);
    expect(formatCurrency(75)).toBe('$75.00');
    setMoneyStyle({ currency: 'EURO', locale: 'en-IE' });
    expect(formatCurrency(75)).toBe('$75.00');
  });
});

describe('dates', () => {
  it("formats dates as 'MMM d, yyyy'", () => {
    expect(formatDate(new Date(2025, 0, 5, 15, 4))).toBe('Jan 5, 2025');
    expect(formatDate('2024-12-31T12:00:00')).toBe('Dec 31, 2024');
  });
  it("formats activity timestamps like 'Jan 5, 2025 at 3:04 PM'", () => {
    expect(formatDateTime(new Date(2025, 0, 5, 15, 4))).toBe('Jan 5, 2025 at 3:04 PM');
    expect(formatDateTime(new Date(2025, 6, 14, 0, 30))).toBe('Jul 14, 2025 at 12:30 AM');
  });
  it('returns an empty string for missing or invalid dates', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('small helpers', () => {
  it('pluralises credits', () => {
    expect(formatCredits(1)).toBe('1 credit');
    expect(formatCredits(4)).toBe('4 credits');
    expect(formatCredits(undefined)).toBe('0 credits');
  });
  it('builds initials', () => {
    expect(initials('Jane Doe')).toBe('JD');
    expect(initials('  jane  ')).toBe('J');
    expect(initials('')).toBe('?');
  });
});
