import { describe, expect, it } from 'vitest';
import { formatDueDate, formatShortDueDate, invoicePdfUrl, payable, payLink } from './format';

describe('invoice formatting (CONTRACT §14)', () => {
  it('reads a due date as the calendar day it names, whatever the time zone', () => {
    expect(formatDueDate('2026-03-03')).toBe('Mar 3, 2026');
    expect(formatDueDate('2026-12-31')).toBe('Dec 31, 2026');
    expect(formatDueDate(null)).toBe('');
    expect(formatDueDate('soon')).toBe('');
  });

  it('leaves the year out of the short form in the current year only', () => {
    const now = new Date(2026, 0, 15);
    expect(formatShortDueDate('2026-03-03', now)).toBe('Mar 3');
    expect(formatShortDueDate('2027-01-02', now)).toBe('Jan 2, 2027');
  });

  it('links the PDF and the payment, and offers Pay on an open invoice with something due', () => {
    expect(invoicePdfUrl(12)).toBe('/api/invoices/12/pdf');
    expect(payLink(4)).toBe('/projects?pay=4');
    expect(payable({ status: 'open', due: 10 })).toBe(true);
    expect(payable({ status: 'open', due: 0 })).toBe(false);
    expect(payable({ status: 'paid', due: 0 })).toBe(false);
    expect(payable({ status: 'void', due: 10 })).toBe(false);
  });
});
