import { AppConfig } from '../../../../shared/config/app-config';
import { RuleViolatedError } from '../../../../shared/errors/domain-error';
import { FakeHasher, immediateTx, InMemoryAuditTrail, InMemoryUsers } from '../../../../testing/in-memory';
import { Studio, StudioSettings, type StudioPatch } from '../../../studio';
import { MAX_WRONG_CODES, setupCodeHash } from '../../domain/setup-code';
import { FirstRun } from '../first-run';
import { SetupCodePrinter } from '../ports/setup-code-printer';
import { SetupCodes, type WrongTry } from '../ports/setup-codes';
import { CompleteSetupHandler } from './complete-setup.handler';

/** The port's rules, in memory: one kept code, its wrong tries, the fifth replacing it. */
class InMemorySetupCodes extends SetupCodes {
  kept: { hash: string; failures: number } | null = null;
  async replace(hash: string) {
    this.kept = { hash, failures: 0 };
  }
  async countWrongTry(hash: string, replacementHash: string): Promise<WrongTry | null> {
    if (!this.kept || this.kept.hash === hash) return null;
    this.kept.failures += 1;
    if (this.kept.failures < MAX_WRONG_CODES) return 'counted';
    this.kept = { hash: replacementHash, failures: 0 };
    return 'replaced';
  }
  async consume(hash: string) {
    if (this.kept?.hash !== hash) return false;
    this.kept = null;
    return true;
  }
}

class CollectingPrinter extends SetupCodePrinter {
  printed: string[] = [];
  print(code: string) {
    this.printed.push(code);
  }
  get last() {
    return this.printed[this.printed.length - 1];
  }
}

/** The studio in memory; a name of 'x'.repeat(101) is refused as the real one would, under `name`. */
class MemoryStudio extends StudioSettings {
  studio = Studio.default();
  updates: Array<{ patch: StudioPatch; actorId: number | null }> = [];
  async current() {
    return this.studio;
  }
  async logo() {
    return null;
  }
  async update(patch: StudioPatch, actorId: number | null) {
    if ((patch.name ?? '').length > 100)
      throw new RuleViolatedError('STUDIO.INVALID', 'Name must be at most 100 characters', { name: 'Name must be at most 100 characters' });
    this.updates.push({ patch, actorId });
    this.studio = new Studio({ ...this.studio.props, ...patch });
    return this.studio;
  }
}

const form = (code: string) => ({
  studioName: 'Harbour Light Photography',
  name: 'Maya Harbour',
  email: 'Maya@HarbourLight.test',
  password: 'secret123',
  code,
  timeZone: 'Europe/Dublin',
});

describe('CompleteSetupHandler', () => {
  let users: InMemoryUsers;
  let codes: InMemorySetupCodes;
  let printer: CollectingPrinter;
  let studio: MemoryStudio;
  let audit: InMemoryAuditTrail;
  let firstRun: FirstRun;
  let handler: CompleteSetupHandler;

  beforeEach(async () => {
    users = new InMemoryUsers();
    codes = new InMemorySetupCodes();
    printer = new CollectingPrinter();
    studio = new MemoryStudio();
    audit = new InMemoryAuditTrail();
    firstRun = new FirstRun(new AppConfig(), users, codes, printer);
    handler = new CompleteSetupHandler(firstRun, codes, users, studio, new FakeHasher(), audit, immediateTx());
    await firstRun.issueCodeIfNeeded();
  });

  it('prints a code at start and keeps only its hash', () => {
    expect(printer.printed).toHaveLength(1);
    expect(printer.last).toMatch(/^\d{3}-\d{3}$/);
    expect(codes.kept).toEqual({ hash: setupCodeHash(printer.last), failures: 0 });
  });

  it('with the printed code: creates the admin (verified), names the studio, uses the code up, records the setup', async () => {
    const admin = await handler.execute(form(printer.last));
    expect(admin).toMatchObject({ role: 'admin', email: 'maya@harbourlight.test', username: 'Maya Harbour', emailVerified: true });
    expect(admin.passwordHash).not.toContain('secret123');
    expect(studio.updates).toEqual([{ patch: { name: 'Harbour Light Photography', timeZone: 'Europe/Dublin' }, actorId: null }]);
    expect(codes.kept).toBeNull();
    expect(audit.entries).toEqual([
      expect.objectContaining({ action: 'studio.setup_completed', actor: { id: admin.id, email: admin.email } }),
    ]);
    expect(await firstRun.isNeeded()).toBe(false);
    expect(await firstRun.bannerCode()).toBeNull();
    // and then it is not there any more
    await expect(handler.execute(form(printer.last))).rejects.toMatchObject({ kind: 'not_found', code: 'SETUP.DONE' });
    expect(await users.countAdmins()).toBe(1);
  });

  it('refuses a wrong code, and the fifth replaces the code with a new printed one', async () => {
    const first = printer.last;
    const wrong = first === '000-000' ? '000-001' : '000-000';
    for (let i = 1; i < MAX_WRONG_CODES; i++)
      await expect(handler.execute(form(wrong))).rejects.toMatchObject({ code: 'SETUP.WRONG_CODE', fields: { code: expect.any(String) } });
    expect(printer.printed).toHaveLength(1);
    await expect(handler.execute(form(wrong))).rejects.toMatchObject({ code: 'SETUP.CODE_REPLACED' });
    expect(printer.printed).toHaveLength(2);
    expect(await firstRun.bannerCode()).toBe(printer.last);
    expect(await users.countAdmins()).toBe(0);
    if (printer.last !== first) await expect(handler.execute(form(first))).rejects.toMatchObject({ code: 'SETUP.WRONG_CODE' });
    await expect(handler.execute(form(printer.last))).resolves.toMatchObject({ role: 'admin' });
  });

  it("puts the studio's refusal of its name under the form's studio name field", async () => {
    await expect(handler.execute({ ...form(printer.last), studioName: 'x'.repeat(101) })).rejects.toMatchObject({
      code: 'STUDIO.INVALID',
      fields: { studioName: 'Name must be at most 100 characters' },
    });
  });

  it('is not needed (and prints nothing) when ADMIN_EMAIL is set', async () => {
    const config = Object.assign(new AppConfig(), { adminEmail: 'owner@studio.test' });
    const quiet = new CollectingPrinter();
    const scripted = new FirstRun(config, new InMemoryUsers(), new InMemorySetupCodes(), quiet);
    expect(await scripted.issueCodeIfNeeded()).toBeNull();
    expect(quiet.printed).toEqual([]);
    expect(await scripted.isNeeded()).toBe(false);
  });
});
