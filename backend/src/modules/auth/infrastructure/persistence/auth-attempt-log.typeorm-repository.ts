import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthAttemptLog } from '../../application/ports/auth-attempt-log';
import type { AttemptKind, AttemptLimit, FailureSpread } from '../../domain/sign-in-limits';

const subjectOf = (subject: string) => subject.slice(0, 254);
const addressOf = (address: string | null) => address?.slice(0, 64) ?? null;

/**
 * Rows in `auth_attempts`, written in short transactions of their own on their own connection (never
 * the caller's, so a try stays counted when the work around it fails); rows older than a day are
 * cleared now and then as new ones come in.
 *
 * Check and record are one step: a transaction takes the subject's advisory lock
 * (`pg_advisory_xact_lock`, held until it commits), then one `INSERT … SELECT … WHERE (count) < max`
 * records the try only when the limit leaves room. Tries on one subject thus take turns, and each
 * count, taken by a statement that starts after the lock was granted, sees every try committed before
 * it. (The count inside a single statement without the lock could not: two statements started together
 * both see the same count.) Window edges are the database's clock, the same for every app instance.
 */
@Injectable()
export class AuthAttemptLogTypeormRepository extends AuthAttemptLog {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async recordIfUnder(limit: AttemptLimit, rawSubject: string, rawAddress: string | null): Promise<number | null> {
    const subject = subjectOf(rawSubject);
    const address = addressOf(rawAddress);
    const rows = await this.dataSource.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('auth_attempts'), hashtext($1::text || ':' || $2::text))`, [
        limit.kind,
        subject,
      ]);
      const recorded: Array<{ id: string }> = await m.query(
        `INSERT INTO auth_attempts (kind, subject, address, created_at)
         SELECT $1::varchar, $2::varchar, $3::varchar, clock_timestamp()
          WHERE (SELECT count(*) FROM auth_attempts
                  WHERE kind = $1::varchar AND subject = $2::varchar
                    AND created_at > clock_timestamp() - $4::float8 * interval '1 millisecond'
                    ${limit.perAddress ? 'AND address IS NOT DISTINCT FROM $3::varchar' : ''}) < $5::int
         RETURNING id`,
        [limit.kind, subject, address, limit.windowMs, limit.max],
      );
      return recorded;
    });
    if (Math.random() < 0.02) {
      await this.dataSource.query(`DELETE FROM auth_attempts WHERE created_at < now() - interval '1 day'`);
    }
    return rows.length ? Number(rows[0].id) : null;
  }

  async countWithin(kind: AttemptKind, subject: string, windowMs: number): Promise<number> {
    const rows: Array<{ n: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM auth_attempts
        WHERE kind = $1 AND subject = $2 AND created_at > clock_timestamp() - $3::float8 * interval '1 millisecond'`,
      [kind, subjectOf(subject), windowMs],
    );
    return rows[0]?.n ?? 0;
  }

  async spreadWithin(kind: AttemptKind, subject: string, windowMs: number): Promise<FailureSpread> {
    const rows: Array<{ failures: number; addresses: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS failures, count(DISTINCT coalesce(address, ''))::int AS addresses FROM auth_attempts
        WHERE kind = $1 AND subject = $2 AND created_at > clock_timestamp() - $3::float8 * interval '1 millisecond'`,
      [kind, subjectOf(subject), windowMs],
    );
    return { failures: rows[0]?.failures ?? 0, addresses: rows[0]?.addresses ?? 0 };
  }

  async forget(id: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM auth_attempts WHERE id = $1`, [id]);
  }
}
