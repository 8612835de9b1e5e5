import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../../shared/errors/domain-error';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { DomainEventPublisher } from '../../../../shared/events/domain-events';
import { CurrentPasswordCheck } from '../../../../shared/security/current-password-check';
import { PasswordHasher } from '../../../../shared/security/password-hasher';
import { SessionRegistry } from '../../../../shared/session/session-registry';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { AccountEmailChanged } from '../../domain/account-email-changed.event';
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  currentPasswordError,
  emailTaken,
  usernameTaken,
} from '../../domain/clients.errors';
import { normalizeEmail, User } from '../../domain/user';
import { EmailVerification } from '../email-verification/email-verification';
import { UserRepository } from '../ports/user.repository';

export interface UpdateAccountCommand {
  userId: number;
  username: string;
  email: string;
  company?: string | null;
  password?: string;
  /** Required when the e-mail or the password changes (CONTRACT §8). */
  currentPassword?: string;
  /** Kept signed in when the password changes; every other session of the account ends. */
  currentSessionId: string;
}

/**
 * Account Settings. A name or company change needs nothing more than the session; a new e-mail or
 * password also needs the current password, so a borrowed session (a shared computer, a long
 * 'Remember me') cannot take the account over. After an e-mail change the old address is told (the
 * AccountEmailChanged event, in this transaction) and the new one, now unverified, gets a verification
 * link; after a password change every other session ends.
 */
@Injectable()
export class UpdateAccountHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly hashing: PasswordHasher,
    private readonly currentPassword: CurrentPasswordCheck,
    private readonly sessions: SessionRegistry,
    private readonly events: DomainEventPublisher,
    private readonly verification: EmailVerification,
    private readonly tx: TransactionHost,
    private readonly audit: AuditTrail,
  ) {}

  async execute(cmd: UpdateAccountCommand): Promise<User> {
    const before = await this.users.findById(cmd.userId);
    if (!before) throw new NotFoundError('USERS.NOT_FOUND', 'Account not found');
    const emailChanges = normalizeEmail(cmd.email) !== before.email;
    if (emailChanges || cmd.password) {
      if (!cmd.currentPassword) throw currentPasswordError(CURRENT_PASSWORD_REQUIRED);
      if (!(await this.currentPassword.verify(before, cmd.currentPassword))) throw currentPasswordError(CURRENT_PASSWORD_WRONG);
    }
    const passwordHash = cmd.password ? await this.hashing.hash(cmd.password) : null;
    return this.tx.run(async () => {
      const user = await this.users.findById(cmd.userId);
      if (!user) throw new NotFoundError('USERS.NOT_FOUND', 'Account not found');
      const conflict = await this.users.findConflict(cmd.email, cmd.username, user.id);
      if (conflict.email) throw emailTaken();
      if (conflict.username) throw usernameTaken();
      const oldEmail = user.email;
      user.updateProfile({ username: cmd.username, email: cmd.email, company: cmd.company ?? null });
      if (passwordHash) {
        user.changePasswordHash(passwordHash);
        await this.sessions.endSessionsOf(user.id, cmd.currentSessionId);
      }
      const saved = await this.users.save(user);
      if (passwordHash) {
        await this.audit.record({
          action: 'account.password_changed',
          targetType: 'client',
          targetId: saved.id,
          summary: 'Changed the password',
        });
      }
      if (saved.email !== oldEmail) {
        await this.events.publish(new AccountEmailChanged(saved.id, saved.username, oldEmail, saved.email));
        await this.verification.issueForChangedAddress(saved);
        await this.audit.record({
          action: 'account.email_changed',
          targetType: 'client',
          targetId: saved.id,
          summary: `Changed the e-mail address from ${oldEmail} to ${saved.email}`,
        });
      }
      return saved;
    });
  }
}
