import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthAttemptLog } from '../../application/ports/auth-attempt-log';
import type { AttemptKind } from '../../domain/sign-in-limits';

/** Rows in `auth_attempts`; rows older than a day are cleared now and then as new ones come in. */
@Injectable()
export class AuthAttemptLogTypeormRepository extends AuthAttemptLog {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async record(kind: AttemptKind, subject: string): Promise<void> {
    await this.dataSource.query(`INSERT INTO auth_attempts (kind, subject) VALUES ($1, $2)`, [kind, subject.slice(0, 254)]);
    if (Math.random() < 0.02) {
      await this.dataSource.query(`DELETE FROM auth_attempts WHERE created_at < now() - interval '1 day'`);
    }
  }

  async countSince(kind: AttemptKind, subject: string, since: Date): Promise<number> {
    const rows: Array<{ n: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM auth_attempts WHERE kind = $1 AND subject = $2 AND created_at > $3`,
      [kind, subject.slice(0, 254), since],
    );
    return rows[0]?.n ?? 0;
  }
}
