import { emailTaken, User } from '../../../clients';
import { AppConfig } from '../../../../shared/config/app-config';
import { FakeHasher, immediateTx, InMemoryUsers } from '../../../../testing/in-memory';
import { BootstrapAdminHandler } from './bootstrap-admin.handler';

const EMAIL = 'owner@studio.test';

/**
 * Another instance starting at the same moment: it commits its admin between this instance's check and
 * its insert, so the insert meets the unique index (the TypeORM repository maps that to emailTaken).
 */
class UsersWithARacingInstance extends InMemoryUsers {
  raced = false;
  override async save(user: User) {
    if (!this.raced && user.id === 0 && user.email === EMAIL) {
      this.raced = true;
      await super.save(User.register({ username: 'Other instance', email: EMAIL, passwordHash: 'h', role: 'admin' }, new Date()));
      throw emailTaken();
    }
    return super.save(user);
  }
}

describe('BootstrapAdminHandler', () => {
  const config = Object.assign(new AppConfig(), { adminEmail: EMAIL, adminPassword: 'OwnerPass1!', adminUsername: 'Studio Owner' });

  it('creates the admin once, and leaves an existing account as it is', async () => {
    const users = new InMemoryUsers();
    const handler = new BootstrapAdminHandler(users, new FakeHasher(), config, immediateTx());
    await expect(handler.execute()).resolves.toBe('created');
    await expect(handler.execute()).resolves.toBe('exists');
    expect([...users.rows.values()].map((u) => [u.email, u.role, u.username])).toEqual([[EMAIL, 'admin', 'Studio Owner']]);
  });

  it('goes on starting when another instance created the admin between its check and its insert', async () => {
    const users = new UsersWithARacingInstance();
    const handler = new BootstrapAdminHandler(users, new FakeHasher(), config, immediateTx());
    await expect(handler.execute()).resolves.toBe('exists');
    expect([...users.rows.values()].map((u) => u.username)).toEqual(['Other instance']);
  });

  it('still fails on a conflict that left no account with the e-mail', async () => {
    const users = new InMemoryUsers();
    users.save = () => Promise.reject(emailTaken());
    const handler = new BootstrapAdminHandler(users, new FakeHasher(), config, immediateTx());
    await expect(handler.execute()).rejects.toMatchObject({ code: 'USERS.EMAIL_TAKEN' });
  });
});
