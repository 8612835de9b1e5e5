import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, mockFetch } from '../../test/utils';
import { clientsOverrides } from './overrides';

const created = { id: 12, username: 'Jane', email: 'jane@example.com', role: 'client', company: null };

describe('clients dataProvider overrides', () => {
  it('creates a client through POST /api/register {username, email, password, role} and answers {data}', async () => {
    const spy = mockFetch({ 'POST /api/register': { status: 201, body: created } });
    const result = await clientsOverrides.create!('clients', {
      data: { username: 'Jane', email: 'jane@example.com', password: 'secret1', role: 'client', extra: 'x' },
    });
    expect(result).toEqual({ data: created });
    expect(bodyOf(spy, 'POST /api/register')).toEqual({
      username: 'Jane',
      email: 'jane@example.com',
      password: 'secret1',
      role: 'client',
    });
    const [, init] = callsTo(spy, 'POST /api/register')[0]!;
    expect(init?.credentials).toBe('include');
    expect(callsTo(spy, 'POST /api/clients')).toHaveLength(0);
  });

  it("rejects with the server's message and field errors (409)", async () => {
    mockFetch({
      'POST /api/register': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: 'An account with this email already exists',
          errors: { email: 'An account with this email already exists' },
        },
      },
    });
    const error = await clientsOverrides.create!('clients', {
      data: { username: 'Jane', email: 'jane@example.com', password: 'secret1', role: 'client' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(409);
    expect((error as HttpError).message).toBe('An account with this email already exists');
    expect((error as HttpError).body.errors).toEqual({ email: 'An account with this email already exists' });
  });

  it('updates with PUT /api/clients/{id} {username, email, role} only', async () => {
    const spy = mockFetch({ 'PUT /api/clients/12': { body: { ...created, role: 'admin' } } });
    const result = await clientsOverrides.update!('clients', {
      id: 12,
      data: { id: 12, username: 'Jane', email: 'jane@example.com', role: 'admin', createdAt: 'x' },
      previousData: created,
    });
    expect(bodyOf(spy, 'PUT /api/clients/12')).toEqual({ username: 'Jane', email: 'jane@example.com', role: 'admin' });
    expect(result.data).toMatchObject({ id: 12, role: 'admin' });
  });

  it('deletes with DELETE /api/clients/{id}; a 204 answers the deleted record', async () => {
    const spy = mockFetch({ 'DELETE /api/clients/12': { status: 204 } });
    const result = await clientsOverrides.delete!('clients', { id: 12, previousData: created });
    expect(callsTo(spy, 'DELETE /api/clients/12')).toHaveLength(1);
    expect(result).toEqual({ data: created });
  });
});
