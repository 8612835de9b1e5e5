import { describe, expect, it } from 'vitest';
import { contrastNote, normalizeHex, ratioText, whiteTextContrast } from './contrast';
import { sampleAmount } from './choices';
import { changedSettings, parseReminderDay, reminderDayLabel, reminderDaysProblem, toFormValues } from './settingsForm';
import type { StudioSettings } from './types';

const saved: StudioSettings = {
  name: 'Studio Portal',
  logoUrl: '/api/studio/logo?v=2',
  accentColor: '#1e3a8a',
  email: '',
  phone: '',
  address: '',
  website: '',
  currency: 'USD',
  timeZone: 'UTC',
  locale: 'en-US',
  taxRate: 0,
  taxName: 'Sales tax',
  taxInclusive: false,
  invoiceTerms: '',
  paymentDueDays: 14,
  reminderDays: [-3, 0, 7],
  emailFromName: '',
  replyTo: '',
  bookingUrl: 'https://cal.example.com/old',
};

describe('the settings form', () => {
  it('holds every setting but the logo, an unset booking URL as empty text', () => {
    const values = toFormValues({ ...saved, bookingUrl: null });
    expect(values).not.toHaveProperty('logoUrl');
    expect(values.bookingUrl).toBe('');
    expect(values.reminderDays).toEqual([-3, 0, 7]);
  });

  it('sends only what changed: texts trimmed, an emptied booking URL as null (BOOKING_URL)', () => {
    const before = toFormValues(saved);
    expect(changedSettings(before, { ...before })).toEqual({});
    expect(changedSettings(before, { ...before, name: ' Studio Portal ' })).toEqual({});
    expect(
      changedSettings(before, {
        ...before,
        name: ' Harbour Light ',
        taxRate: 8.875,
        taxInclusive: true,
        reminderDays: [-3, 0],
        bookingUrl: '  ',
      }),
    ).toEqual({ name: 'Harbour Light', taxRate: 8.875, taxInclusive: true, reminderDays: [-3, 0], bookingUrl: null });
  });

  it('sends an emptied number as null (the server names the field) rather than leaving it out', () => {
    const before = toFormValues(saved);
    expect(changedSettings(before, { ...before, paymentDueDays: null as unknown as number })).toEqual({ paymentDueDays: null });
  });

  it('reads the reminder chips: whole days, −30…60, at most 10', () => {
    expect(parseReminderDay('-3')).toBe(-3);
    expect(parseReminderDay('−3')).toBe(-3);
    expect(parseReminderDay(' 7 ')).toBe(7);
    expect(parseReminderDay('1.5')).toBeNull();
    expect(parseReminderDay('soon')).toBeNull();
    expect(reminderDayLabel(-1)).toBe('1 day before');
    expect(reminderDayLabel(0)).toBe('On the due date');
    expect(reminderDayLabel(14)).toBe('14 days after');
    expect(reminderDaysProblem([-30, 0, 60])).toBeUndefined();
    expect(reminderDaysProblem([-31])).toBe('Reminder days must be between −30 and 60');
    expect(reminderDaysProblem([61])).toBe('Reminder days must be between −30 and 60');
    expect(reminderDaysProblem(['soon'])).toBe('Reminder days must be whole numbers of days');
    expect(reminderDaysProblem([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])).toBe('At most 10 reminder days');
  });
});

describe('the accent colour note', () => {
  it('measures white text the way WCAG 2.x does', () => {
    expect(whiteTextContrast('#1e3a8a')).toBeCloseTo(10.36, 1);
    expect(whiteTextContrast('#0f766e')).toBeCloseTo(5.47, 2);
    expect(whiteTextContrast('#ffffff')).toBeCloseTo(1, 5);
    expect(whiteTextContrast('#000000')).toBeCloseTo(21, 5);
    expect(normalizeHex('#0F7')).toBe('#00ff77');
    expect(normalizeHex('teal')).toBeNull();
  });

  it('rounds down, so a failing colour never reads 4.5:1', () => {
    expect(ratioText(4.4999)).toBe('4.4:1');
    expect(ratioText(4.5)).toBe('4.5:1');
  });

  it('passes teal and warns about a pale blue, naming the ratio', () => {
    expect(contrastNote('#0f766e')).toEqual({ ok: true, text: 'White text on #0f766e: 5.4:1, passes AA (at least 4.5:1)' });
    expect(contrastNote('#7dd3fc')).toEqual({
      ok: false,
      text: "White text on #7dd3fc: 1.6:1, under AA's 4.5:1: this colour will be refused",
    });
    expect(contrastNote('#7dd')).toEqual(expect.objectContaining({ ok: false }));
    expect(contrastNote('#7d')).toBeNull();
  });
});

describe('the money sample', () => {
  it("writes 1,234.50 in the studio's currency and locale", () => {
    expect(sampleAmount('en-US', 'USD')).toBe('$1,234.50');
    expect(sampleAmount('en-IE', 'EUR')).toBe('€1,234.50');
    expect(sampleAmount('de-DE', 'EUR')).toBe('1.234,50\u00a0€');
    expect(sampleAmount('en-US', 'NOPE!')).toBeNull();
  });
});
