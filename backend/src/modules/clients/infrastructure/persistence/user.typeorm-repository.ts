import { Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { emailTaken, usernameTaken } from '../../domain/clients.errors';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { RequestContext } from '../../../../shared/audit/request-context';
import { WebhookEvents } from '../../../../shared/integrations/webhook-events';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { accountCreated } from '../../application/account-audit';
import { UserRepository } from '../../application/ports/user.repository';
import { User } from '../../domain/user';
import { UserOrmEntity } from './user.orm-entity';

export function toDomain(row: UserOrmEntity): User {
  return User.restore({
    id: row.id,
    username: row.username,
    email: row.email,
    passwordHash: row.passwordHash,
    company: row.company,
    role: row.role,
    createdAt: row.createdAt,
    deletedAt: row.deletedAt,
    emailVerifiedAt: row.emailVerifiedAt ?? null,
    twoFactorEnabledAt: row.twoFactorEnabledAt ?? null,
  });
}

@Injectable()
export class UserTypeormRepository extends UserRepository {
  constructor(
    private readonly tx: TransactionHost,
    private readonly audit: AuditTrail,
    private readonly webhooks: WebhookEvents,
  ) {
    super();
  }

  private get repo() {
    return this.tx.manager.getRepository(UserOrmEntity);
  }

  async findById(id: number): Promise<User | null> {
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2147483647) return null;
    const row = await this.repo.createQueryBuilder('u').where('u.id = :id AND u.deleted_at IS NULL', { id }).getOne();
    return row ? toDomain(row) : null;
  }

  async findByEmail(email: string): Promise<User | null> {
    const row = await this.repo
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email) AND u.deleted_at IS NULL', { email: email.trim() })
      .getOne();
    return row ? toDomain(row) : null;
  }

  async findConflict(email: string, username: string, exceptId = 0): Promise<{ email: boolean; username: boolean }> {
    const rows: Array<{ email_taken: boolean; username_taken: boolean }> = await this.tx.manager.query(
      `SELECT bool_or(lower(email) = lower($1)) AS email_taken, bool_or(lower(username) = lower($2)) AS username_taken
         FROM users
        WHERE deleted_at IS NULL AND id <> $3 AND (lower(email) = lower($1) OR lower(username) = lower($2))`,
      [email.trim(), username.trim(), exceptId],
    );
    return { email: rows[0]?.email_taken === true, username: rows[0]?.username_taken === true };
  }

  async save(user: User): Promise<User> {
    try {
      return await this.write(user);
    } catch (err) {
      // Two sign-ups racing for one e-mail or name: the unique index decides, the loser gets a 409.
      const constraint = err instanceof QueryFailedError ? (err.driverError as { constraint?: string }).constraint : undefined;
      if (constraint === 'users_email_active_uq') throw emailTaken();
      if (constraint === 'users_username_active_uq') throw usernameTaken();
      throw err;
    }
  }

  private async write(user: User): Promise<User> {
    const values = {
      username: user.username,
      email: user.email,
      passwordHash: user.passwordHash,
      company: user.company,
      role: user.role,
      deletedAt: user.deletedAt,
      emailVerifiedAt: user.emailVerifiedAt,
    };
    if (user.id === 0) {
      const row = await this.repo.save(this.repo.create({ ...values, createdAt: user.createdAt }));
      const created = toDomain(row);
      // Every new account is inserted here, whoever creates it (the auth module's sign-up and the admin's
      // New Client through POST /api/register, the bootstrap admin): client.created is recorded at this
      // one place, in the transaction of the insert (decision 0022).
      await this.audit.record(accountCreated(created, RequestContext.current()));
      // ... and so is the integrators' client.created (CONTRACT §9): the account as GET /api/clients shows it.
      if (created.role === 'client') await this.webhooks.emit('client.created', async () => created.toPublic());
      return created;
    }
    await this.repo.update({ id: user.id }, { ...values, updatedAt: new Date() });
    return user;
  }

  async countAdmins(): Promise<number> {
    return this.repo.createQueryBuilder('u').where(`u.role = 'admin' AND u.deleted_at IS NULL`).getCount();
  }

  async clientEmails(): Promise<string[]> {
    const rows: Array<{ email: string }> = await this.repo.query(
      `SELECT DISTINCT lower(email) AS email FROM users WHERE role = 'client' AND deleted_at IS NULL ORDER BY 1`,
    );
    return rows.map((r) => r.email);
  }
}
