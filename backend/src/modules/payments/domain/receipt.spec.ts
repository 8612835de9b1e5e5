import { receiptDate, receiptDescription } from './receipt';

describe('receiptDescription', () => {
  it('names the project, and says so when the payment was its deposit', () => {
    expect(receiptDescription({ kind: 'project', name: 'Harbour wedding' })).toBe('Photography project: Harbour wedding');
    expect(receiptDescription({ kind: 'project', name: 'Harbour wedding', deposit: false })).toBe('Photography project: Harbour wedding');
    expect(receiptDescription({ kind: 'project', name: 'Harbour wedding', deposit: true })).toBe(
      'Photography project: Harbour wedding (deposit)',
    );
  });

  it('names a bundle with its credits', () => {
    expect(receiptDescription({ kind: 'bundle', name: 'Starter', credits: 1 })).toBe('Credit bundle: Starter (1 credit)');
    expect(receiptDescription({ kind: 'bundle', name: 'Pro', credits: 10 })).toBe('Credit bundle: Pro (10 credits)');
  });
});

describe("receiptDate: in the studio's time zone, saying which", () => {
  const paid = new Date('2026-01-05T15:04:00Z');
  it('writes the default studio in UTC', () => expect(receiptDate(paid)).toBe('January 5, 2026, 15:04 UTC'));
  it("writes a New York studio's receipt in its own time", () =>
    expect(receiptDate(paid, 'America/New_York')).toBe('January 5, 2026, 10:04 EST'));
  it('crosses the date line where the zone does', () =>
    expect(receiptDate(new Date('2026-01-05T23:30:00Z'), 'Pacific/Auckland')).toBe('January 6, 2026, 12:30 GMT+13'));
  it('falls back to UTC for a zone Intl does not know', () => expect(receiptDate(paid, 'Mars/Olympus')).toBe('January 5, 2026, 15:04 UTC'));
});
