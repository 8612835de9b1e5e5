import type { Identifier } from 'react-admin';
import type { OutboxQuery } from './types';

/** Query keys of the Email System page; invalidating OUTBOX_KEY refreshes every outbox page. */
export const EMAIL_KEY = ['email'] as const;
export const EMAIL_STATUS_KEY = ['email', 'status'] as const;
export const OWN_EMAIL_KEY = ['email', 'own-address'] as const;
export const OUTBOX_KEY = ['email', 'outbox'] as const;
export const outboxPageKey = (query: OutboxQuery) => ['email', 'outbox', 'page', query] as const;
export const outboxEmailKey = (id: Identifier) => ['email', 'outbox', 'one', String(id)] as const;
