import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../App';
import { CURRENT_USER_KEY } from '../portal/features/auth/api';
import { createQueryClient } from '../shared/api/queryClient';
import { DEFAULT_STUDIO, STUDIO_KEY } from '../shared/studio';
import { admin, callsTo, mockFetch, renderWithApp } from '../test/utils';

// the first test pays for loading react-admin (several seconds on a cold cache)
describe('back office (react-admin under /admin)', { timeout: 30_000 }, () => {
  it('shows the dashboard and the admin menu to an admin', async () => {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const figures = {
      revenue: { amount: 1250, count: 3, month: 'November 2026' },
      pending: { amount: 400, count: 2 },
      activeClients: { count: 7, newThisMonth: 7 },
      recentActivity: [],
    };
    const spy = mockFetch({ 'GET /api/user': { body: admin }, [`GET /api/dashboard?tz=${encodeURIComponent(tz)}`]: { body: figures } });
    // the studio the server puts into the page, in the cache before the first render (main.tsx)
    const queryClient = createQueryClient();
    queryClient.setQueryData(STUDIO_KEY, DEFAULT_STUDIO);
    renderWithApp(<AppRoutes />, { route: '/admin', user: admin, queryClient });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    const menu = screen.getAllByRole('menuitem');
    const names = menu.map((item) => item.textContent);
    expect(names).toEqual([
      'Dashboard',
      'Clients',
      'Projects',
      'Services',
      'Payments',
      'Invoices',
      'Bundles',
      'Email System',
      'Integrations',
      'Studio Settings',
      'Activity Log',
      'Logout',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Activity Log' })).toHaveAttribute('href', '/admin/audit-events');
    expect(screen.getByRole('menuitem', { name: 'Invoices' })).toHaveAttribute('href', '/admin/invoices');
    expect(screen.getByRole('menuitem', { name: 'Bundles' })).toHaveAttribute('href', '/admin/credits');
    expect(screen.getByRole('menuitem', { name: 'Integrations' })).toHaveAttribute('href', '/admin/integrations');
    expect(screen.getByRole('menuitem', { name: 'Studio Settings' })).toHaveAttribute('href', '/admin/studio');
    // the dashboard asks for its figures in the admin's time zone and, for its Getting started checklist,
    // whether there is a service, Stripe and a mail server; nothing else (the bar's studio came with the page)
    await waitFor(() => expect(callsTo(spy, `GET /api/dashboard?tz=${encodeURIComponent(tz)}`)).toHaveLength(1));
    await waitFor(() =>
      expect(
        spy.mock.calls
          .map(([url]) => String(url))
          .filter((u) => u !== '/api/user' && !u.startsWith('/api/dashboard'))
          .sort(),
      ).toEqual(['/api/email-status', '/api/public-config', `/api/services?range=${encodeURIComponent('[0,0]')}`]),
    );
  });

  it.each([
    ['/admin/clients', 'Clients'],
    ['/admin/projects', 'Projects'],
    ['/admin/services', 'Photography Services'],
    ['/admin/payments', 'Payment History'],
    ['/admin/invoices', 'Invoices'],
    ['/admin/credits', 'Bundles'],
    ['/admin/email', 'Email System'],
    ['/admin/integrations', 'Integrations'],
    ['/admin/audit-events', 'Activity Log'],
  ])('%s shows its title', async (route, title) => {
    mockFetch({ 'GET /api/user': { body: admin } });
    renderWithApp(<AppRoutes />, { route, user: admin });
    expect(await screen.findByRole('heading', { name: title, level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
  });

  it('logs out from the menu to /auth', async () => {
    const spy = mockFetch({
      'POST /api/logout': { status: 204 },
      'GET /api/user': { status: 401, body: { statusCode: 401, message: 'Not authenticated' } },
    });
    const { location, queryClient } = renderWithApp(<AppRoutes />, { route: '/admin', user: admin });
    const nav = await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, { timeout: 20_000 });
    expect(nav).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/auth'));
    expect(callsTo(spy, 'POST /api/logout')).toHaveLength(1);
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(document.body).queryByRole('menuitem', { name: 'Logout' })).not.toBeInTheDocument();
  });
});
