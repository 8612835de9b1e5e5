/**
 * The rows of a query's answer: TypeORM answers an UPDATE or DELETE … RETURNING with [rows, affectedCount]
 * and a SELECT or INSERT with the rows alone.
 */
export function returnedRows<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}
