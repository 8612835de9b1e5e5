import fc from 'fast-check';
import { DomainError } from '../../../shared/errors/domain-error';
import { DEFAULT_STUDIO_PROPS, StudioProps } from './studio';
import { applyStudioChange, currencyProblem, parseTaxRate, StudioChange } from './studio-rules';

const defaults = (): StudioProps => ({ ...DEFAULT_STUDIO_PROPS, reminderDays: [...DEFAULT_STUDIO_PROPS.reminderDays] });

/** The per-field messages of a refused change. */
function refusal(change: Record<string, unknown>): Record<string, string> {
  try {
    applyStudioChange(defaults(), change as StudioChange);
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    const err = e as DomainError;
    expect(err.kind).toBe('rule_violated');
    expect(err.code).toBe('STUDIO.INVALID_SETTINGS');
    expect(err.message).toBe(Object.values(err.fields!)[0]);
    return err.fields!;
  }
  throw new Error(`accepted ${JSON.stringify(change)}`);
}

describe('studio settings rules', () => {
  it('applies a whole change, normalized, and names the fields that changed', () => {
    const { props, changed } = applyStudioChange(defaults(), {
      name: '  Harbour Light Photography ',
      accentColor: '#0F766E',
      email: 'hello@harbourlight.example',
      phone: '+353 1 555 0100',
      address: '12 Quay Street\nGalway',
      website: 'https://harbourlight.example',
      currency: 'eur',
      timeZone: 'europe/dublin',
      locale: 'en-ie',
      taxRate: '23',
      taxName: 'VAT',
      taxInclusive: true,
      invoiceTerms: 'Due in 14 days.',
      paymentDueDays: 30,
      reminderDays: [7, -3, 0, 7, -3],
      emailFromName: 'Harbour Light',
      replyTo: 'studio@harbourlight.example',
      bookingUrl: 'https://harbourlight.example/book',
    });
    expect(props).toMatchObject({
      name: 'Harbour Light Photography',
      accentColor: '#0f766e',
      currency: 'EUR',
      timeZone: 'Europe/Dublin',
      locale: 'en-IE',
      taxRate: '23',
      reminderDays: [-3, 0, 7],
      bookingUrl: 'https://harbourlight.example/book',
    });
    expect(changed).not.toContain('reminderDays'); // [-3, 0, 7] is the default
    expect(changed).toEqual(expect.arrayContaining(['name', 'accentColor', 'currency', 'taxRate', 'taxInclusive', 'bookingUrl']));
  });

  it('changes nothing, and names nothing, for an empty change or the same values', () => {
    expect(applyStudioChange(defaults(), {}).changed).toEqual([]);
    expect(
      applyStudioChange(defaults(), { name: 'Studio Portal', currency: 'usd', accentColor: '#1E3A8A', taxRate: '0.000' }).changed,
    ).toEqual([]);
  });

  it('takes an empty or null booking URL as BOOKING_URL (null)', () => {
    const withUrl = applyStudioChange(defaults(), { bookingUrl: 'http://book.example' }).props;
    expect(applyStudioChange(withUrl, { bookingUrl: '' }).props.bookingUrl).toBeNull();
    expect(applyStudioChange(withUrl, { bookingUrl: null }).props.bookingUrl).toBeNull();
  });

  it.each([
    [{ name: '   ' }, 'name', 'Studio name is required'],
    [{ name: 'x'.repeat(101) }, 'name', 'Studio name must be at most 100 characters'],
    [
      { accentColor: '#7dd3fc' },
      'accentColor',
      'Accent colour #7dd3fc has a contrast of 1.6:1 with white text; choose one of at least 4.5:1 (AA)',
    ],
    [
      { accentColor: '#777' },
      'accentColor',
      'Accent colour #777777 has a contrast of 4.4:1 with white text; choose one of at least 4.5:1 (AA)',
    ],
    [{ accentColor: 'teal' }, 'accentColor', 'Accent colour must be a colour like #0f766e'],
    [{ currency: 'XYZ' }, 'currency', 'Currency must be an ISO 4217 code such as USD, EUR or GBP'],
    [{ currency: 'JPY' }, 'currency', 'Currency JPY must be a currency with cents (2 decimals): amounts are kept in cents'],
    [{ currency: 'BHD' }, 'currency', 'Currency BHD must be a currency with cents (2 decimals): amounts are kept in cents'],
    [{ taxRate: '8.8751' }, 'taxRate', 'Tax rate must have at most 3 decimals'],
    [{ taxRate: '30.001' }, 'taxRate', 'Tax rate must be between 0 and 30'],
    [{ taxRate: '-1' }, 'taxRate', 'Tax rate must be between 0 and 30'],
    [{ taxRate: 'eight' }, 'taxRate', 'Tax rate must be a number between 0 and 30'],
    [{ taxRate: 1e-7 }, 'taxRate', 'Tax rate must have at most 3 decimals'],
    [{ reminderDays: [-31] }, 'reminderDays', 'Reminder days must be between −30 and 60'],
    [{ reminderDays: [0, 61] }, 'reminderDays', 'Reminder days must be between −30 and 60'],
    [{ reminderDays: [1.5] }, 'reminderDays', 'Reminder days must be whole numbers of days'],
    [{ reminderDays: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }, 'reminderDays', 'At most 10 reminder days'],
    [{ paymentDueDays: 91 }, 'paymentDueDays', 'Payment due days must be a whole number between 0 and 90'],
    [{ paymentDueDays: -1 }, 'paymentDueDays', 'Payment due days must be a whole number between 0 and 90'],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'Time zone must be one such as Europe/Dublin or America/New_York'],
    [{ locale: 'not a locale!' }, 'locale', 'Locale must be a language tag such as en-US, en-IE or de-DE'],
    [{ email: 'nobody' }, 'email', 'E-mail must be an e-mail address'],
    [{ replyTo: 'a@b' }, 'replyTo', 'Reply-to address must be an e-mail address'],
    [{ website: 'javascript:alert(1)' }, 'website', 'Website must be a web address starting with https:// or http://'],
    [{ bookingUrl: 'ftp://book.example' }, 'bookingUrl', 'Booking URL must be a web address starting with https:// or http://'],
    [{ address: 'x'.repeat(501) }, 'address', 'Address must be at most 500 characters'],
    [{ invoiceTerms: 'x'.repeat(2001) }, 'invoiceTerms', 'Invoice terms must be at most 2000 characters'],
    [{ taxName: '' }, 'taxName', 'Tax name is required'],
    [{ taxName: 'x'.repeat(41) }, 'taxName', 'Tax name must be at most 40 characters'],
    [{ emailFromName: 'Evil\r\nBcc: x@y.z' }, 'emailFromName', 'Sender name must be on one line, without <, > or "'],
    [{ emailFromName: 'Studio <x@y.z>' }, 'emailFromName', 'Sender name must be on one line, without <, > or "'],
    [{ taxInclusive: 'yes' }, 'taxInclusive', 'Prices include tax must be true or false'],
  ])('refuses %j', (change, field, message) => {
    expect(refusal(change)).toEqual({ [field]: message });
  });

  it('names every bad field at once', () => {
    expect(Object.keys(refusal({ currency: 'JPY', taxRate: '8.8751', reminderDays: [99], name: 'ok' }))).toEqual([
      'currency',
      'taxRate',
      'reminderDays',
    ]);
  });

  it('accepts the two-decimal currencies the contract names', () => {
    for (const code of ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'CHF', 'SEK', 'NOK', 'DKK']) expect(currencyProblem(code)).toBeNull();
  });

  it('keeps any rate of at most 3 decimals between 0 and 30 exactly, and refuses more decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30_000 }), (thousandths) => {
        const text = (thousandths / 1000).toFixed(3);
        const parsed = parseTaxRate(text);
        expect(parsed).toEqual({ rate: String(Number(text)) });
        expect(parseTaxRate(Number(text))).toEqual(parsed);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 29_999 }), fc.integer({ min: 1, max: 9 }), (thousandths, extra) => {
        expect(parseTaxRate(`${(thousandths / 1000).toFixed(3)}${extra}`)).toEqual({ problem: 'Tax rate must have at most 3 decimals' });
      }),
    );
  });

  it('stores any accepted reminder days sorted, without repeats, within −30…60', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -30, max: 60 }), { maxLength: 10 }), (days) => {
        const stored = applyStudioChange(defaults(), { reminderDays: days }).props.reminderDays;
        expect(stored).toEqual([...new Set(days)].sort((a, b) => a - b));
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -30, max: 60 })), fc.oneof(fc.integer({ max: -31 }), fc.integer({ min: 61 })), (days, bad) => {
        expect(refusal({ reminderDays: [...days, bad] })).toEqual({ reminderDays: 'Reminder days must be between −30 and 60' });
      }),
    );
  });

  it('never changes the settings it was given', () => {
    const before = defaults();
    const copy = JSON.stringify(before);
    applyStudioChange(before, { reminderDays: [5, 1], name: 'New' });
    expect(() => applyStudioChange(before, { currency: 'JPY' })).toThrow();
    expect(JSON.stringify(before)).toBe(copy);
  });
});
