import type { DataProvider } from 'react-admin';
import { httpClient } from '../providers/httpClient';
import type { ClientCreateData, ClientUpdateData } from './dataProvider';

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
