/** The same ORDER BY the other way round (every key turned; NULLs follow, as ASC and DESC place them oppositely). */
export function reverseOrder(order: string): string {
  return order.replace(/\b(ASC|DESC)\b/g, (d) => (d === 'ASC' ? 'DESC' : 'ASC'));
}

/**
 * A page of ids when the statement knows the total (`count`, an SQL expression read once: a kept count
 * or a CTE): a page in the first half is read in `order`, one in the second half from the other end in
 * the opposite order, so the last page costs what the first one does. `ids` is a SELECT of the ids with
 * its WHERE (no ORDER BY); `limit` and `offset` are SQL bigint expressions. The rows come in no
 * particular order: the statement sorts the page's rows itself.
 */
export function twoEndedPage(ids: string, order: string, count: string, limit: string, offset: string): string {
  return `(${ids} AND ${offset} <= ${count} / 2 ORDER BY ${order} LIMIT ${limit} OFFSET ${offset})
           UNION ALL
           (${ids} AND ${offset} > ${count} / 2 ORDER BY ${reverseOrder(order)}
             LIMIT least(${limit}, greatest(0, ${count} - ${offset})) OFFSET greatest(0, ${count} - ${offset} - ${limit}))`;
}
