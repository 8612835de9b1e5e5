/**
 * A payment's amount as text, as Payment History's search matches it: exactly what
 * to_char(amount_cents / 100.0, 'FM999999999990.00') writes (amounts are never negative; past twelve
 * digits of dollars to_char writes #), but built from IMMUTABLE functions only, so that a trigram index
 * holds it (payments_amount_text_idx, migration ListReadIndexes: the expression there must stay this one).
 */
export const paymentAmountText = (pay: string): string =>
  `(CASE WHEN ${pay}.amount_cents < 100000000000000 THEN (${pay}.amount_cents / 100)::text || '.' || lpad((${pay}.amount_cents % 100)::text, 2, '0') ELSE '############.##' END)`;
