import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates a page prerendered at build time (and on the server), true otherwise:
 * useSyncExternalStore renders the server snapshot during hydration, then the client one. A prerendered
 * form keeps its submit button inert until then, so a submit before the scripts run never goes to the
 * server as a native GET (the password in the address).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
