import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, renderInAdmin } from '../clients/testing';
import { fakeApi } from '../shared/testing';
import { dashboardMethods, type DashboardSummary } from './dashboard/dataProvider';
import { gettingStartedMethods } from './dashboard/gettingStarted';
import { admin } from '../../test/utils';
import { DashboardPage } from './DashboardPage';

const summary: DashboardSummary = {
  revenue: { amount: 1234.5, count: 3, month: 'November 2026' },
  pending: { amount: 450, count: 2 },
  activeClients: { count: 8, newThisMonth: 8 },
  recentActivity: [
    {
      type: 'payment',
      title: 'Payment received',
      description: 'Smith Wedding - Jane Client',
      timestamp: new Date(2025, 0, 5, 15, 4).toISOString(),
      amount: 250,
    },
    {
      type: 'client',
      title: 'New client registered',
      description: 'Bob Smith joined',
      timestamp: new Date(2025, 0, 4, 9, 30).toISOString(),
      amount: null,
    },
  ],
};

function setup(data: DashboardSummary = summary, crud: Parameters<typeof fakeDataProvider>[0] = {}, user = admin) {
  const getDashboard = vi.fn(async () => ({ data }));
  fakeApi(dashboardMethods, { getDashboard });
  // the Getting started checklist's own calls: unanswered here (its steps count as not done), tested in GettingStarted.test.tsx
  fakeApi(gettingStartedMethods);
  const dataProvider = fakeDataProvider(crud);
  renderInAdmin(<DashboardPage />, { dataProvider, user });
  return { getDashboard };
}

describe('Dashboard', { timeout: 20_000 }, () => {
  it("shows the month's revenue, pending payments and active clients for the browser's zone", async () => {
    const { getDashboard } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const revenue = await screen.findByRole('region', { name: 'Revenue (November 2026)' });
    expect(revenue).toHaveTextContent('$1,234.50');
    expect(revenue).toHaveTextContent('3 payments');
    const pending = screen.getByRole('region', { name: 'Pending Payments' });
    expect(pending).toHaveTextContent('$450.00');
    expect(pending).toHaveTextContent('2 unpaid projects');
    const clients = screen.getByRole('region', { name: 'Active Clients' });
    expect(clients).toHaveTextContent('8');
    expect(clients).toHaveTextContent('+8 new this month');
    expect(getDashboard).toHaveBeenCalledWith(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('shows the overdue invoices and their total, linking to the Invoices list filtered on Overdue (CONTRACT §14)', async () => {
    setup({ ...summary, overdue: { count: 2, amount: 612.5 } });
    const overdue = await screen.findByRole('region', { name: 'Overdue' });
    expect(overdue).toHaveTextContent('$612.50');
    expect(overdue).toHaveTextContent('2 overdue invoices');
    const link = within(overdue).getByRole('link');
    expect(link).toHaveAttribute('href', `/invoices?filter=${encodeURIComponent('{"overdue":true}')}`);
  });

  it('shows no Overdue card when the server gives no overdue figures', async () => {
    setup();
    await screen.findByRole('region', { name: 'Pending Payments' });
    expect(screen.queryByRole('region', { name: 'Overdue' })).toBeNull();
  });

  it('lists recent activity with its icon, timestamp and amount', async () => {
    setup();
    const panel = await screen.findByRole('region', { name: 'Recent Activity' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Payment received');
    expect(items[0]).toHaveTextContent('Smith Wedding - Jane Client');
    expect(items[0]).toHaveTextContent('Jan 5, 2025 at 3:04 PM');
    expect(items[0]).toHaveTextContent('$250.00');
    expect(within(items[0]!).getByRole('img', { name: 'Payment' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Jan 4, 2025 at 9:30 AM');
    expect(items[1]).not.toHaveTextContent('$');
    expect(within(items[1]!).getByRole('img', { name: 'Client' })).toBeInTheDocument();
  });

  it('says so when there is no activity yet', async () => {
    setup({ ...summary, recentActivity: [] });
    expect(await screen.findByText('No recent activity')).toBeInTheDocument();
    expect(screen.getByText('Start by adding clients and projects')).toBeInTheDocument();
  });

  it('links the quick actions to their pages', async () => {
    setup();
    const panel = screen.getByRole('region', { name: 'Quick Actions' });
    expect(within(panel).getByRole('link', { name: 'New Project' })).toHaveAttribute('href', '/projects');
    expect(within(panel).getByRole('link', { name: 'Manage Services' })).toHaveAttribute('href', '/services');
    expect(within(panel).getByRole('link', { name: 'View Reports' })).toHaveAttribute('href', '/payments');
  });

  it('adds a client from the Add Client dialog and refreshes the figures', async () => {
    const create = vi.fn(async (_r: string, { data }: { data: object }) => ({ data: { id: 30, ...data } }));
    const { getDashboard } = setup(summary, { create });
    await screen.findByText('$1,234.50');
    await userEvent.click(screen.getByRole('button', { name: 'Add Client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Client' });
    expect(dialog).toHaveAccessibleDescription('Create a new client account');
    await userEvent.type(within(dialog).getByLabelText('Username'), 'Al');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Client' }));
    expect(await within(dialog).findByText('Username must be at least 3 characters')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Username'), 'ice');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'alice@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret1');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Admin' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Client' }));

    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        'clients',
        expect.objectContaining({ data: { username: 'Alice', email: 'alice@example.com', password: 'secret1', role: 'admin' } }),
      ),
    );
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent('Success');
    expect(toast).toHaveTextContent('Client created successfully');
    await waitFor(() => expect(getDashboard).toHaveBeenCalledTimes(2));
  });

  it('shows an error with a retry when the figures cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const getDashboard = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValue({ data: summary });
    fakeApi(dashboardMethods, { getDashboard });
    fakeApi(gettingStartedMethods);
    renderInAdmin(<DashboardPage />, { dataProvider: fakeDataProvider() });
    expect(await screen.findByText('boom')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
  });

  it('offers the admin two-factor sign-in until it is on (CONTRACT §8)', async () => {
    setup();
    const prompt = await screen.findByRole('note');
    expect(prompt).toHaveTextContent('Protect your studio with two-factor sign-in');
    expect(within(prompt).getByRole('link', { name: 'Turn on' })).toHaveAttribute('href', '/admin/account');
  });

  it('says nothing of two-factor sign-in once it is on', async () => {
    setup(summary, {}, { ...admin, twoFactorEnabled: true });
    await screen.findByRole('region', { name: 'Pending Payments' });
    expect(screen.queryByText('Protect your studio with two-factor sign-in')).not.toBeInTheDocument();
  });
});
