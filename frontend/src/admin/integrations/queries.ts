import type { Identifier } from 'react-admin';

/** Query keys of the Integrations page. */
export const TOKENS_KEY = ['integrations', 'tokens'] as const;
export const ENDPOINTS_KEY = ['integrations', 'endpoints'] as const;
export const deliveriesKey = (endpointId: Identifier) => ['integrations', 'deliveries', String(endpointId)] as const;
