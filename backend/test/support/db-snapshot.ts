import type { DataSource } from 'typeorm';

/**
 * A fingerprint of the business tables: row count and md5 of every row (as text, in a stable order)
 * per table. Two equal snapshots mean nothing a user could see was created, changed or deleted.
 *
 * Left out on purpose: `session`, `auth_attempts` and `rate_limits` (a refused sign-in is meant to
 * be counted), `audit_events` (a refused sign-in is meant to be logged, auth.login_failed; that a
 * failed change logs nothing is test/audit/audit-log.e2e-spec.ts's), and the columns of `email_outbox`
 * that the background dispatcher updates.
 */
const TABLES: Record<string, string[]> = {
  users: [],
  projects: [],
  project_services: [],
  project_service_payments: [],
  services: [],
  payments: [],
  payment_refunds: [],
  card_payment_intents: [],
  emulated_payment_intents: [],
  user_credits: [],
  credit_transactions: [],
  credit_bundles: [],
  // html/text: a password-reset e-mail's body is scrubbed once it is delivered.
  email_outbox: ['status', 'attempts', 'next_attempt_at', 'locked_until', 'last_error', 'server_response', 'sent_at', 'html', 'text'],
  email_contents: [],
};

export type DbSnapshot = Record<string, string>;

export class DbSnapshotter {
  private sql?: string;

  constructor(private readonly db: DataSource) {}

  /** Counts and hashes of every table of TABLES, in one statement. */
  async take(): Promise<DbSnapshot> {
    const rows: Array<{ t: string; n: number; h: string }> = await this.db.query(await this.statement());
    return Object.fromEntries(rows.map((r) => [r.t, `${r.n} rows, md5 ${r.h}`]));
  }

  /** The tables whose fingerprint differs, with before → after; empty when nothing changed. */
  static diff(before: DbSnapshot, after: DbSnapshot): string[] {
    return Object.keys({ ...before, ...after })
      .filter((t) => before[t] !== after[t])
      .map((t) => `${t}: ${before[t]} → ${after[t]}`);
  }

  private async statement(): Promise<string> {
    if (this.sql) return this.sql;
    const cols: Array<{ table_name: string; column_name: string }> = await this.db.query(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = ANY($1) ORDER BY table_name, ordinal_position`,
      [Object.keys(TABLES)],
    );
    const parts = Object.entries(TABLES).map(([table, excluded]) => {
      const list = cols.filter((c) => c.table_name === table && !excluded.includes(c.column_name)).map((c) => `"${c.column_name}"`);
      if (!list.length) throw new Error(`db-snapshot: table ${table} not found`);
      const row = `ROW(${list.join(', ')})::text`;
      return `SELECT '${table}' AS t, count(*)::int AS n, md5(coalesce(string_agg(${row}, E'\\n' ORDER BY ${row}), '')) AS h FROM "${table}"`;
    });
    this.sql = parts.join('\nUNION ALL\n');
    return this.sql;
  }
}
