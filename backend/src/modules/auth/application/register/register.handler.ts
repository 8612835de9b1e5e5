import { Injectable } from '@nestjs/common';
import { EmailOutbox, welcomeEmail } from '../../../email';
import { EmailVerification, emailTaken, Role, User, UserRepository, usernameTaken } from '../../../clients';
import { assertAccountAuthority, type Credential } from '../../../../shared/auth/access';
import { AppConfig } from '../../../../shared/config/app-config';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { PasswordHasher } from '../../../../shared/security/password-hasher';

export interface RegisterCommand {
  username: string;
  email: string;
  password: string;
  /** Only honoured when the caller is an admin (spec §6): public registration never grants admin. */
  role?: Role;
  /** An invitation's token: the address is verified at once when it is the invited one (CONTRACT §8). */
  invite?: string;
  actor: User | null;
  /** How the actor proved itself: creating an admin is account authority, a session's alone (CONTRACT §12). */
  credential: Credential;
}

/** Creates an account and queues its welcome e-mail (with a verification link) in the same transaction. */
@Injectable()
export class RegisterHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly outbox: EmailOutbox,
    private readonly tx: TransactionHost,
    private readonly config: AppConfig,
    private readonly verification: EmailVerification,
  ) {}

  async execute(cmd: RegisterCommand): Promise<User> {
    if (cmd.actor?.isAdmin && cmd.role === 'admin') assertAccountAuthority(cmd.credential);
    const role: Role = cmd.actor?.isAdmin && cmd.role === 'admin' ? 'admin' : 'client';
    const passwordHash = await this.hasher.hash(cmd.password);
    return this.tx.run(async () => {
      const conflict = await this.users.findConflict(cmd.email, cmd.username);
      if (conflict.email) throw emailTaken();
      if (conflict.username) throw usernameTaken();
      // CONTRACT §8: an account the admin creates is verified, so is one made from an invitation to its
      // address; any other proves its address with the welcome e-mail's link
      const byAdmin = cmd.actor?.isAdmin === true;
      const invited = !byAdmin && cmd.invite !== undefined && (await this.verification.useInvitation(cmd.invite, cmd.email));
      const user = await this.users.save(
        User.register({ username: cmd.username, email: cmd.email, passwordHash, role, emailVerified: byAdmin || invited }, new Date()),
      );
      const verifyUrl = user.emailVerified ? undefined : await this.verification.issue(user);
      await this.outbox.enqueue(welcomeEmail({ to: user.email, username: user.username, appUrl: this.config.appUrl, verifyUrl }));
      return user;
    });
  }
}
