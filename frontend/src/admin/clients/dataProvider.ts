import type { DataProvider, RaRecord } from 'react-admin';
import type { components, RegisterRequest, UpdateClientRequest, User } from '../../shared/api/schema';
import { httpClient } from '../providers/httpClient';

/** A row of GET /api/clients (docs/api/back-office.md). */
export type ClientRecord = Omit<User, 'company' | 'createdAt'> & Partial<Pick<User, 'company' | 'createdAt'>> & RaRecord<number>;

/** What the New Client dialogs send (spec §7: POST /api/register as admin carries a role). */
export type ClientCreateData = Required<Omit<RegisterRequest, 'invite'>>;

/** What the Edit Client dialog sends (spec §7: PUT /api/clients/{id} {username, email, role}). */
export type ClientUpdateData = UpdateClientRequest;

const API = '/api';

/**
 * Clients' replacements of ra-data-simple-rest's methods:
 * - create goes through POST /api/register {username, email, password, role} (the admin stays signed in);
 * - update sends only {username, email, role};
 * - delete answers 204: the deleted row is the record we had.
 */
export const clientsOverrides: Partial<DataProvider> = {
  create: async (_resource, params) => {
    const { username, email, password, role } = params.data as ClientCreateData;
    const { json } = await httpClient(`${API}/register`, {
      method: 'POST',
      body: JSON.stringify({ username, email, password, role }),
    });
    return { data: json };
  },
  update: async (_resource, params) => {
    const { username, email, role } = params.data as ClientUpdateData;
    const { json } = await httpClient(`${API}/clients/${encodeURIComponent(String(params.id))}`, {
      method: 'PUT',
      body: JSON.stringify({ username, email, role }),
    });
    return { data: json ?? { ...params.previousData, ...params.data, id: params.id } };
  },
  delete: async (_resource, params) => {
    const { json } = await httpClient(`${API}/clients/${encodeURIComponent(String(params.id))}`, {
      method: 'DELETE',
    });
    return { data: (json && typeof json === 'object' && 'id' in json ? json : (params.previousData ?? { id: params.id })) as never };
  },
};

/** The answer of POST /api/clients/{id}/end-sessions. */
export type EndSessionsResult = components['schemas']['EndSessionsResponse'];

/** Clients' non-CRUD calls, spread into the app's data provider. */
export const clientsMethods = {
  /** Signs the account out of every browser it is signed in on. */
  endClientSessions: async (id: number): Promise<EndSessionsResult> => {
    const { json } = await httpClient(`${API}/clients/${encodeURIComponent(String(id))}/end-sessions`, { method: 'POST' });
    return json as EndSessionsResult;
  },
};
