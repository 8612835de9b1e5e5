import { User } from '../../../clients/domain/user';
import { FakeHasher, InMemoryAttempts, InMemoryUsers } from '../../../../testing/in-memory';
import { LOGIN_FAILURE_LIMIT } from '../../domain/sign-in-limits';
import { LoginHandler } from './login.handler';

describe('LoginHandler', () => {
  let users: InMemoryUsers;
  let hasher: FakeHasher;
  let attempts: InMemoryAttempts;
  let handler: LoginHandler;

  beforeEach(async () => {
    users = new InMemoryUsers();
    hasher = new FakeHasher();
    attempts = new InMemoryAttempts();
    handler = new LoginHandler(users, hasher, attempts);
    await users.save(
      User.register({ username: 'Ann Lee', email: 'ann@example.com', passwordHash: await hasher.hash('secret1') }, new Date()),
    );
  });

  it('signs in with the right password, whatever the e-mail case', async () => {
    await expect(handler.execute({ email: ' ANN@example.com ', password: 'secret1' })).resolves.toMatchObject({ username: 'Ann Lee' });
  });

  it('gives an unknown e-mail the same error and the same hash work as a wrong password', async () => {
    const wrong = await handler.execute({ email: 'ann@example.com', password: 'nope12' }).catch((e) => e);
    const before = hasher.verifications;
    const unknown = await handler.execute({ email: 'bob@example.com', password: 'nope12' }).catch((e) => e);
    expect(hasher.verifications - before).toBe(1);
    expect(unknown.message).toBe(wrong.message);
    expect(unknown.code).toBe('AUTH.INVALID_CREDENTIALS');
  });

  it('locks the account at the tenth failure, and only that account', async () => {
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++)
      await handler.execute({ email: 'ann@example.com', password: 'wrong1' }).catch(() => undefined);
    await expect(handler.execute({ email: 'ann@example.com', password: 'secret1' })).rejects.toMatchObject({ kind: 'too_many_requests' });
    await users.save(User.register({ username: 'Bob', email: 'bob@example.com', passwordHash: await hasher.hash('secret2') }, new Date()));
    await expect(handler.execute({ email: 'bob@example.com', password: 'secret2' })).resolves.toBeTruthy();
  });
});
