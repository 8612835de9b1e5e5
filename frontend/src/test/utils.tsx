import { render, type RenderOptions } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../AppProviders';
import { CURRENT_USER_KEY } from '../portal/features/auth/api';
import { createQueryClient } from '../shared/api/queryClient';
import type { User } from '../shared/api/types';

export const client: User = {
  id: 7,
  username: 'Jane Client',
  email: 'jane@example.com',
  company: 'Jane Weddings',
  role: 'client',
  createdAt: '2025-01-05T15:04:00.000Z',
};

export const admin: User = { ...client, id: 1, username: 'admin', email: 'admin@example.com', role: 'admin' };

/** Shows the router's current location, so tests can assert redirects. */
function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" hidden>
      {location.pathname}
      {location.search}
    </div>
  );
}

interface Options extends Omit<RenderOptions, 'wrapper'> {
  route?: string;
  /** undefined: the user query is not seeded (it will fetch); null: signed out; a User: signed in */
  user?: User | null;
  queryClient?: QueryClient;
}

/** Renders `ui` with the app's providers and a MemoryRouter at `route`. */
export function renderWithApp(ui: ReactElement, { route = '/', user, queryClient, ...options }: Options = {}) {
  const qc = queryClient ?? createQueryClient();
  if (user !== undefined) qc.setQueryData(CURRENT_USER_KEY, user);
  const result = render(
    <AppProviders queryClient={qc}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
    options,
  );
  return { ...result, queryClient: qc, location: () => result.getByTestId('location').textContent };
}

type Reply = { status?: number; body?: unknown; statusText?: string };
type Handler = Reply | ((init: RequestInit | undefined, url: string) => Reply | Promise<Reply>);

/**
 * Replaces global fetch with a table of `'METHOD /path'` -> reply. Unknown calls answer 404.
 * Returns the spy; `bodyOf(spy, 'POST /api/login')` gives the JSON sent.
 */
export function mockFetch(routes: Record<string, Handler>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const handler = routes[`${method} ${url}`];
    const reply: Reply = !handler
      ? { status: 404, body: { statusCode: 404, message: 'Not Found' } }
      : typeof handler === 'function'
        ? await handler(init, url)
        : handler;
    const status = reply.status ?? 200;
    const text = reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(status === 204 ? null : text, {
      status,
      statusText: reply.statusText ?? '',
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

export function callsTo(spy: ReturnType<typeof mockFetch>, key: string) {
  const [method, path] = key.split(' ');
  return spy.mock.calls.filter(([input, init]) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return url === path && (init?.method ?? 'GET').toUpperCase() === method;
  });
}

export function bodyOf(spy: ReturnType<typeof mockFetch>, key: string, index = 0): unknown {
  const call = callsTo(spy, key)[index];
  if (!call) throw new Error(`no call to ${key}`);
  return JSON.parse(String(call[1]?.body));
}
