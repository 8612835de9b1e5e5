import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { createQueryClient, isSessionEnded } from './queryClient';

const ended = () =>
  new ApiError(401, 'You are not signed in. Please sign in again.', {
    statusCode: 401,
    code: 'AUTH.NOT_SIGNED_IN',
    message: 'You are not signed in. Please sign in again.',
  });
const user = { id: 3, username: 'Ann', email: 'ann@example.com', role: 'client' };

describe('query client and an ended session', () => {
  it('forgets the user and their data when a call finds the session ended, so the page goes to sign-in', async () => {
    const client = createQueryClient();
    client.setQueryData(['/api/user'], user);
    client.setQueryData(['/api/projects'], [{ id: 1 }]);
    await client.fetchQuery({ queryKey: ['/api/credits/balance'], queryFn: async () => Promise.reject(ended()) }).catch(() => undefined);
    expect(client.getQueryData(['/api/user'])).toBeNull();
    expect(client.getQueryData(['/api/projects'])).toBeUndefined();
  });

  it('does the same when a change (mutation) finds it ended', async () => {
    const client = createQueryClient();
    client.setQueryData(['/api/user'], user);
    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => Promise.reject(ended()) })
      .execute(undefined)
      .catch(() => undefined);
    expect(client.getQueryData(['/api/user'])).toBeNull();
  });

  it('keeps the user on other errors, and a wrong password at sign-in is not an ended session', async () => {
    const client = createQueryClient();
    client.setQueryData(['/api/user'], user);
    const wrong = new ApiError(401, 'Invalid email or password', {
      statusCode: 401,
      code: 'AUTH.INVALID_CREDENTIALS',
      message: 'Invalid email or password',
    });
    expect(isSessionEnded(wrong)).toBe(false);
    await client
      .fetchQuery({ queryKey: ['/api/projects'], queryFn: async () => Promise.reject(new ApiError(500, 'boom')) })
      .catch(() => undefined);
    await client.fetchQuery({ queryKey: ['/api/x'], queryFn: async () => Promise.reject(wrong) }).catch(() => undefined);
    expect(client.getQueryData(['/api/user'])).toEqual(user);
  });
});
