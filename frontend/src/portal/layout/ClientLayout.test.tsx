import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../App';
import { CURRENT_USER_KEY } from '../features/auth/api';
import { callsTo, client, mockFetch, renderWithApp } from '../../test/utils';

vi.mock('../../admin/AdminApp', () => ({ AdminApp: () => null, default: () => null }));

/** jsdom has no matchMedia: MUI then renders the small-screen layout unless we fake a wide screen. */
function fakeWideScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /min-width/.test(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

describe('client layout', () => {
  it('on small screens shows the logo and a menu button that opens the menu', async () => {
    renderWithApp(<AppRoutes />, { route: '/projects', user: client });
    expect(await screen.findByRole('heading', { name: 'My Projects' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Credits' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'My Projects' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Book a Session' })).toHaveAttribute('href', '/booking');
    expect(within(nav).getByRole('link', { name: 'Credits' })).toHaveAttribute('href', '/credits');
    expect(within(nav).getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/payments');
    expect(within(nav).getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/invoices');
    expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();

    await userEvent.click(within(nav).getByRole('link', { name: 'Credits' }));
    expect(await screen.findByRole('heading', { name: 'Credits', level: 1 })).toBeInTheDocument();
  });

  it('on wide screens shows the side menu without a menu button', async () => {
    fakeWideScreen();
    try {
      renderWithApp(<AppRoutes />, { route: '/account', user: client });
      const nav = await screen.findByRole('navigation', { name: 'Main' });
      expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
      expect(within(nav).getByRole('link', { name: 'My Projects' })).not.toHaveAttribute('aria-current');
      expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
      expect(screen.getByText('jane@example.com')).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('logs out: POST /api/logout, toast, user forgotten, back to /auth', async () => {
    fakeWideScreen();
    try {
      const spy = mockFetch({
        'POST /api/logout': { status: 204 },
        'GET /api/user': { status: 401, body: { statusCode: 401, message: 'Not authenticated' } },
      });
      const { location, queryClient } = renderWithApp(<AppRoutes />, { route: '/projects', user: client });
      await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));

      await waitFor(() => expect(location()).toBe('/auth'));
      expect(callsTo(spy, 'POST /api/logout')).toHaveLength(1);
      expect(queryClient.getQueryData(CURRENT_USER_KEY)).toBeNull();
      const toast = await screen.findByRole('status');
      expect(toast).toHaveTextContent('Logged out');
      expect(toast).toHaveTextContent('You have been successfully logged out.');
      expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("stays signed in and shows 'Logout failed' when the call fails", async () => {
    fakeWideScreen();
    try {
      mockFetch({ 'POST /api/logout': { status: 500, body: { statusCode: 500, message: 'Internal server error' } } });
      const { location, queryClient } = renderWithApp(<AppRoutes />, { route: '/projects', user: client });
      await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Logout failed');
      expect(location()).toBe('/projects');
      expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual(client);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
