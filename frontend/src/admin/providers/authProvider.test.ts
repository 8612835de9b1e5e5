import { describe, expect, it, vi } from 'vitest';
import { admin, callsTo, client, mockFetch } from '../../test/utils';
import { createAuthProvider } from './authProvider';

const make = (user: typeof admin | null) => {
  const onSignedOut = vi.fn();
  const provider = createAuthProvider({ fetchUser: async () => user, onSignedOut });
  return { provider, onSignedOut };
};

describe('admin authProvider', () => {
  it('lets an admin in and names them', async () => {
    const { provider } = make(admin);
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
    await expect(provider.getIdentity!()).resolves.toMatchObject({ id: 1, fullName: 'admin' });
  });

  it('sends a signed-out visitor or a client to /auth, not to /login', async () => {
    await expect(make(null).provider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/auth' });
    await expect(make(client).provider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/auth' });
  });

  it('signs out on 401 but not on 403', async () => {
    const { provider } = make(admin);
    await expect(provider.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: '/auth' });
    await expect(provider.checkError({ status: 403 })).resolves.toBeUndefined();
  });

  it('logs out through the API and lets the portal redirect', async () => {
    const spy = mockFetch({ 'POST /api/logout': { status: 204 } });
    const { provider, onSignedOut } = make(admin);
    await expect(provider.logout({})).resolves.toBe(false);
    expect(callsTo(spy, 'POST /api/logout')).toHaveLength(1);
    expect(onSignedOut).toHaveBeenCalledOnce();
  });

  it('forgets the user even when the logout call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'POST /api/logout': { status: 500 } });
    const { provider, onSignedOut } = make(admin);
    await provider.logout({});
    expect(onSignedOut).toHaveBeenCalledOnce();
  });
});
