import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditActor } from './audit-trail';

/** What code deep in a use case may know of the request that started it, without threading it through. */
export interface RequestContextData {
  actor: AuditActor | null;
  ip: string | null;
  /** How the actor acted when not through their session: `token:<id> <name>` for an API token (CONTRACT §12). */
  via?: string | null;
}

const storage = new AsyncLocalStorage<RequestContextData>();

export const RequestContext = {
  /** Runs `work` with `data` as the current request's context. */
  run<T>(data: RequestContextData, work: () => T): T {
    return storage.run(data, work);
  },
  /** The current request's context, or null outside a request (start-up, the outbox worker). */
  current(): RequestContextData | null {
    return storage.getStore() ?? null;
  },
};
