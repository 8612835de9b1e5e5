import { describe, expect, it } from 'vitest';
import {
  addMonths,
  canSave,
  convertRows,
  parseHundredths,
  rowCents,
  rowErrors,
  rowsOfSchedule,
  splitEvenly,
  splitRows,
  sumCheck,
  toScheduleBody,
  type ScheduleRow,
} from './schedule';

const rows = (...values: string[]): ScheduleRow[] =>
  values.map((value, i) => ({ key: String(i), label: `Part ${i + 1}`, value, dueDate: `2026-0${i + 1}-15` }));

describe('schedule arithmetic (CONTRACT §14)', () => {
  it('reads amounts and percents with at most two decimals, exactly', () => {
    expect(parseHundredths('33.33')).toBe(3333);
    expect(parseHundredths('0.1')).toBe(10);
    expect(parseHundredths('.5')).toBe(50);
    expect(parseHundredths('1,250.05')).toBe(125005);
    expect(parseHundredths('100')).toBe(10000);
    expect(parseHundredths('1.005')).toBeNull();
    expect(parseHundredths('')).toBeNull();
    expect(parseHundredths('-5')).toBeNull();
    expect(parseHundredths('abc')).toBeNull();
  });

  it('checks amounts against the total to the cent', () => {
    const exact = sumCheck(rows('100.00', '200.50'), 'amount', 30050);
    expect(exact).toMatchObject({ exact: true, sum: 30050, differenceText: null, text: 'Adds up to $300.50 of $300.50' });

    const short = sumCheck(rows('100.00', '200.49'), 'amount', 30050);
    expect(short).toMatchObject({ exact: false, difference: -1, text: 'Adds up to $300.49 of $300.50', differenceText: '$0.01 short' });

    const over = sumCheck(rows('150', '160'), 'amount', 30050);
    expect(over).toMatchObject({ exact: false, difference: 950, differenceText: '$9.50 over' });
  });

  it('adds floats that binary numbers get wrong exactly (0.1 + 0.2 = 0.30)', () => {
    expect(sumCheck(rows('0.10', '0.20'), 'amount', 30).exact).toBe(true);
  });

  it('turns percents into amounts half-up to the cent, the last part taking the rest', () => {
    // $100.00 in thirds: 33.33 + 33.33 + 33.34
    expect(rowCents(rows('33.33', '33.33', '33.34'), 'percent', 10000)).toEqual([3333, 3333, 3334]);
    // $100.01 at 50/50: 50.005 rounds up to 50.01, the last takes the rest (50.00)
    expect(rowCents(rows('50', '50'), 'percent', 10001)).toEqual([5001, 5000]);
    // $10.00 at 33.33/33.33/33.34: 3.333 -> 3.33 twice, the last 3.34
    const check = sumCheck(rows('33.33', '33.33', '33.34'), 'percent', 1000);
    expect(check).toMatchObject({ exact: true, sum: 1000, percentSum: 10000, text: 'Adds up to $10.00 of $10.00' });
  });

  it('says by how many percent the percents miss 100 %', () => {
    const check = sumCheck(rows('30', '60'), 'percent', 20000);
    expect(check).toMatchObject({ exact: false, sum: 18000, text: 'Adds up to $180.00 of $200.00', differenceText: '10% short' });
    expect(sumCheck(rows('60', '40.5'), 'percent', 20000).differenceText).toBe('0.5% over');
  });

  it('splits evenly with the last part taking the rounding', () => {
    expect(splitEvenly(10000, 3)).toEqual([3333, 3333, 3334]);
    expect(splitEvenly(1001, 2)).toEqual([500, 501]);
    expect(splitEvenly(5, 1)).toEqual([5]);
  });

  it("'Split in 3' makes Deposit, Installment 2 and Balance a month apart, adding up exactly", () => {
    const three = splitRows(3, 'amount', 100000, '2026-01-31');
    expect(three.map((r) => [r.label, r.value, r.dueDate])).toEqual([
      ['Deposit', '333.33', '2026-01-31'],
      ['Installment 2', '333.33', '2026-02-28'],
      ['Balance', '333.34', '2026-03-31'],
    ]);
    expect(canSave(three, 'amount', 100000)).toBe(true);
    const inPercent = splitRows(2, 'percent', 100001, '2026-05-01');
    expect(inPercent.map((r) => r.value)).toEqual(['50.00', '50.00']);
    expect(sumCheck(inPercent, 'percent', 100001).exact).toBe(true);
  });

  it('adds calendar months without overflowing short months', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
  });

  it('converts amounts to percents and back, keeping the sum exact', () => {
    const amounts = rows('100.00', '100.00', '100.01');
    const percents = convertRows(amounts, 'amount', 'percent', 30001);
    expect(percents.map((r) => r.value)).toEqual(['33.33', '33.33', '33.34']);
    expect(sumCheck(percents, 'percent', 30001).exact).toBe(true);
    // percents of 2 decimals cannot say every amount: back in amounts they are 33.33 % of $300.01 each
    // (99.99) and the rest; still exact (the editor gives back the typed amounts when nothing changed)
    const back = convertRows(percents, 'percent', 'amount', 30001);
    expect(back.map((r) => r.value)).toEqual(['99.99', '99.99', '100.03']);
    expect(sumCheck(back, 'amount', 30001).exact).toBe(true);
  });

  it('will not save without 1 to 12 valid parts adding up exactly', () => {
    expect(canSave([], 'amount', 1000)).toBe(false);
    expect(canSave(rows('10.00'), 'amount', 1000)).toBe(true);
    expect(canSave(rows('5.00', '4.99'), 'amount', 1000)).toBe(false);
    // a zero part, even adding up
    expect(canSave(rows('10.00', '0'), 'amount', 1000)).toBe(false);
    expect(rowErrors({ key: 'a', label: 'x', value: '0', dueDate: '2026-01-01' }, 0, 'amount').value).toBe(
      'Installment amount must be more than $0.00',
    );
    // a bad date, no label
    expect(rowErrors({ key: 'a', label: ' ', value: '1', dueDate: '2026-02-30' }, 100, 'amount')).toEqual({
      label: 'Installment label is required',
      dueDate: 'Due date must be a date (YYYY-MM-DD)',
    });
    // due dates in order (the server's rule)
    const [first, second] = rows('5.00', '5.00');
    expect(rowErrors({ ...second!, dueDate: '2025-12-31' }, 500, 'amount', first).dueDate).toBe(
      'Due dates must be in order: each installment due on or after the one before',
    );
    expect(canSave([first!, { ...second!, dueDate: '2025-12-31' }], 'amount', 1000)).toBe(false);
    expect(canSave([first!, { ...second!, dueDate: first!.dueDate }], 'amount', 1000)).toBe(true);
    const thirteen = splitRows(12, 'amount', 1200, '2026-01-01');
    expect(canSave(thirteen, 'amount', 1200)).toBe(true);
    expect(canSave([...thirteen, { ...thirteen[0]!, key: 'x', value: '0.01' }], 'amount', 1201)).toBe(false);
  });

  it('sends amounts or percents as numbers with the labels trimmed', () => {
    expect(toScheduleBody([{ key: 'a', label: ' Deposit ', value: '250.5', dueDate: '2026-03-01' }], 'amount')).toEqual([
      { label: 'Deposit', amount: 250.5, dueDate: '2026-03-01' },
    ]);
    expect(toScheduleBody(rows('33.33', '66.67'), 'percent')).toEqual([
      { label: 'Part 1', percent: 33.33, dueDate: '2026-01-15' },
      { label: 'Part 2', percent: 66.67, dueDate: '2026-02-15' },
    ]);
  });

  it('starts from the current schedule in order, or one payment of the total', () => {
    const fromSchedule = rowsOfSchedule(
      [
        { id: 2, number: 2, label: 'Balance', amount: 400, dueDate: '2026-06-01', paid: 0, remaining: 400, status: 'due' },
        { id: 1, number: 1, label: 'Deposit', amount: 100.1, dueDate: '2026-05-01', paid: 100.1, remaining: 0, status: 'paid' },
      ],
      50010,
    );
    expect(fromSchedule.map((r) => [r.label, r.value, r.dueDate])).toEqual([
      ['Deposit', '100.10', '2026-05-01'],
      ['Balance', '400.00', '2026-06-01'],
    ]);
    expect(rowsOfSchedule([], 12345, '2026-01-02').map((r) => [r.label, r.value, r.dueDate])).toEqual([
      ['Payment', '123.45', '2026-01-02'],
    ]);
  });
});
