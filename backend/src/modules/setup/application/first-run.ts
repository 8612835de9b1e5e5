import { Injectable } from '@nestjs/common';
import { UserRepository } from '../../clients';
import { AppConfig } from '../../../shared/config/app-config';
import { newSetupCode, setupCodeHash } from '../domain/setup-code';
import { SetupCodePrinter } from './ports/setup-code-printer';
import { SetupCodes } from './ports/setup-codes';

/**
 * Whether the studio still needs its first run (CONTRACT §13): no admin account in the database and no
 * ADMIN_EMAIL (with ADMIN_EMAIL the start-up creates the admin for scripted installs). Once it is not
 * needed it never is again (the last admin cannot be removed), so that answer is kept in memory and
 * pages stop asking the database; while it is needed each question reads the database, so an instance
 * learns that setup was completed on another one.
 */
@Injectable()
export class FirstRun {
  private done = false;
  /** The code this process printed last, for the start banner. */
  private printed: string | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly users: UserRepository,
    private readonly codes: SetupCodes,
    private readonly printer: SetupCodePrinter,
  ) {}

  async isNeeded(): Promise<boolean> {
    if (this.done || this.config.adminEmail) return false;
    if ((await this.users.countAdmins()) > 0) this.done = true;
    return !this.done;
  }

  /** Setup was completed here: no need to ask the database again. */
  markDone(): void {
    this.done = true;
    this.printed = null;
  }

  /**
   * At start, while setup is needed: a new code replaces any earlier one (instances starting together
   * each print theirs; the latest printed works, decision 0041) and is printed.
   */
  async issueCodeIfNeeded(): Promise<string | null> {
    if (!(await this.isNeeded())) return null;
    const code = newSetupCode();
    await this.codes.replace(setupCodeHash(code));
    this.announce(code);
    return code;
  }

  /** Prints a code that is now the valid one. */
  announce(code: string): void {
    this.printed = code;
    this.printer.print(code);
  }

  /** The setup code for the start banner: the one this process printed, while setup is still needed. */
  async bannerCode(): Promise<string | null> {
    return this.printed && (await this.isNeeded()) ? this.printed : null;
  }
}
