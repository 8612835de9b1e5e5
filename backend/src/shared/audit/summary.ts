import type { Money } from '../domain/money';
import { DEFAULT_MONEY_STYLE, formatMoney, type MoneyStyle } from '../domain/money-format';

/**
 * Pieces of the one-line summaries of the activity log, written the way the app shows them: amounts in
 * the studio's currency and locale (CONTRACT §13), e.g. $1,234.50 in the default studio.
 */

/** An amount as the app shows it: $1,234.50 by default, '1.234,50 €' in a de-DE EUR studio. */
export function amountText(money: Money, style: MoneyStyle = DEFAULT_MONEY_STYLE): string {
  return formatMoney(money.cents, style);
}

/** A name a user typed, in quotes and cut to 80 characters: "Wedding". */
export function quoted(name: string): string {
  const line = name.replace(/\s+/g, ' ').trim();
  return `"${line.length > 80 ? `${line.slice(0, 79)}…` : line}"`;
}

/** 1 credit, 5 credits. */
export function creditsText(n: number): string {
  return `${n} ${n === 1 ? 'credit' : 'credits'}`;
}
