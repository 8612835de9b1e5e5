import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/utils';
import { ApiError, dataOf, errorText, getJson, http, serverMessageOf } from './client';

describe('http (openapi-fetch)', () => {
  it('sends JSON with the session cookie and parses the answer', async () => {
    const spy = mockFetch({ 'POST /api/login': { status: 200, body: { id: 1 } } });
    await expect(dataOf(http.POST('/api/login', { body: { email: 'a@b.co', password: 'secret' } }))).resolves.toEqual({ id: 1 });
    const [, init] = spy.mock.calls[0]!;
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.co', password: 'secret' }));
    expect(init.headers.get('Content-Type')).toBe('application/json');
    expect(init.headers.get('Accept')).toBe('application/json');
  });

  it('resolves 204 to undefined', async () => {
    mockFetch({ 'POST /api/logout': { status: 204 } });
    await expect(dataOf(http.POST('/api/logout'))).resolves.toBeUndefined();
  });

  it("raises '<status>: <body message>' and keeps the server's message and field errors", async () => {
    mockFetch({
      'POST /api/register': {
        status: 400,
        statusText: 'Bad Request',
        body: {
          statusCode: 400,
          message: 'Password must be at least 6 characters',
          error: 'Bad Request',
          errors: { password: 'Password must be at least 6 characters' },
        },
      },
    });
    const error = await http.POST('/api/register', { body: { username: 'a', email: 'a@b.co', password: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('400: Password must be at least 6 characters');
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).serverMessage).toBe('Password must be at least 6 characters');
    expect((error as ApiError).fieldErrors).toEqual({ password: 'Password must be at least 6 characters' });
  });

  it('falls back to the status text when the body is empty', async () => {
    mockFetch({ 'GET /api/projects': { status: 502, statusText: 'Bad Gateway' } });
    await expect(http.GET('/api/projects')).rejects.toThrow('502: Bad Gateway');
  });

  it('uses a non-JSON body as it is', async () => {
    mockFetch({
      'GET /api/x': () => ({ status: 500, body: undefined, statusText: 'Internal Server Error' }),
    });
    await expect(getJson('/api/x')).rejects.toThrow('500: Internal Server Error');
  });

  it('fills path parameters and sends the path the server routes', async () => {
    const spy = mockFetch({ 'GET /api/projects/client/7': { body: [] } });
    await expect(dataOf(http.GET('/api/projects/client/{userId}', { params: { path: { userId: 7 } } }))).resolves.toEqual([]);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

describe('error helpers', () => {
  it('serverMessageOf prefers the server sentence, else the fallback', () => {
    expect(serverMessageOf(new ApiError(400, 'x', { statusCode: 400, message: 'Invalid or expired verification code' }), 'F')).toBe(
      'Invalid or expired verification code',
    );
    expect(serverMessageOf(new TypeError('Failed to fetch'), 'Failed to reset password')).toBe('Failed to reset password');
  });

  it('errorText gives the full error text', () => {
    expect(errorText(new ApiError(401, 'Invalid email or password'))).toBe('401: Invalid email or password');
    expect(errorText('nope', 'fallback')).toBe('fallback');
  });
});
