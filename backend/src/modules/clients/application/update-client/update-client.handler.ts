import { Injectable } from '@nestjs/common';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { NotFoundError } from '../../../../shared/errors/domain-error';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { assertAccountAuthority, type Credential } from '../../../../shared/auth/access';
import { DomainEventPublisher } from '../../../../shared/events/domain-events';
import { SessionRegistry } from '../../../../shared/session/session-registry';
import { AccountEmailChanged } from '../../domain/account-email-changed.event';
import { emailTaken, lastAdminRole, ownAccountInSettings, usernameTaken } from '../../domain/clients.errors';
import { normalizeEmail, type Role, type User } from '../../domain/user';
import { EmailVerification } from '../email-verification/email-verification';
import { accountUpdated } from '../account-audit';
import { UserRepository } from '../ports/user.repository';

export interface UpdateClientCommand {
  id: number;
  username: string;
  email: string;
  role: Role;
  /** The admin making the change, and how they proved themself (their session, or an API token). */
  actorId: number;
  credential: Credential;
}

/**
 * The admin edits an account's name, e-mail and role (spec §7 PUT /api/clients/{id}). Account authority
 * (CONTRACT §12): a new e-mail or role, or any change to an admin's account, needs the admin's session
 * (an API token is refused); nobody changes their own e-mail or role here (Account Settings asks for the
 * current password). When the e-mail changes, the old address is told, the new one is unverified and
 * gets its link, and every session of the account ends, all in the change's transaction.
 */
@Injectable()
export class UpdateClientHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly tx: TransactionHost,
    private readonly audit: AuditTrail,
    private readonly events: DomainEventPublisher,
    private readonly verification: EmailVerification,
    private readonly sessions: SessionRegistry,
  ) {}

  execute(cmd: UpdateClientCommand): Promise<User> {
    return this.tx.run(async () => {
      const user = await this.users.findById(cmd.id);
      if (!user) throw new NotFoundError('USERS.NOT_FOUND', 'Client not found');
      const emailChanges = normalizeEmail(cmd.email) !== user.email;
      const roleChanges = cmd.role !== user.role;
      if (user.isAdmin || emailChanges || roleChanges) assertAccountAuthority(cmd.credential);
      if (user.id === cmd.actorId && (emailChanges || roleChanges)) throw ownAccountInSettings();
      const conflict = await this.users.findConflict(cmd.email, cmd.username, user.id);
      if (conflict.email) throw emailTaken();
      if (conflict.username) throw usernameTaken();
      if (user.isAdmin && cmd.role !== 'admin' && (await this.users.countAdmins()) <= 1) throw lastAdminRole();
      const before = { username: user.username, email: user.email, role: user.role };
      user.updateProfile({ username: cmd.username, email: cmd.email, company: user.company });
      user.changeRole(cmd.role);
      const saved = await this.users.save(user);
      const entry = accountUpdated(before, saved);
      if (entry) await this.audit.record(entry);
      if (saved.email !== before.email) {
        await this.events.publish(new AccountEmailChanged(saved.id, saved.username, before.email, saved.email));
        await this.verification.issueForChangedAddress(saved);
        await this.sessions.endSessionsOf(saved.id);
      }
      return saved;
    });
  }
}
