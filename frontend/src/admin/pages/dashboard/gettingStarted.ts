import { useQuery } from '@tanstack/react-query';
import { httpClient } from '../../providers/httpClient';

/**
 * The Getting started checklist's calls (each answers whether its step is done), read from the APIs the
 * steps' own pages use: the services list, the public settings' payment mode, the E-mail page's status.
 */
export const gettingStartedMethods = {
  /** GET /api/services with a one-row range: its Content-Range total. */
  async serviceCount(): Promise<number> {
    const { json, headers } = await httpClient(`/api/services?range=${encodeURIComponent('[0,0]')}`);
    const total = /\/(\d+)$/.exec(headers.get('Content-Range') ?? '')?.[1];
    return total !== undefined ? Number(total) : Array.isArray(json) ? json.length : 0;
  },
  /** GET /api/public-config: cards go through Stripe (not the built-in emulator). */
  async stripeConnected(): Promise<boolean> {
    const { json } = await httpClient('/api/public-config');
    return (json as { paymentMode?: string } | null)?.paymentMode === 'stripe';
  },
  /** GET /api/email-status: the mail server took the studio's credentials. */
  async emailConnected(): Promise<boolean> {
    const { json } = await httpClient('/api/email-status');
    return (json as { status?: string } | null)?.status === 'connected';
  },
};

export type GettingStartedMethods = typeof gettingStartedMethods;

/** The checklist's calls (tests replace them with `fakeApi`). */
export function useGettingStartedApi(): GettingStartedMethods {
  return gettingStartedMethods;
}

/** One step's state: undefined while it is asked; a failed answer counts as not done. */
export function useStepDone<T>(key: string, ask: () => Promise<T>, done: (answer: T) => boolean): boolean | undefined {
  const query = useQuery({ queryKey: ['getting-started', key], queryFn: ask, retry: false, staleTime: 30_000 });
  if (query.isPending) return undefined;
  return query.isSuccess ? done(query.data) : false;
}
