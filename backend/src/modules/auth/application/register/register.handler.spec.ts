import { User } from '../../../clients/domain/user';
import { AppConfig } from '../../../../shared/config/app-config';
import { aUser, CollectingOutbox, FakeHasher, immediateTx, InMemoryUsers } from '../../../../testing/in-memory';
import type { EmailOutbox } from '../../../email';
import type { EmailVerification } from '../../../clients';
import { RegisterHandler } from './register.handler';

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
    const u = await handler.execute({ username: 'Ann Lee', email: 'Ann@Example.com', password: 'secret1', role: 'admin', actor: null });
    expect(u.role).toBe('client');
    expect(u.email).toBe('ann@example.com');
    expect(u.passwordHash).not.toContain('secret1');
  });

  it('lets an admin create an admin', async () => {
    const u = await handler.execute({ username: 'Second', email: 's@example.com', password: 'secret1', role: 'admin', actor: admin() });
    expect(u.role).toBe('admin');
  });

  it('queues one welcome e-mail for the new account', async () => {
    await handler.execute({ username: 'Ann Lee', email: 'ann@example.com', password: 'secret1', actor: null });
    expect(outbox.sent).toHaveLength(1);
    expect(outbox.sent[0]).toMatchObject({ kind: 'welcome', to: 'ann@example.com' });
    expect(outbox.sent[0].html).toContain('http://studio.test/projects');
  });

  it('sends a self-registered client the link that verifies the address; an account the admin makes is verified', async () => {
    const self = await handler.execute({ username: 'Ann Lee', email: 'ann@example.com', password: 'secret1', actor: null });
    expect(self.emailVerified).toBe(false);
    expect(outbox.sent[0].html).toContain('http://studio.test/verify-email?token=t-1');
    expect(outbox.sent[0].text).toContain('http://studio.test/verify-email?token=t-1');
    const made = await handler.execute({ username: 'Bob Stone', email: 'bob@example.com', password: 'secret1', actor: admin() });
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
    });
    expect(cara.emailVerified).toBe(true);
    expect(outbox.sent[0].html).not.toContain('verify-email');
    const other = await handler.execute({
      username: 'Dan Moss',
      email: 'dan@example.com',
      password: 'secret1',
      invite: 'invite-for-cara',
      actor: null,
    });
    expect(other.emailVerified).toBe(false);
    expect(outbox.sent[1].html).toContain('verify-email');
  });

  it('refuses a taken e-mail or name and stores nothing more', async () => {
    await handler.execute({ username: 'Ann Lee', email: 'ann@example.com', password: 'secret1', actor: null });
    await expect(handler.execute({ username: 'Other', email: 'ANN@example.com', password: 'secret1', actor: null })).rejects.toMatchObject({
      code: 'USERS.EMAIL_TAKEN',
      kind: 'conflict',
    });
    await expect(handler.execute({ username: 'ann lee', email: 'b@example.com', password: 'secret1', actor: null })).rejects.toMatchObject({
      code: 'USERS.USERNAME_TAKEN',
    });
    expect(users.rows.size).toBe(1);
    expect(outbox.sent).toHaveLength(1);
  });
});
