import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../../shared/errors/domain-error';
import { SessionRegistry } from '../../../../shared/session/session-registry';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { emailTaken, usernameTaken } from '../../domain/clients.errors';
import { User } from '../../domain/user';
import { PasswordHasher } from '../../../../shared/security/password-hasher';
import { UserRepository } from '../ports/user.repository';

export interface UpdateAccountCommand {
  userId: number;
  username: string;
  email: string;
  company?: string | null;
  password?: string;
  /** Kept signed in when the password changes; every other session of the account ends. */
  currentSessionId: string;
}

@Injectable()
export class UpdateAccountHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly hashing: PasswordHasher,
    private readonly sessions: SessionRegistry,
    private readonly tx: TransactionHost,
  ) {}

  async execute(cmd: UpdateAccountCommand): Promise<User> {
    const passwordHash = cmd.password ? await this.hashing.hash(cmd.password) : null;
    return this.tx.run(async () => {
      const user = await this.users.findById(cmd.userId);
      if (!user) throw new NotFoundError('USERS.NOT_FOUND', 'Account not found');
      const conflict = await this.users.findConflict(cmd.email, cmd.username, user.id);
      if (conflict.email) throw emailTaken();
      if (conflict.username) throw usernameTaken();
      user.updateProfile({ username: cmd.username, email: cmd.email, company: cmd.company ?? null });
      if (passwordHash) {
        user.changePasswordHash(passwordHash);
        await this.sessions.endSessionsOf(user.id, cmd.currentSessionId);
      }
      return this.users.save(user);
    });
  }
}
