import { User } from './user';

const base = { username: 'Ann Lee', email: ' Ann@Example.COM ', passwordHash: 'h' };

describe('User', () => {
  it('normalises the e-mail and defaults to the client role', () => {
    const u = User.register(base, new Date());
    expect(u.email).toBe('ann@example.com');
    expect(u.role).toBe('client');
  });

  it('treats any role other than admin as an ordinary client', () => {
    expect(User.register({ ...base, role: 'superuser' as never }, new Date()).role).toBe('client');
  });

  it('refuses a name shorter than 3 characters', () => {
    expect(() => User.register({ ...base, username: ' ab ' }, new Date())).toThrow('Name must be at least 3 characters');
  });

  it('shows nothing secret in its public form', () => {
    const pub = User.register(base, new Date()).withId(3).toPublic();
    expect(Object.keys(pub).sort()).toEqual([
      'company',
      'createdAt',
      'email',
      'emailVerified',
      'id',
      'role',
      'twoFactorEnabled',
      'username',
    ]);
  });

  it('lets an admin reach anything and a client only their own', () => {
    const client = User.register(base, new Date()).withId(3);
    const admin = User.register({ ...base, role: 'admin' }, new Date()).withId(4);
    expect(client.mayAccessOwnedBy(3)).toBe(true);
    expect(client.mayAccessOwnedBy(5)).toBe(false);
    expect(admin.mayAccessOwnedBy(5)).toBe(true);
  });
});
