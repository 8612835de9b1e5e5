import { formatCurrency } from '../../shared/ui/formatters';
import type { Installment, SchedulePart } from './types';

/**
 * The schedule editor's arithmetic (CONTRACT §14): installments given as amounts (dollars) or as
 * percents of the total, checked live against the invoice's total. Everything is counted in integers,
 * cents for amounts and hundredths of a percent for percents, so that 33.33 + 33.33 + 33.34 is 100.
 * With percents, each part is its share of the total rounded half-up to the cent and the last part
 * takes the rest (what the server does), so the parts always add up to the total when the percents
 * add up to 100.
 */

export type ScheduleMode = 'amount' | 'percent';

export interface ScheduleRow {
  /** React's key (not sent) */
  key: string;
  label: string;
  /** what the admin typed: dollars ('150.00') or a percent ('33.33'), by the editor's mode */
  value: string;
  /** 'YYYY-MM-DD' (a native date input's value) */
  dueDate: string;
}

/** CONTRACT §14: 1 to 12 installments. */
export const MAX_PARTS = 12;
/** 100% in hundredths of a percent */
export const FULL_PERCENT = 10_000;

const DECIMAL = /^\d+(\.\d{0,2})?$|^\.\d{1,2}$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

let nextKey = 0;
const newKey = () => `part-${++nextKey}`;

/** '12.5' -> 1250 (hundredths); null when it is not a number with at most 2 decimals. */
export function parseHundredths(text: string): number | null {
  const t = text.trim().replace(/,/g, '');
  if (!DECIMAL.test(t)) return null;
  const [whole = '', frac = ''] = t.split('.');
  return Number(whole || '0') * 100 + Number((frac + '00').slice(0, 2));
}

