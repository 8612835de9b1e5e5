import type { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../AppProviders';
import { createQueryClient } from '../../shared/api/queryClient';
import type { User } from '../../shared/api/schema';
import { admin, client, mockFetch } from '../../test/utils';
import { CURRENT_USER_KEY } from '../features/auth/api';
import { AuthPage } from './AuthPage';

/**
 * Issue 28: /auth is sent prerendered (the sign-in form, rendered with the session check pending); a
 * signed-in user's browser may know the session before React hydrates the page. Hydration must render
 * the form the HTML holds (else React's error #418 in the browser and a render from scratch; here, before
 * the fix, the form was left on the page above where the redirect led); the redirect comes after.
 */
function page(queryClient: QueryClient) {
  return (
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={['/auth']}>
        <Routes>
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/admin" element={<p>the back office</p>} />
          <Route path="/" element={<p>the client&apos;s home</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>
  );
}

let root: Root | undefined;
// hydrateRoot is used directly here (not through Testing Library, which says so itself)
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** Hydrates the prerendered /auth with `user` already known; the errors React recovered from. */
async function hydrateKnowing(user: User | null): Promise<{ container: HTMLElement; errors: unknown[] }> {
  // the session check never answers here: the prerender's, and the one the page's own would make
  mockFetch({ 'GET /api/user': () => new Promise(() => {}) });
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(createQueryClient()));
  document.body.appendChild(container);
  expect(container.querySelector('form')).not.toBeNull();
  const known = createQueryClient();
  known.setQueryData(CURRENT_USER_KEY, user);
  const errors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, page(known), { onRecoverableError: (error) => errors.push(error) });
  });
  return { container, errors };
}

describe('/auth hydrating for a signed-in user (issue 28, React error #418)', () => {
  it.each([
    ['an admin', admin, 'the back office'],
    ['a client', client, "the client's home"],
  ])('%s: the prerendered form hydrates without a mismatch, then the page sends them on', async (_, user, destination) => {
    const { container, errors } = await hydrateKnowing(user);
    expect(errors).toEqual([]);
    expect(container).toHaveTextContent(destination);
    expect(container.querySelector('form')).toBeNull();
  });

  it('signed out: the form hydrates and stays', async () => {
    const { container, errors } = await hydrateKnowing(null);
    expect(errors).toEqual([]);
    expect(container.querySelector('form')).not.toBeNull();
  });
});
