import type { Money } from '../domain/money';

/**
 * Pieces of the one-line summaries of the activity log, written the way the app shows them
 * (the back office formats amounts as US dollars, e.g. $1,234.50).
 */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** An amount as the app shows it: $1,234.50. */
export function amountText(money: Money): string {
  return usd.format(money.cents / 100);
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
