import { Injectable, Logger } from '@nestjs/common';
import { User, UserRepository } from '../../../clients';
import { AppConfig } from '../../../../shared/config/app-config';
import { ConflictError } from '../../../../shared/errors/domain-error';
import { PasswordHasher } from '../../../../shared/security/password-hasher';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';

/**
 * CONTRACT §1: at start-up, when ADMIN_EMAIL and ADMIN_PASSWORD are set and no account has that
 * e-mail, an admin is created with them. An existing account is never changed. Several instances
 * starting at once on a new database all try: the unique indexes let one in, and the others, refused,
 * find its account and go on starting.
 */
@Injectable()
export class BootstrapAdminHandler {
  private readonly logger = new Logger('BootstrapAdmin');

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly config: AppConfig,
    private readonly tx: TransactionHost,
  ) {}

  async execute(): Promise<'created' | 'exists' | 'not-configured'> {
    const { adminEmail, adminPassword, adminUsername } = this.config;
    if (!adminEmail || !adminPassword) return 'not-configured';
    if (await this.users.findByEmail(adminEmail)) return 'exists';
    const passwordHash = await this.hasher.hash(adminPassword);
    try {
      return await this.create(adminEmail, adminUsername, passwordHash);
    } catch (error) {
      if (error instanceof ConflictError && (await this.users.findByEmail(adminEmail))) return 'exists';
      throw error;
    }
  }

  private create(adminEmail: string, adminUsername: string, passwordHash: string): Promise<'created' | 'exists'> {
    return this.tx.run(async () => {
      if (await this.users.findByEmail(adminEmail)) return 'exists' as const;
      // If the name is taken by someone else, the e-mail's local part (then a numbered variant) is used.
      const candidates = [adminUsername, adminEmail.split('@')[0], `${adminUsername}-${Date.now() % 100000}`];
      let username = candidates[candidates.length - 1];
      for (const candidate of candidates) {
        if (candidate.length >= 3 && !(await this.users.findConflict(adminEmail, candidate)).username) {
          username = candidate;
          break;
        }
      }
      await this.users.save(User.register({ username, email: adminEmail, passwordHash, role: 'admin', emailVerified: true }, new Date()));
      this.logger.log(`created the admin account ${adminEmail} (${username})`);
      return 'created' as const;
    });
  }
}
