import { Injectable } from '@nestjs/common';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { NotFoundError } from '../../../../shared/errors/domain-error';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { emailTaken, lastAdminRole, usernameTaken } from '../../domain/clients.errors';
import type { Role, User } from '../../domain/user';
import { accountUpdated } from '../account-audit';
import { UserRepository } from '../ports/user.repository';

export interface UpdateClientCommand {
  id: number;
  username: string;
  email: string;
  role: Role;
}

/** The admin edits an account's name, e-mail and role (spec §7 PUT /api/clients/{id}). */
@Injectable()
export class UpdateClientHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly tx: TransactionHost,
    private readonly audit: AuditTrail,
  ) {}

  execute(cmd: UpdateClientCommand): Promise<User> {
    return this.tx.run(async () => {
      const user = await this.users.findById(cmd.id);
      if (!user) throw new NotFoundError('USERS.NOT_FOUND', 'Client not found');
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
      return saved;
    });
  }
}
