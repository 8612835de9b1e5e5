import type { Identifier } from 'react-admin';
import type { ClientCreditsQuery } from './types';

/** Query keys of the Bundles page; invalidating CREDITS_KEY refreshes all of it. */
export const CREDITS_KEY = ['credits'] as const;
export const BUNDLES_KEY = ['credits', 'bundles'] as const;
export const USAGE_KEY = ['credits', 'usage'] as const;
/** Every page of the Client Credits list (each search and page under it). */
export const CLIENTS_KEY = ['credits', 'clients'] as const;
export const clientsPageKey = ({ q, page, perPage }: ClientCreditsQuery) => [...CLIENTS_KEY, { q, page, perPage }] as const;
export const creditProjectsKey = (clientId: Identifier) => ['credits', 'projects', String(clientId)] as const;
export const CREDIT_PROJECTS_KEY = ['credits', 'projects'] as const;
export const creditTransactionsKey = (clientId: Identifier) => ['credits', 'transactions', String(clientId)] as const;
export const CREDIT_TRANSACTIONS_KEY = ['credits', 'transactions'] as const;
