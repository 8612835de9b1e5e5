import { describe, expect, it, vi } from 'vitest';
import { client, mockFetch } from '../../../test/utils';
import { fetchCurrentUser } from './api';

describe('fetchCurrentUser', () => {
  it('returns the user with the session cookie', async () => {
    const spy = mockFetch({ 'GET /api/user': { body: client } });
    await expect(fetchCurrentUser()).resolves.toEqual(client);
    expect(spy.mock.calls[0]![1].credentials).toBe('same-origin');
  });

  it('returns null on 401 without logging', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/user': { status: 401, body: { statusCode: 401, message: 'Not authenticated' } } });
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(log).not.toHaveBeenCalled();
  });

  it('logs other failures and returns null', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/user': { status: 503, statusText: 'Service Unavailable' } });
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(log).toHaveBeenCalledWith('Failed to fetch user: Service Unavailable');
  });

  it('logs a network failure and returns null', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(log).toHaveBeenCalledWith('Failed to fetch user: Failed to fetch');
  });
});
