import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { fakeDataProvider, renderInAdmin, signedInAdmin } from '../clients/testing';
import { EmailPage } from './EmailPage';
import type { OutboxEmail } from './types';

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeRequest {
  method: string;
  url: URL;
  /** the JSON body sent, if any */
  body: unknown;
}

export type Handler = Reply | ((request: FakeRequest) => Reply | Promise<Reply>);

/** An outbox page as the server sends it: the rows and a Content-Range header. */
export function outboxReply(rows: OutboxEmail[], total = rows.length, start = 0): Reply {
  const end = rows.length ? start + rows.length - 1 : start;
  return { body: rows, headers: { 'Content-Range': `email-outbox ${start}-${end}/${total}` } };
}

export function outboxRow(overrides: Partial<OutboxEmail> = {}): OutboxEmail {
  return {
    id: 1,
    kind: 'welcome',
    to: 'jane@example.com',
    subject: 'Welcome to the studio',
    status: 'sent',
    attempts: 1,
    lastError: null,
    serverResponse: '250 2.0.0 OK queued',
    createdAt: '2025-03-04T10:00:00.000Z',
    sentAt: '2025-03-04T10:00:02.000Z',
    nextAttemptAt: null,
    ...overrides,
  };
}

/** What every test's server answers unless told otherwise. */
const defaultRoutes: Record<string, Handler> = {
  'GET /api/email-status': { body: { status: 'connected' } },
  'GET /api/admin/email-outbox': outboxReply([]),
};

/**
 * Fakes the network at its boundary (global fetch): `'METHOD /path'` (no query string) -> reply.
 * The page, its httpClient and react-query are real. Unknown calls answer 404.
 */
export function fakeServer(routes: Record<string, Handler> = {}) {
  const table = { ...defaultRoutes, ...routes };
  const requests: FakeRequest[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, url, body };
    requests.push(request);
    const handler = table[`${method} ${url.pathname}`];
    const reply: Reply = !handler
      ? { status: 404, body: { statusCode: 404, message: 'Not Found' } }
      : typeof handler === 'function'
        ? await handler(request)
        : handler;
    const status = reply.status ?? 200;
    return new Response(status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  /** the requests to `'METHOD /path'`, oldest first */
  const calls = (key: string) => requests.filter((r) => `${r.method} ${r.url.pathname}` === key);
  /** a query parameter of a request, JSON-decoded */
  const param = (request: FakeRequest, name: string): unknown => JSON.parse(request.url.searchParams.get(name) ?? 'null');
  return { spy, requests, calls, param };
}

/** Renders the Email System page inside react-admin's contexts, with toasts (its calls reach `fakeServer`). */
export function renderEmailPage(identity = signedInAdmin) {
  const user = userEvent.setup();
  const result = renderInAdmin(<EmailPage />, { dataProvider: fakeDataProvider(), identity });
  return { ...result, user };
}

export async function openTab(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('tab', { name }));
  expect(screen.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  return screen.getByRole('tabpanel', { name });
}

/** The toast on screen: role 'status' for default toasts, 'alert' for destructive ones (shared/toast.tsx). */
export function findToast(variant: 'default' | 'destructive' = 'default'): Promise<HTMLElement> {
  const role = variant === 'destructive' ? 'alert' : 'status';
  return waitFor(
    () => {
      const toasts = screen.queryAllByRole(role, { hidden: true }).filter((e) => e.getAttribute('data-variant') === variant);
      expect(toasts).toHaveLength(1);
      return toasts[0]!;
    },
    { timeout: 3000 },
  );
}

/** Closes the toast on screen, so that the next one (react-admin shows one at a time) can appear. */
export async function dismissToast(user: ReturnType<typeof userEvent.setup>, toast: HTMLElement) {
  await user.click(within(toast).getByRole('button', { name: 'Close', hidden: true }));
  await waitFor(() => expect(toast).not.toBeInTheDocument());
}
