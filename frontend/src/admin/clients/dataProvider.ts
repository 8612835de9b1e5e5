import type { RaRecord } from 'react-admin';
import type { components, RegisterRequest, UpdateClientRequest, User } from '../../shared/api/schema';
import { httpClient } from '../providers/httpClient';

/** A row of GET /api/clients (docs/api/back-office.md). */
export type ClientRecord = Omit<User, 'company' | 'createdAt'> & Partial<Pick<User, 'company' | 'createdAt'>> & RaRecord<number>;

/** What the New Client dialogs send (spec §7: POST /api/register as admin carries a role). */
export type ClientCreateData = Required<Omit<RegisterRequest, 'invite'>>;

/** What the Edit Client dialog sends (spec §7: PUT /api/clients/{id} {username, email, role}). */
export type ClientUpdateData = UpdateClientRequest;

const API = '/api';

/** The answer of POST /api/clients/{id}/end-sessions. */
export type EndSessionsResult = components['schemas']['EndSessionsResponse'];

/**
 * The clients' non-CRUD calls: the Client dialogs' own (their chunk, not the back office's dataProvider).
 * CRUD goes through the dataProvider, with the replacements of ./overrides.ts.
 */
export const clientsMethods = {
  /** Signs the account out of every browser it is signed in on. */
  endClientSessions: async (id: number): Promise<EndSessionsResult> => {
    const { json } = await httpClient(`${API}/clients/${encodeURIComponent(String(id))}/end-sessions`, { method: 'POST' });
    return json as EndSessionsResult;
  },
};

export type ClientsMethods = typeof clientsMethods;

/** The clients' calls (tests replace them with `fakeApi`). */
export function useClientsApi(): ClientsMethods {
  return clientsMethods;
}
