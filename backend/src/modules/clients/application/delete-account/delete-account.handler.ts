import { Injectable } from '@nestjs/common';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { assertAccountAuthority, type Credential } from '../../../../shared/auth/access';
import { NotFoundError } from '../../../../shared/errors/domain-error';
import { SessionRegistry } from '../../../../shared/session/session-registry';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { cannotDeleteYourself, lastAdmin } from '../../domain/clients.errors';
import { accountDeleted } from '../account-audit';
import { UserRepository } from '../ports/user.repository';

/**
 * Deletes an account the way CONTRACT §6 asks: gone from every list and from sign-in, its sessions
 * ended, while the payments and credit transactions that name it stay readable. The row is kept
 * (marked deleted), so nothing financial cascades.
 */
@Injectable()
export class DeleteAccountHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRegistry,
    private readonly tx: TransactionHost,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * `actorId`: the admin deleting a client from the back office, who may not delete themself there;
   * `credential`: how they proved themself there (an admin's account is deleted only with a session).
   */
  async execute(cmd: { userId: number; actorId?: number; credential?: Credential }): Promise<void> {
    if (cmd.actorId !== undefined && cmd.actorId === cmd.userId) throw cannotDeleteYourself();
    await this.tx.run(async () => {
      const user = await this.users.findById(cmd.userId);
      if (!user) throw new NotFoundError('USERS.NOT_FOUND', 'Account not found');
      if (user.isAdmin && cmd.credential) assertAccountAuthority(cmd.credential);
      if (user.isAdmin && (await this.users.countAdmins()) <= 1) throw lastAdmin();
      user.markDeleted(new Date());
      await this.users.save(user);
      await this.audit.record(accountDeleted(user, cmd.actorId === undefined));
      await this.sessions.endSessionsOf(user.id);
    });
  }
}
