import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthAttemptLog } from '../../application/ports/auth-attempt-log';
import type { AttemptKind } from '../../domain/sign-in-limits';

/**
 * Rows in `auth_attempts`, written outside any transaction (each insert commits before the count that
 * follows it); rows older than a day are cleared now and then as new ones come in.
 */
@Injectable()
export class AuthAttemptLogTypeormRepository extends AuthAttemptLog {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async record(kind: AttemptKind, subject: string, address: string | null = null): Promise<number> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `INSERT INTO auth_attempts (kind, subject, address) VALUES ($1, $2, $3) RETURNING id`,
      [kind, subject.slice(0, 254), address?.slice(0, 64) ?? null],
    );
    if (Math.random() < 0.02) {
      await this.dataSource.query(`DELETE FROM auth_attempts WHERE created_at < now() - interval '1 day'`);
    }
    return Number(rows[0].id);
  }

  async countSince(kind: AttemptKind, subject: string, since: Date, address?: string | null): Promise<number> {
    const byAddress = address !== undefined;
    const rows: Array<{ n: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM auth_attempts
        WHERE kind = $1 AND subject = $2 AND created_at > $3 ${byAddress ? 'AND address IS NOT DISTINCT FROM $4' : ''}`,
      byAddress ? [kind, subject.slice(0, 254), since, address?.slice(0, 64) ?? null] : [kind, subject.slice(0, 254), since],
    );
    return rows[0]?.n ?? 0;
  }

  async forget(id: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM auth_attempts WHERE id = $1`, [id]);
  }
}
