import { User } from '../../../clients/domain/user';
import { AppConfig } from '../../../../shared/config/app-config';
import { aUser, CollectingOutbox, FakeHasher, immediateTx, InMemoryUsers } from '../../../../testing/in-memory';
import type { EmailOutbox } from '../../../email';
import type { EmailVerification } from '../../../clients';
import type { Credential } from '../../../../shared/auth/access';
import { RegisterHandler } from './register.handler';

const SESSION: Credential = { kind: 'session' };
const TOKEN: Credential = { kind: 'token', tokenId: 7, tokenName: 'CRM sync' };

describe('RegisterHandler', () => {
  const config = Object.assign(new AppConfig(), { appUrl: 'http://studio.test' });
  let users: InMemoryUsers;
  let outbox: CollectingOutbox;
  let handler: RegisterHandler;
  let verification: EmailVerification;
  beforeEach(() => {
    users = new InMemoryUsers();
    outbox = new CollectingOutbox();
    const links: string[] = [];
    verification = {
      issue: async (u: User) => (links.push(u.email), `http://studio.test/verify-email?token=t-${links.length}`),
      useInvitation: async (token: string, email: string) => token === 'invite-for-cara' && email.toLowerCase() === 'cara@example.com',
    } as unknown as EmailVerification;
    handler = new RegisterHandler(users, new FakeHasher(), outbox as unknown as EmailOutbox, immediateTx(), config, verification);
  });

  const admin = () => aUser(99, 'admin', { username: 'Owner', email: 'o@x.com', emailVerifiedAt: new Date() });

  it('makes a client of a public registration that asks for admin', async () => {
    const u = await handler.execute({
      username: 'Ann Lee',
      email: 'Ann@Example.com',
      password: 'secret1',
      role: 'admin',
      actor: null,
      credential: SESSION,
    });
    expect(u.role).toBe('client');
    expect(u.email).toBe('ann@example.com');
    expect(u.passwordHash).not.toContain('secret1');
  });

  it('lets an admin create an admin', async () => {
    const u = await handler.execute({
      username: 'Second',
      email: 's@example.com',
      password: 'secret1',
      role: 'admin',
      actor: admin(),
      credential: SESSION,
    });
    expect(u.role).toBe('admin');
  });

  it("refuses an admin made through an API token (account authority is the session's), and creates nothing", async () => {
    await expect(
      handler.execute({
        username: 'Mallory',
        email: 'm@example.com',
        password: 'secret1',
        role: 'admin',
        actor: admin(),
        credential: TOKEN,
      }),
    ).rejects.toMatchObject({ kind: 'forbidden', code: 'AUTH.SESSION_REQUIRED' });
    expect(await users.findByEmail('m@example.com')).toBeNull();
    const client = await handler.execute({
      username: 'Cara',
      email: 'cc@example.com',
      password: 'secret1',
      actor: admin(),
      credential: TOKEN,
    });
    expect(client.role).toBe('client');
  });

  it('queues one welcome e-mail for the new account', async () => {
    await handler.execute({ username: 'Ann Lee', email: 'ann@example.com', password: 'secret1', actor: null, credential: SESSION });
    expect(outbox.sent).toHaveLength(1);
    expect(outbox.sent[0]).toMatchObject({ kind: 'welcome', to: 'ann@example.com' });
    expect(outbox.sent[0].html).toContain('http://studio.test/projects');
  });

  it('sends a self-registered client the link that verifies the address; an account the admin makes is verified', async () => {
    const self = await handler.execute({
      username: 'Ann Lee',
      email: 'ann@example.com',
      password: 'secret1',
      actor: null,
      credential: SESSION,
    });
    expect(self.emailVerified).toBe(false);
    expect(outbox.sent[0].html).toContain('http://studio.test/verify-email?token=t-1');
    expect(outbox.sent[0].text).toContain('http://studio.test/verify-email?token=t-1');
    const made = await handler.execute({
      username: 'Bob Stone',
      email: 'bob@example.com',
      password: 'secret1',
      actor: admin(),
      credential: SESSION,
    });
    expect(made.emailVerified).toBe(true);
    expect(outbox.sent[1].html).not.toContain('verify-email');
  });

  it('verifies an account made from an invitation to its own address, and sends it no link', async () => {
    const cara = await handler.execute({
      username: 'Cara Moss',
      email: 'Cara@example.com',
      password: 'secret1',
      invite: 'invite-for-cara',
      actor: null,
      credential: SESSION,
    });
    expect(cara.emailVerified).toBe(true);
    expect(outbox.sent[0].html).not.toContain('verify-email');
    const other = await handler.execute({
      username: 'Dan Moss',
      email: 'dan@example.com',
      password: 'secret1',
      invite: 'invite-for-cara',
      actor: null,
      credential: SESSION,
    });
    expect(other.emailVerified).toBe(false);
    expect(outbox.sent[1].html).toContain('verify-email');
  });

  it('refuses a taken e-mail or name and stores nothing more', async () => {
    await handler.execute({ username: 'Ann Lee', email: 'ann@example.com', password: 'secret1', actor: null, credential: SESSION });
    await expect(
      handler.execute({ username: 'Other', email: 'ANN@example.com', password: 'secret1', actor: null, credential: SESSION }),
    ).rejects.toMatchObject({
      code: 'USERS.EMAIL_TAKEN',
      kind: 'conflict',
    });
    await expect(
      handler.execute({ username: 'ann lee', email: 'b@example.com', password: 'secret1', actor: null, credential: SESSION }),
    ).rejects.toMatchObject({
      code: 'USERS.USERNAME_TAKEN',
    });
    expect(users.rows.size).toBe(1);
    expect(outbox.sent).toHaveLength(1);
  });
});
