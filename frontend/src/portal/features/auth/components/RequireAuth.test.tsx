import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../../../App';
import { admin, client, mockFetch, renderWithApp } from '../../../../test/utils';

// the real back office is not under test here
vi.mock('../../../../admin/AdminApp', () => ({ AdminApp: () => <h1>Back office</h1>, default: () => <h1>Back office</h1> }));

describe('route guard', () => {
  it('shows a spinner while the current user loads', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { location } = renderWithApp(<AppRoutes />, { route: '/projects' });
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    answer(new Response(JSON.stringify({ statusCode: 401, message: 'Not authenticated' }), { status: 401 }));
    await waitFor(() => expect(location()).toBe('/auth'));
  });

  it('sends a visitor without a session to /auth', async () => {
    mockFetch({ 'GET /api/user': { status: 401, body: { statusCode: 401, message: 'Not authenticated' } } });
    const { location } = renderWithApp(<AppRoutes />, { route: '/account' });
    await waitFor(() => expect(location()).toBe('/auth'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('treats a failing user call as no user and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/user': { status: 500, statusText: 'Internal Server Error' } });
    const { location } = renderWithApp(<AppRoutes />, { route: '/credits' });
    await waitFor(() => expect(location()).toBe('/auth'));
    expect(log).toHaveBeenCalledWith('Failed to fetch user: Internal Server Error');
  });

  it('sends / to /projects for a client, with My Projects active', async () => {
    const { location } = renderWithApp(<AppRoutes />, { route: '/', user: client });
    await waitFor(() => expect(location()).toBe('/projects'));
    expect(await screen.findByRole('heading', { name: 'My Projects', level: 1 })).toBeInTheDocument();
  });

  it('sends / to /admin for an admin', async () => {
    const { location } = renderWithApp(<AppRoutes />, { route: '/', user: admin });
    await waitFor(() => expect(location()).toBe('/admin'));
    expect(await screen.findByRole('heading', { name: 'Back office' })).toBeInTheDocument();
  });

  it('keeps a client out of /admin paths', async () => {
    const { location } = renderWithApp(<AppRoutes />, { route: '/admin/payments', user: client });
    await waitFor(() => expect(location()).toBe('/projects'));
    expect(screen.queryByRole('heading', { name: 'Back office' })).not.toBeInTheDocument();
  });

  it('treats an unknown role as an ordinary user', async () => {
    const { location } = renderWithApp(<AppRoutes />, { route: '/admin', user: { ...client, role: 'superuser' as never } });
    await waitFor(() => expect(location()).toBe('/projects'));
  });

  it.each([
    ['/booking', 'Book a Session'],
    ['/credits', 'Credits'],
    ['/account', 'Account Settings'],
  ])('renders %s for a signed-in client', async (route, heading) => {
    renderWithApp(<AppRoutes />, { route, user: client });
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
  });

  it('shows the not-found page on unknown paths, signed in or not', async () => {
    renderWithApp(<AppRoutes />, { route: '/no/such/page', user: null });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The page you are looking for doesn't exist or has been moved.")).toBeInTheDocument();
  });
});
