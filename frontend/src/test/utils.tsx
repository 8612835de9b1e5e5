import { render, type RenderOptions } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../AppProviders';
import { CURRENT_USER_KEY } from '../portal/features/auth/api';
import { createQueryClient } from '../shared/api/queryClient';
import type { User } from '../shared/api/schema';

export const client: User = {
  id: 7,
  username: 'Jane Client',
  email: 'jane@example.com',
  company: 'Jane Weddings',
  role: 'client',
  createdAt: '2025-01-05T15:04:00.000Z',
  emailVerified: true,
  twoFactorEnabled: false,
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

type Reply = { status?: number; body?: unknown; statusText?: string; headers?: Record<string, string> };
/** What a handler and `spy.mock.calls` see of a request: the method, headers, credentials and the body as text. */
export type SeenInit = { method: string; headers: Headers; credentials?: RequestCredentials; body?: string };
type Handler = Reply | ((init: SeenInit, url: string) => Reply | Promise<Reply>);
type FetchMock = ReturnType<typeof vi.fn<(path: string, init: SeenInit) => Promise<Response>>>;

/** The path (and query) of a same-origin URL; other URLs stay as they are. */
function pathOf(url: string): string {
  const { origin } = globalThis.location ?? { origin: 'http://localhost' };
  return url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
}

/**
 * Replaces global fetch with a table of `'METHOD /path'` (with its query, or without to answer any query) -> reply.
 * Unknown calls answer 404.
 * Returns a spy whose calls are `[path, init]`, whatever the caller passed: openapi-fetch calls
 * `fetch(Request)` with an absolute URL; the spy records the same-origin path and the body as text
 * (read before the handler runs), so `callsTo(spy, 'POST /api/login')` and `bodyOf` stay synchronous.
 */
export function mockFetch(routes: Record<string, Handler>): FetchMock {
  const bodies = new WeakMap<SeenInit, Promise<void>>();
  const spy: FetchMock = vi.fn(async (path: string, init: SeenInit) => {
    await bodies.get(init);
    // an exact match of path and query first, then the path alone
    const handler = routes[`${init.method} ${path}`] ?? routes[`${init.method} ${path.split('?')[0]}`];
    const reply: Reply = !handler
      ? { status: 404, body: { statusCode: 404, message: 'Not Found' } }
      : typeof handler === 'function'
        ? await handler(init, path)
        : handler;
    const status = reply.status ?? 200;
    const text = reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(status === 204 ? null : text, {
      status,
      statusText: reply.statusText ?? '',
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const request = input instanceof Request ? input : undefined;
    const url = request ? request.url : input instanceof URL ? input.href : String(input);
    const seen: SeenInit = {
      method: (request?.method ?? init?.method ?? 'GET').toUpperCase(),
      headers: new Headers(request?.headers ?? init?.headers),
      credentials: request?.credentials ?? init?.credentials,
      body: typeof init?.body === 'string' ? init.body : undefined,
    };
    if (request?.body) {
      bodies.set(
        seen,
        request
          .clone()
          .text()
          .then((text) => {
            seen.body = text;
          }),
      );
    }
    // recorded now, in call order; the body (a stream) is read before the handler answers
    return spy(pathOf(url), seen);
  });
  return spy;
}

export function callsTo(spy: FetchMock, key: string) {
  const [method, path] = key.split(' ');
  return spy.mock.calls.filter(([url, init]) => url === path && init.method === method);
}

export function bodyOf(spy: FetchMock, key: string, index = 0): unknown {
  const call = callsTo(spy, key)[index];
  if (!call) throw new Error(`no call to ${key}`);
  return JSON.parse(String(call[1].body));
}
