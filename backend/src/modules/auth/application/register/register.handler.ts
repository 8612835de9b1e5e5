import { Injectable } from '@nestjs/common';
import { EmailOutbox, welcomeEmail } from '../../../email';
import { emailTaken, Role, User, UserRepository, usernameTaken } from '../../../clients';
import { AppConfig } from '../../../../shared/config/app-config';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { PasswordHasher } from '../../../../shared/security/password-hasher';

export interface RegisterCommand {
  username: string;
  email: string;
  password: string;
  /** Only honoured when the caller is an admin (spec §6): public registration never grants admin. */
  role?: Role;
  actor: User | null;
}

/** Creates an account and queues its welcome e-mail in the same transaction. */
@Injectable()
export class RegisterHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly outbox: EmailOutbox,
    private readonly tx: TransactionHost,
    private readonly config: AppConfig,
  ) {}

  async execute(cmd: RegisterCommand): Promise<User> {
    const role: Role = cmd.actor?.isAdmin && cmd.role === 'admin' ? 'admin' : 'client';
    const passwordHash = await this.hasher.hash(cmd.password);
    return this.tx.run(async () => {
      const conflict = await this.users.findConflict(cmd.email, cmd.username);
      if (conflict.email) throw emailTaken();
      if (conflict.username) throw usernameTaken();
      const user = await this.users.save(User.register({ username: cmd.username, email: cmd.email, passwordHash, role }, new Date()));
      await this.outbox.enqueue(welcomeEmail({ to: user.email, username: user.username, appUrl: this.config.appUrl }));
      return user;
    });
  }
}
