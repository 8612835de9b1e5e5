import { Injectable } from '@nestjs/common';
import { emailTaken, User, UserRepository, usernameTaken } from '../../../clients';
import { StudioSettings } from '../../../studio';
import { AuditTrail } from '../../../../shared/audit/audit-trail';
import { quoted } from '../../../../shared/audit/summary';
import { DomainError } from '../../../../shared/errors/domain-error';
import { PasswordHasher } from '../../../../shared/security/password-hasher';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { newSetupCode, setupCodeHash } from '../../domain/setup-code';
import { setupCodeReplaced, setupDone, wrongSetupCode } from '../../domain/setup.errors';
import { FirstRun } from '../first-run';
import { SetupCodes } from '../ports/setup-codes';
import type { CompleteSetupCommand } from './complete-setup.command';

/**
 * The first run (CONTRACT §13): checks the printed code, then in one transaction uses the code up,
 * creates the admin account, names the studio and records 'studio.setup_completed'. The caller signs
 * the new admin in.
 *
 * A wrong code is counted outside that transaction (the count must stay when the request fails), in one
 * UPDATE … RETURNING; the fifth replaces the code, which is printed again. Two tries with the right code
 * at once: the first to delete the code's row wins; the other waits on the row, finds it gone and the
 * admin there, and gets a 404 (setup is done), so there is never a second admin.
 */
@Injectable()
export class CompleteSetupHandler {
  constructor(
    private readonly firstRun: FirstRun,
    private readonly codes: SetupCodes,
    private readonly users: UserRepository,
    private readonly studio: StudioSettings,
    private readonly hasher: PasswordHasher,
    private readonly audit: AuditTrail,
    private readonly tx: TransactionHost,
  ) {}

  async execute(cmd: CompleteSetupCommand): Promise<User> {
    if (!(await this.firstRun.isNeeded())) throw setupDone();
    const hash = setupCodeHash(cmd.code);
    const next = newSetupCode();
    const wrong = await this.codes.countWrongTry(hash, setupCodeHash(next));
    if (wrong === 'replaced') {
      this.firstRun.announce(next);
      throw setupCodeReplaced();
    }
    if (wrong === 'counted') throw wrongSetupCode();

    const passwordHash = await this.hasher.hash(cmd.password);
    const admin = await this.tx.run(async () => {
      if (!(await this.codes.consume(hash))) {
        // The row was gone: a setup that just completed (the other of two tries at once), or no code kept.
        if ((await this.users.countAdmins()) > 0) throw setupDone();
        throw wrongSetupCode();
      }
      if ((await this.users.countAdmins()) > 0) throw setupDone();
      const conflict = await this.users.findConflict(cmd.email, cmd.name);
      if (conflict.email) throw emailTaken();
      if (conflict.username) throw usernameTaken();
      const user = await this.users.save(
        User.register({ username: cmd.name, email: cmd.email, passwordHash, role: 'admin', emailVerified: true }, new Date()),
      );
      const studio = await this.nameStudio(cmd);
      await this.audit.record({
        action: 'studio.setup_completed',
        targetType: 'studio',
        targetId: null,
        actor: { id: user.id, email: user.email },
        summary: `Set up the studio ${quoted(studio)} with the admin ${quoted(user.username)} (${user.email})`,
      });
      return user;
    });
    this.firstRun.markDone();
    return admin;
  }

  /** The studio's name and time zone, through the studio module; its field messages under this form's fields. */
  private async nameStudio(cmd: CompleteSetupCommand): Promise<string> {
    try {
      const studio = await this.studio.update({ name: cmd.studioName, ...(cmd.timeZone ? { timeZone: cmd.timeZone } : {}) }, null);
      return studio.name;
    } catch (err) {
      if (err instanceof DomainError && err.fields) {
        const fields = Object.fromEntries(
          Object.entries(err.fields).map(([field, message]) => [field === 'name' ? 'studioName' : field, message]),
        );
        throw new DomainError(err.kind, err.code, err.message, fields);
      }
      throw err;
    }
  }
}
