import { User } from '../../../clients/domain/user';
import { AppConfig } from '../../../../shared/config/app-config';
import type { EmailOutbox } from '../../../email';
import {
  CollectingOutbox,
  FakeHasher,
  immediateTx,
  InMemoryAttempts,
  InMemoryAuditTrail,
  InMemoryPendingSignIns,
  InMemoryUsers,
} from '../../../../testing/in-memory';
import { LOGIN_FAILURE_LIMIT, SECOND_PROOF_MIN_ADDRESSES, SECOND_PROOF_THRESHOLD, SIGNIN_CODE_LIMIT } from '../../domain/sign-in-limits';
import { tokenHash } from '../../../../shared/security/token-hash';
import { SignInTries } from '../sign-in-tries';
import { LoginHandler } from './login.handler';

describe('LoginHandler', () => {
  let users: InMemoryUsers;
  let hasher: FakeHasher;
  let attempts: InMemoryAttempts;
  let pending: InMemoryPendingSignIns;
  let outbox: CollectingOutbox;
  let handler: LoginHandler;
  let audit: InMemoryAuditTrail;
  const config = Object.assign(new AppConfig(), { appUrl: 'http://studio.test' });
  const login = (password: string, address = '10.0.0.1', email = 'ann@example.com') =>
    handler.execute({ email, password, address, remember: false });
  const failFrom = async (address: string, times: number) => {
    for (let i = 0; i < times; i++) await login('wrong1', address).catch(() => undefined);
  };

  beforeEach(async () => {
    users = new InMemoryUsers();
    hasher = new FakeHasher();
    attempts = new InMemoryAttempts();
    pending = new InMemoryPendingSignIns();
    outbox = new CollectingOutbox();
    audit = new InMemoryAuditTrail();
    handler = new LoginHandler(
      users,
      hasher,
      attempts,
      pending,
      outbox as unknown as EmailOutbox,
      immediateTx(),
      config,
      audit,
      new SignInTries(attempts),
    );
    await users.save(
      User.register({ username: 'Ann Lee', email: 'ann@example.com', passwordHash: await hasher.hash('secret1') }, new Date()),
    );
  });

  it('signs in with the right password, whatever the e-mail case, and takes its try back', async () => {
    await expect(
      handler.execute({ email: ' ANN@example.com ', password: 'secret1', address: '10.0.0.1', remember: false }),
    ).resolves.toMatchObject({
      status: 'signed_in',
      user: { username: 'Ann Lee' },
    });
    expect(attempts.rows).toEqual([]);
    expect(audit.entries).toEqual([
      { action: 'auth.login', targetType: 'client', targetId: 1, actor: { id: 1, email: 'ann@example.com' }, summary: 'Signed in' },
    ]);
  });

  it('logs a wrong password for an account that exists, never for an unknown address', async () => {
    await login('nope12').catch(() => undefined);
    await login('nope12', '10.0.0.1', 'nobody@example.com').catch(() => undefined);
    expect(audit.entries).toEqual([
      {
        action: 'auth.login_failed',
        targetType: 'client',
        targetId: 1,
        actor: null,
        summary: 'Failed sign-in for ann@example.com: a wrong password',
      },
    ]);
  });

  it('gives an unknown e-mail the same error and the same hash work as a wrong password', async () => {
    const wrong = await login('nope12').catch((e) => e);
    const before = hasher.verifications;
    const unknown = await login('nope12', '10.0.0.1', 'bob@example.com').catch((e) => e);
    expect(hasher.verifications - before).toBe(1);
    expect(unknown.message).toBe(wrong.message);
    expect(unknown.code).toBe('AUTH.INVALID_CREDENTIALS');
  });

  it('refuses the address after ten failures on the account, while the owner elsewhere still signs in', async () => {
    await failFrom('203.0.113.9', LOGIN_FAILURE_LIMIT);
    await expect(login('secret1', '203.0.113.9')).rejects.toMatchObject({ kind: 'too_many_requests' });
    await expect(login('secret1', '10.0.0.1')).resolves.toMatchObject({ status: 'signed_in' });
  });

  it('does not count the tries it refuses: 50 wrong passwords from one address leave 10 failures, and the owner signs in directly', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 50; i++) answers.push(await login('wrong1', '203.0.113.9').catch((e) => e.code));
    expect(answers.filter((c) => c === 'AUTH.INVALID_CREDENTIALS')).toHaveLength(LOGIN_FAILURE_LIMIT);
    expect(answers.filter((c) => c === 'AUTH.ACCOUNT_LOCKED')).toHaveLength(50 - LOGIN_FAILURE_LIMIT);
    expect(attempts.rows).toHaveLength(LOGIN_FAILURE_LIMIT);
    await expect(login('secret1', '10.0.0.1')).resolves.toMatchObject({ status: 'signed_in' });
    expect(outbox.sent).toEqual([]);
  });

  it('needs failures from 10 distinct addresses for the many-address rule', async () => {
    for (let a = 0; a < SECOND_PROOF_MIN_ADDRESSES - 1; a++) await failFrom(`198.51.100.${a}`, LOGIN_FAILURE_LIMIT);
    await expect(login('secret1', '10.0.0.1')).resolves.toMatchObject({ status: 'signed_in' });
    await failFrom('198.51.100.99', 1);
    await expect(login('secret1', '10.0.0.1')).resolves.toMatchObject({ status: 'second_proof', method: 'email' });
  });

  it('after 50 failures from many addresses, asks the right password for a code e-mailed to the account; never refuses it', async () => {
    for (let a = 0; a < SECOND_PROOF_THRESHOLD / 5; a++) await failFrom(`198.51.100.${a}`, 5);
    const outcome = await login('secret1', '10.0.0.1');
    expect(outcome).toMatchObject({ status: 'second_proof', method: 'email' });
    if (outcome.status !== 'second_proof') throw new Error('expected a pending sign-in');
    const stored = pending.rows.get(tokenHash(outcome.token))!;
    expect(stored).toMatchObject({ method: 'email', failures: 0 });
    expect(outbox.sent).toHaveLength(1);
    const code = /(\d{6})/.exec(outbox.sent[0].text)![1];
    expect(await hasher.verify(stored.codeHash!, code)).toBe(true);
    expect(outbox.sent[0]).toMatchObject({ kind: 'sign-in-code', to: 'ann@example.com' });
  });

  it('e-mails at most five sign-in codes an hour', async () => {
    for (let a = 0; a < SECOND_PROOF_THRESHOLD / 5; a++) await failFrom(`198.51.100.${a}`, 5);
    for (let i = 0; i < SIGNIN_CODE_LIMIT; i++) await expect(login('secret1')).resolves.toMatchObject({ status: 'second_proof' });
    await expect(login('secret1')).rejects.toMatchObject({ code: 'AUTH.TOO_MANY_CODE_REQUESTS' });
    expect(outbox.sent).toHaveLength(SIGNIN_CODE_LIMIT);
  });

  it('asks an account with two-factor sign-in for its TOTP, remembering "Remember me"', async () => {
    const ann = (await users.findByEmail('ann@example.com'))!;
    await users.save(User.restore({ ...userProps(ann), twoFactorEnabledAt: new Date() }));
    const outcome = await handler.execute({ email: 'ann@example.com', password: 'secret1', address: null, remember: true });
    expect(outcome).toMatchObject({ status: 'second_proof', method: 'totp' });
    if (outcome.status !== 'second_proof') throw new Error('expected a pending sign-in');
    expect(pending.rows.get(tokenHash(outcome.token))).toMatchObject({ method: 'totp', remember: true, codeHash: null });
    expect(outbox.sent).toEqual([]);
  });
});

function userProps(u: User) {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    passwordHash: u.passwordHash,
    company: u.company,
    role: u.role,
    createdAt: u.createdAt,
    deletedAt: u.deletedAt,
    emailVerifiedAt: u.emailVerifiedAt,
    twoFactorEnabledAt: null,
  };
}
