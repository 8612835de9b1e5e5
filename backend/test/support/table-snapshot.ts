import type { DataSource } from 'typeorm';

/**
 * A fingerprint of some tables: for each name, its row count and an md5 of its rows (as `sql` selects
 * them, so columns a background job changes can be left out). Two snapshots that differ name the tables
 * a call changed: the access matrices check that a refused call, or a read token, changed nothing.
 */
export function tableSnapshot(tables: Record<string, string>): (db: DataSource) => Promise<Record<string, string>> {
  const sql = Object.entries(tables)
    .map(
      ([name, select]) =>
        `SELECT '${name}' AS name, count(*)::int AS rows, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS hash FROM (${select}) x`,
    )
    .join(' UNION ALL ');
  return async (db) => {
    const rows: Array<{ name: string; rows: number; hash: string }> = await db.query(sql);
    return Object.fromEntries(rows.map((r) => [r.name, `${r.rows} rows, ${r.hash}`]));
  };
}

/** The tables whose fingerprint differs between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(before).filter((k) => before[k] !== after[k]);
}
