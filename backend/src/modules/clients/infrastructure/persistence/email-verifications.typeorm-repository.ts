import { Injectable } from '@nestjs/common';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { EmailVerifications, type VerificationLink } from '../../application/ports/email-verifications';

interface Row {
  id: string;
  user_id: number;
  email: string;
  expires_at: Date;
  used_at: Date | null;
}

@Injectable()
export class EmailVerificationsTypeormRepository extends EmailVerifications {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  async add(userId: number, email: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.tx.manager.query(`INSERT INTO email_verifications (user_id, email, token_hash, expires_at) VALUES ($1, $2, $3, $4)`, [
      userId,
      email,
      tokenHash,
      expiresAt,
    ]);
  }

  async findForUpdate(tokenHash: string): Promise<VerificationLink | null> {
    const rows: Row[] = await this.tx.manager.query(
      `SELECT id, user_id, email, expires_at, used_at FROM email_verifications WHERE token_hash = $1 FOR UPDATE`,
      [tokenHash],
    );
    const r = rows[0];
    return r ? { id: Number(r.id), userId: r.user_id, email: r.email, expiresAt: r.expires_at, usedAt: r.used_at } : null;
  }

  async markUsed(id: number, at: Date): Promise<void> {
    await this.tx.manager.query(`UPDATE email_verifications SET used_at = $2 WHERE id = $1`, [id, at]);
  }

  async countSince(userId: number, since: Date): Promise<number> {
    await this.tx.manager.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    const rows: Array<{ n: number }> = await this.tx.manager.query(
      `SELECT count(*)::int AS n FROM email_verifications WHERE user_id = $1 AND created_at >= $2`,
      [userId, since],
    );
    return rows[0]?.n ?? 0;
  }

  async addInvitation(email: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.tx.manager.query(`INSERT INTO invitations (email, token_hash, expires_at) VALUES ($1, $2, $3)`, [
      email,
      tokenHash,
      expiresAt,
    ]);
  }

  async useInvitation(tokenHash: string, email: string, at: Date): Promise<boolean> {
    // one statement: two registrations racing for one invitation cannot both use it (as a SELECT, so
    // the driver answers the rows and not an UPDATE's [rows, count])
    const rows: Array<{ n: number }> = await this.tx.manager.query(
      `WITH used AS (
         UPDATE invitations SET used_at = $3
          WHERE token_hash = $1 AND lower(email) = lower($2) AND used_at IS NULL AND expires_at > $3
          RETURNING id)
       SELECT count(*)::int AS n FROM used`,
      [tokenHash, email, at],
    );
    return rows[0]?.n === 1;
  }
}