/** Dollars (a number from the API) -> cents, exact to the cent. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/** Cents (or hundredths of a percent) -> the text an input shows: 3333 -> '33.33'. */
export function hundredthsText(n: number): string {
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const money = (cents: number): string => formatCurrency(cents / 100);

/** A valid calendar day 'YYYY-MM-DD'. */
export function isDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Today in the browser's zone, 'YYYY-MM-DD'. */
export function today(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** 'YYYY-MM-DD' plus `months` calendar months (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(day: string, months: number): string {
  const m = DAY.exec(day);
  if (!m) return day;
  const y = Number(m[1]);
  const mo = Number(m[2]) - 1 + months;
  const last = new Date(Date.UTC(y, mo + 1, 0)).getUTCDate();
  const d = new Date(Date.UTC(y, mo, Math.min(Number(m[3]), last)));
  return d.toISOString().slice(0, 10);
}

/** `total` split in `n` equal integer parts, the last taking the rest: 10000 / 3 -> 3333, 3333, 3334. */
export function splitEvenly(total: number, n: number): number[] {
  const base = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? total - base * (n - 1) : base));
}

/** A percent's share of the total, half-up to the cent. */
const share = (totalCents: number, hundredths: number) => Math.floor((2 * totalCents * hundredths + FULL_PERCENT) / (2 * FULL_PERCENT));

/**
 * Each row's amount in cents (null where the value is not a number). With percents the last part takes
 * the rest when the percents add up to 100 %.
 */
export function rowCents(rows: Pick<ScheduleRow, 'value'>[], mode: ScheduleMode, totalCents: number): (number | null)[] {
  const parsed = rows.map((r) => parseHundredths(r.value));
  if (mode === 'amount') return parsed;
  const cents = parsed.map((p) => (p === null ? null : share(totalCents, p)));
  const percentSum = parsed.reduce<number>((s, p) => s + (p ?? 0), 0);
  if (rows.length > 0 && percentSum === FULL_PERCENT && parsed.every((p) => p !== null)) {
    const others = cents.slice(0, -1).reduce<number>((s, c) => s + (c ?? 0), 0);
    cents[cents.length - 1] = totalCents - others;
  }
  return cents;
}

export interface SumCheck {
  /** what the parts add up to, in cents */
  sum: number;
  total: number;
  /** sum − total: negative when short */
  difference: number;
  /** percents added up (hundredths), percent mode only */
  percentSum: number | null;
  exact: boolean;
  /** 'Adds up to $X.XX of $Y.YY' */
  text: string;
  /** '$10.00 short', '$0.01 over' ('10% short' with percents); null when exact */
  differenceText: string | null;
}

/** The live sum check under the schedule editor. */
export function sumCheck(rows: Pick<ScheduleRow, 'value'>[], mode: ScheduleMode, totalCents: number): SumCheck {
  const cents = rowCents(rows, mode, totalCents);
  const sum = cents.reduce<number>((s, c) => s + (c ?? 0), 0);
  const percentSum = mode === 'percent' ? rows.reduce((s, r) => s + (parseHundredths(r.value) ?? 0), 0) : null;
  const exact =
    rows.length > 0 && cents.every((c) => c !== null) && (percentSum === null ? sum === totalCents : percentSum === FULL_PERCENT);
  const difference = sum - totalCents;
  let differenceText: string | null = null;
  if (!exact) {
    if (percentSum !== null && percentSum !== FULL_PERCENT) {
      const d = percentSum - FULL_PERCENT;
      differenceText = `${trimPercent(Math.abs(d))}% ${d < 0 ? 'short' : 'over'}`;
    } else {
      differenceText = `${money(Math.abs(difference))} ${difference < 0 ? 'short' : 'over'}`;
    }
  }
  return {
    sum,
    total: totalCents,
    difference,
    percentSum,
    exact,
    text: `Adds up to ${money(sum)} of ${money(totalCents)}`,
    differenceText,
  };
}

/** 3333 -> '33.33', 5000 -> '50' */
export function trimPercent(hundredths: number): string {
  return hundredthsText(hundredths)
    .replace(/\.00$/, '')
    .replace(/(\.\d)0$/, '$1');
}

/** What is wrong with one row (the server's sentences where it has them), or null. */
export interface RowErrors {
  label?: string;
  value?: string;
  dueDate?: string;
}

/** The server's limit on a label. */
export const MAX_LABEL = 60;

/**
 * What is wrong with row `i`: its label, its amount or percent, its due date (a date, on or after the
 * previous part's: the first part still owed is then also the earliest due).
 */
export function rowErrors(row: ScheduleRow, cents: number | null, mode: ScheduleMode, previous?: ScheduleRow): RowErrors {
  const errors: RowErrors = {};
  if (!row.label.trim()) errors.label = 'Installment label is required';
  else if (row.label.trim().length > MAX_LABEL) errors.label = 'Installment label must be at most 60 characters';
  if (parseHundredths(row.value) === null) errors.value = mode === 'amount' ? 'Enter an amount' : 'Enter a percent';
  else if (cents !== null && cents <= 0) errors.value = 'Installment amount must be more than $0.00';
  if (!isDay(row.dueDate)) errors.dueDate = 'Due date must be a date (YYYY-MM-DD)';
  else if (previous && isDay(previous.dueDate) && row.dueDate < previous.dueDate)
    errors.dueDate = 'Due dates must be in order: each installment due on or after the one before';
  return errors;
}

/** True when the schedule can be saved: 1 to 12 valid parts adding up to the total exactly. */
export function canSave(rows: ScheduleRow[], mode: ScheduleMode, totalCents: number): boolean {
  if (rows.length < 1 || rows.length > MAX_PARTS) return false;
  const cents = rowCents(rows, mode, totalCents);
  if (rows.some((r, i) => Object.keys(rowErrors(r, cents[i] ?? null, mode, rows[i - 1])).length > 0)) return false;
  return sumCheck(rows, mode, totalCents).exact;
}

/** The body of PUT /api/invoices/{id}/schedule. */
export function toScheduleBody(rows: ScheduleRow[], mode: ScheduleMode): SchedulePart[] {
  return rows.map((r) => {
    const n = (parseHundredths(r.value) ?? 0) / 100;
    const part: SchedulePart = { label: r.label.trim(), dueDate: r.dueDate };
    if (mode === 'amount') part.amount = n;
    else part.percent = n;
    return part;
  });
}

/** The editor's rows for an invoice's current schedule (amounts); one part of the total when it has none. */
export function rowsOfSchedule(schedule: Installment[], totalCents: number, firstDue = today()): ScheduleRow[] {
  if (schedule.length === 0) return [{ key: newKey(), label: 'Payment', value: hundredthsText(totalCents), dueDate: firstDue }];
  return [...schedule]
    .sort((a, b) => a.number - b.number)
    .map((i) => ({ key: newKey(), label: i.label, value: hundredthsText(toCents(i.amount)), dueDate: i.dueDate }));
}

/** A new empty row, due a month after the last one. */
export function blankRow(rows: ScheduleRow[]): ScheduleRow {
  const last = rows.at(-1)?.dueDate;
  return { key: newKey(), label: `Installment ${rows.length + 1}`, value: '', dueDate: last && isDay(last) ? addMonths(last, 1) : today() };
}

/** Deposit, Installment 2…, Balance: the labels of a schedule split in `n`. */
export function presetLabel(i: number, n: number): string {
  if (n === 1) return 'Payment';
  if (i === 0) return 'Deposit';
  if (i === n - 1) return 'Balance';
  return `Installment ${i + 1}`;
}

/**
 * 'Split in 2' / 'Split in 3': equal parts (the last takes the rounding), the first due on `firstDue`,
 * the others a month apart.
 */
export function splitRows(n: number, mode: ScheduleMode, totalCents: number, firstDue = today()): ScheduleRow[] {
  const parts = splitEvenly(mode === 'amount' ? totalCents : FULL_PERCENT, n);
  return parts.map((p, i) => ({ key: newKey(), label: presetLabel(i, n), value: hundredthsText(p), dueDate: addMonths(firstDue, i) }));
}

/**
 * The rows in the other mode, same parts: amounts -> their percent of the total (2 decimals, the last
 * taking the rest when they added up), percents -> their amounts.
 */
export function convertRows(rows: ScheduleRow[], from: ScheduleMode, to: ScheduleMode, totalCents: number): ScheduleRow[] {
  if (from === to) return rows;
  if (to === 'amount') {
    const cents = rowCents(rows, 'percent', totalCents);
    return rows.map((r, i) => ({ ...r, value: cents[i] === null ? r.value : hundredthsText(cents[i]!) }));
  }
  const cents = rows.map((r) => parseHundredths(r.value));
  const exact = cents.every((c) => c !== null) && cents.reduce<number>((s, c) => s + (c ?? 0), 0) === totalCents;
  const pct = cents.map((c) => (c === null || totalCents <= 0 ? null : Math.floor((2 * c * FULL_PERCENT + totalCents) / (2 * totalCents))));
  if (exact && rows.length > 0) pct[pct.length - 1] = FULL_PERCENT - pct.slice(0, -1).reduce<number>((s, p) => s + (p ?? 0), 0);
  return rows.map((r, i) => ({ ...r, value: pct[i] === null ? r.value : trimPercent(pct[i]!) }));
}
