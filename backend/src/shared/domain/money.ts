import { RuleViolatedError } from '../errors/domain-error';

/** The largest amount the portal handles: fits numeric(12,2) and stays exact in a JS number of cents. */
export const MAX_CENTS = 99_999_999_999;

/**
 * An amount of money in whole cents, never a float. The API speaks dollars with at most 2 decimals;
 * conversion happens only at the edges (`fromDollars`, `dollars`).
 */
export class Money {
  private constructor(readonly cents: number) {}

  static readonly ZERO = new Money(0);

  static ofCents(cents: number): Money {
    if (!Number.isSafeInteger(cents) || cents < 0 || cents > MAX_CENTS) {
      throw new RuleViolatedError('MONEY.OUT_OF_RANGE', 'Amount is out of range');
    }
    return new Money(cents);
  }

  /** Parses dollars given as a number or a numeric string ("12", "12.5", "12.50"); at most 2 decimals. */
  static fromDollars(value: number | string, field = 'price'): Money {
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
    const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text) ?? /^(\d{1,9})\.(\d{1,2})0*$/.exec(text);
    if (!m) {
      const message = /^-/.test(text)
        ? `${label(field)} must be 0 or more`
        : `${label(field)} must be an amount in dollars with at most 2 decimals`;
      throw new RuleViolatedError('MONEY.INVALID', message, { [field]: message });
    }
    return Money.ofCents(Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')));
  }

  get dollars(): number {
    return this.cents / 100;
  }

  add(other: Money): Money {
    return Money.ofCents(this.cents + other.cents);
  }

  times(quantity: number): Money {
    if (!Number.isSafeInteger(quantity) || quantity < 0)
      throw new RuleViolatedError('MONEY.BAD_QUANTITY', 'Quantity must be a whole number');
    return Money.ofCents(this.cents * quantity);
  }

  /** this − other, floored at zero (an overpaid project owes nothing, it does not owe a negative). */
  minusFloored(other: Money): Money {
    return Money.ofCents(Math.max(0, this.cents - other.cents));
  }

  isZero(): boolean {
    return this.cents === 0;
  }

  equals(other: Money): boolean {
    return this.cents === other.cents;
  }

  static sum(items: Money[]): Money {
    return items.reduce((a, b) => a.add(b), Money.ZERO);
  }
}

function label(field: string): string {
  return field.charAt(0).toUpperCase() + field.slice(1);
}
