import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, renderInAdmin } from '../clients/testing';
import { fakeApi, type ApiFakes } from '../shared/testing';
import { CreditsPage } from './CreditsPage';
import { creditsMethods } from './dataProvider';
import type { ClientCreditsQuery, ClientWithCredits, CreditBundle } from './types';

const bundles: CreditBundle[] = [
  { id: 1, name: 'Starter Pack', description: '', creditAmount: 5, price: 49.5, isActive: true },
  { id: 2, name: 'Pro Pack', description: 'Ten sessions worth', creditAmount: 10, price: 1200, isActive: false },
];

const clients: ClientWithCredits[] = [
  {
    id: 7,
    username: 'Jane Doe',
    email: 'jane@example.com',
    creditBalance: 6,
    transactions: [
      {
        id: 4,
        amount: 3,
        type: 'redemption',
        description: 'Wedding',
        bundleId: null,
        projectId: 3,
        transactionDate: '2025-03-04T10:00:00Z',
      },
      {
        id: 3,
        amount: 2,
        type: 'adjustment-remove',
        description: 'Correction',
        bundleId: null,
        projectId: null,
        transactionDate: '2025-03-03T10:00:00Z',
      },
      {
        id: 2,
        amount: 1,
        type: 'adjustment-add',
        description: 'Gift',
        bundleId: null,
        projectId: null,
        transactionDate: '2025-03-02T10:00:00Z',
      },
      {
        id: 1,
        amount: 10,
        type: 'purchase',
        description: 'Pro Pack',
        bundleId: 2,
        projectId: null,
        transactionDate: '2025-01-05T10:00:00Z',
      },
    ],
  },
  { id: 8, username: 'Bob Stone', email: 'bob@studio.test', creditBalance: 0, transactions: [] },
];

/** GET /api/clients-with-credits as the server answers it: searched on name or e-mail, one page, the total. */
const serverClients = (list: ClientWithCredits[]) =>
  vi.fn(async ({ q, page, perPage }: ClientCreditsQuery) => {
    const text = q.trim().toLowerCase();
    const found = list.filter((c) => c.username.toLowerCase().includes(text) || c.email.toLowerCase().includes(text));
    return { data: found.slice(page * perPage, (page + 1) * perPage), total: found.length };
  });

/** Renders the page with its own calls faked (the defaults below, then `calls`); it makes no CRUD call. */
function renderCreditsPage(calls: ApiFakes<typeof creditsMethods> = {}) {
  fakeApi(creditsMethods, {
    getCreditBundlesAdmin: vi.fn(async () => ({ data: bundles })),
    getCreditBundleUsage: vi.fn(async () => ({ data: { '2': 4 } })),
    getClientsWithCredits: serverClients(clients),
    getCreditProjects: vi.fn(async (id: number) => ({ data: id === 7 ? [{ id: 3, name: 'Harbour Wedding' }] : [] })),
    getCreditTransactions: vi.fn(async (id: number) => ({ data: clients.find((c) => c.id === id)?.transactions ?? [] })),
    ...calls,
  });
  return renderInAdmin(<CreditsPage />, { dataProvider: fakeDataProvider() });
}

const bundleRow = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
// a client's row of the Client Credits table, or an item of a list (credit projects)
const clientRow = (name: string) => screen.getByText(name).closest('tr, li') as HTMLElement;
const expandButton = (name: string) => within(clientRow(name)).getAllByRole('button')[0]!;

describe('Bundles page', { timeout: 20_000 }, () => {
  it('shows one spinner while loading, then the bundles with usage, dashes and badges', async () => {
    renderCreditsPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Bundles' })).toBeInTheDocument();
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
    await screen.findByText('Starter Pack');
    const table = screen.getByRole('table', { name: 'Credit bundles' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Description', 'Credit Amount', 'Price', 'Status', 'Usage', 'Actions']);
    const cells = (name: string) =>
      within(bundleRow(name))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('Starter Pack').slice(0, 6)).toEqual(['Starter Pack', '-', '5', '$49.50', 'Active', '0']);
    expect(cells('Pro Pack').slice(0, 6)).toEqual(['Pro Pack', 'Ten sessions worth', '10', '$1,200.00', 'Inactive', '4']);
    expect(within(bundleRow('Pro Pack')).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(bundleRow('Pro Pack')).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it("shows 0 usage when usage is unknown and 'No credit bundles found' when there are none", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderCreditsPage({
      getCreditBundlesAdmin: vi.fn(async () => ({ data: [] })),
      getCreditBundleUsage: vi.fn(async () => Promise.reject(new Error('Failed to fetch bundle usage'))),
    });
    expect(await screen.findByText('No credit bundles found')).toBeInTheDocument();
    expect(screen.queryByText('Error loading data')).not.toBeInTheDocument();
  });

  it("shows 'Error loading data' when the bundles or the clients fail", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderCreditsPage({
      getClientsWithCredits: vi.fn(async () => Promise.reject(new Error('Failed to fetch clients with credits'))),
    });
    expect(await screen.findByText('Error loading data')).toBeInTheDocument();
    expect(screen.queryByText('Starter Pack')).not.toBeInTheDocument();
  });

  it('creates a bundle: defaults, spec messages, body and toast', async () => {
    const createCreditBundle = vi.fn(async (data: object) => ({ data: { id: 9, ...data } }));
    const getCreditBundlesAdmin = vi.fn(async () => ({ data: bundles }));
    renderCreditsPage({ createCreditBundle, getCreditBundlesAdmin });
    await screen.findByText('Starter Pack');
    await userEvent.click(screen.getByRole('button', { name: 'Add Bundle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Bundle' });
    expect(within(dialog).getByLabelText('Credit Amount')).toHaveValue(0);
    expect(within(dialog).getByLabelText('Price ($)')).toHaveValue(0);
    expect(within(dialog).getByRole('switch', { name: 'Make this bundle available for purchase' })).toBeChecked();

    await userEvent.type(within(dialog).getByLabelText('Name'), 'Family Pack');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Bundle' }));
    expect(await within(dialog).findByText('Price must be at least 1')).toBeInTheDocument();
    expect(within(dialog).getByText('Credit amount must be at least 1')).toBeInTheDocument();
    expect(createCreditBundle).not.toHaveBeenCalled();

    await userEvent.clear(within(dialog).getByLabelText('Credit Amount'));
    await userEvent.type(within(dialog).getByLabelText('Credit Amount'), '8');
    await userEvent.clear(within(dialog).getByLabelText('Price ($)'));
    await userEvent.type(within(dialog).getByLabelText('Price ($)'), '120.5');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Make this bundle available for purchase' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Bundle' }));
    await waitFor(() =>
      expect(createCreditBundle).toHaveBeenCalledWith({
        name: 'Family Pack',
        description: '',
        creditAmount: 8,
        price: 120.5,
        isActive: false,
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Credit Bundle Created');
    await waitFor(() => expect(getCreditBundlesAdmin).toHaveBeenCalledTimes(2));
  });

  it("edits a bundle prefilled and shows 'Error' with the server's message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const updateCreditBundle = vi.fn(async () => {
      throw new HttpError('Bundle name is required', 400, { statusCode: 400, message: 'Bundle name is required' });
    });
    renderCreditsPage({ updateCreditBundle });
    await screen.findByText('Pro Pack');
    await userEvent.click(within(bundleRow('Pro Pack')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Bundle' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Pro Pack');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Ten sessions worth');
    expect(within(dialog).getByLabelText('Credit Amount')).toHaveValue(10);
    expect(within(dialog).getByLabelText('Price ($)')).toHaveValue(1200);
    expect(within(dialog).getByRole('switch', { name: 'Make this bundle available for purchase' })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Bundle' }));
    await waitFor(() =>
      expect(updateCreditBundle).toHaveBeenCalledWith(2, {
        name: 'Pro Pack',
        description: 'Ten sessions worth',
        creditAmount: 10,
        price: 1200,
        isActive: false,
      }),
    );
    const toast = await screen.findByRole('alert', { hidden: true });
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Bundle name is required');
    expect(screen.getByRole('dialog', { name: 'Edit Bundle' })).toBeInTheDocument();
  });

  it('deletes after the confirmation with the bundle name', async () => {
    const deleteCreditBundle = vi.fn(async (id: number) => ({ data: { id } }));
    renderCreditsPage({ deleteCreditBundle });
    await screen.findByText('Starter Pack');
    await userEvent.click(within(bundleRow('Starter Pack')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This will permanently delete the credit bundle "Starter Pack". This action cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleteCreditBundle).not.toHaveBeenCalled();

    await userEvent.click(within(bundleRow('Starter Pack')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleteCreditBundle).toHaveBeenCalledWith(1));
    expect(await screen.findByRole('status')).toHaveTextContent('Credit Bundle Deleted');
  });

  it("shows 'Failed to delete credit bundle' when the server says nothing", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const deleteCreditBundle = vi.fn(async () => Promise.reject(new HttpError('', 500, {})));
    renderCreditsPage({ deleteCreditBundle });
    await screen.findByText('Starter Pack');
    await userEvent.click(within(bundleRow('Starter Pack')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const toast = await screen.findByRole('alert', { hidden: true });
    expect(toast).toHaveTextContent('Failed to delete credit bundle');
  });
});

describe('Client Credits', { timeout: 20_000 }, () => {
  it('lists clients with balances and searches by name or e-mail on the server, with a clear button', async () => {
    const getClientsWithCredits = serverClients(clients);
    renderCreditsPage({ getClientsWithCredits });
    await screen.findByText('Jane Doe');
    expect(getClientsWithCredits).toHaveBeenCalledTimes(1);
    expect(getClientsWithCredits).toHaveBeenCalledWith({ q: '', page: 0, perPage: 25 });
    expect(clientRow('Jane Doe')).toHaveTextContent('jane@example.com');
    expect(clientRow('Jane Doe')).toHaveTextContent('6 credits');
    expect(clientRow('Bob Stone')).toHaveTextContent('0 credits');
    expect(within(screen.getByRole('region', { name: 'Client Credits' })).getByText('(2)')).toBeInTheDocument();

    const search = screen.getByPlaceholderText('Search clients by name or email...');
    await userEvent.type(search, ' STUDIO');
    // the typed text stays; one request once typing pauses, trimmed
    expect(search).toHaveValue(' STUDIO');
    await waitFor(() => expect(screen.queryByText('Jane Doe')).not.toBeInTheDocument());
    expect(screen.getByText('Bob Stone')).toBeInTheDocument();
    expect(getClientsWithCredits).toHaveBeenCalledTimes(2);
    expect(getClientsWithCredits).toHaveBeenLastCalledWith({ q: 'STUDIO', page: 0, perPage: 25 });

    await userEvent.clear(search);
    await userEvent.type(search, 'nobody');
    expect(await screen.findByText('No Clients Found')).toBeInTheDocument();
    expect(screen.getByText('No clients match your search criteria.')).toBeInTheDocument();
    expect(getClientsWithCredits).toHaveBeenLastCalledWith({ q: 'nobody', page: 0, perPage: 25 });
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(search).toHaveValue('');
    expect(await screen.findByText('Jane Doe')).toBeInTheDocument();
    expect(screen.getByText('Bob Stone')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('shows 25 clients a page with pagination, and a new search starts again on the first page', { timeout: 60_000 }, async () => {
    const many: ClientWithCredits[] = Array.from({ length: 60 }, (_, i) => ({
      id: 100 + i,
      username: `Client ${String(i + 1).padStart(2, '0')}`,
      email: `client${i + 1}@example.com`,
      creditBalance: i,
      transactions: [],
    }));
    const getClientsWithCredits = serverClients(many);
    renderCreditsPage({ getClientsWithCredits });
    await screen.findByText('Client 01');
    const list = screen.getByRole('table', { name: 'Clients' });
    expect(within(list).getAllByTestId(/^client-credits-/)).toHaveLength(25);
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    expect(screen.queryByText('Client 26')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to previous page' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('Client 26')).toBeInTheDocument();
    expect(getClientsWithCredits).toHaveBeenLastCalledWith({ q: '', page: 1, perPage: 25 });
    expect(screen.getByText('26–50 of 60')).toBeInTheDocument();
    expect(screen.queryByText('Client 01')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('Client 60')).toBeInTheDocument();
    expect(screen.getByText('51–60 of 60')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Clients' })).getAllByTestId(/^client-credits-/)).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();

    await userEvent.type(screen.getByPlaceholderText('Search clients by name or email...'), 'client 5');
    expect(await screen.findByText('1–10 of 10')).toBeInTheDocument();
    expect(getClientsWithCredits).toHaveBeenLastCalledWith({ q: 'client 5', page: 0, perPage: 25 });
    expect(screen.getByText('Client 50')).toBeInTheDocument();
    expect(screen.getByText('Client 59')).toBeInTheDocument();
    expect(screen.queryByText('Client 05')).not.toBeInTheDocument();
    // pages the user did not ask for were never fetched (no request per keystroke either)
    expect(getClientsWithCredits.mock.calls.every(([query]) => query.q === '' || query.q === 'client 5')).toBe(true);
  });

  it("shows 'There are no clients with credit history.' when there are no clients", async () => {
    renderCreditsPage({ getClientsWithCredits: vi.fn(async () => ({ data: [], total: 0 })) });
    expect(await screen.findByText('No Clients Found')).toBeInTheDocument();
    expect(screen.getByText('There are no clients with credit history.')).toBeInTheDocument();
  });

  it("shows the list's latest transactions at once and the whole history, fetched on expand", async () => {
    const older = {
      id: 0,
      amount: 20,
      type: 'purchase' as const,
      description: 'Old Pack',
      bundleId: 2,
      projectId: null,
      transactionDate: '2024-12-01T10:00:00Z',
    };
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const getCreditTransactions = vi.fn(async (id: number) => {
      await gate;
      return { data: [...(clients.find((c) => c.id === id)?.transactions ?? []), older] };
    });
    renderCreditsPage({ getCreditTransactions });
    await screen.findByText('Jane Doe');
    expect(getCreditTransactions).not.toHaveBeenCalled();
    await userEvent.click(expandButton('Jane Doe'));
    const history = await screen.findByRole('table', { name: 'Transaction history' });
    expect(within(history).getAllByRole('row')).toHaveLength(5); // header + the list's 4
    expect(getCreditTransactions).toHaveBeenCalledWith(7);
    release();
    expect(await within(history).findByText('Old Pack')).toBeInTheDocument();
    expect(within(history).getAllByRole('row')).toHaveLength(6);
  });

  it('expands one client at a time and fetches credit projects only on expand', async () => {
    const getCreditProjects = vi.fn(async (id: number) => ({ data: id === 7 ? [{ id: 3, name: 'Harbour Wedding' }] : [] }));
    renderCreditsPage({ getCreditProjects });
    await screen.findByText('Jane Doe');
    expect(getCreditProjects).not.toHaveBeenCalled();

    await userEvent.click(expandButton('Jane Doe'));
    expect(expandButton('Jane Doe')).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('Harbour Wedding')).toBeInTheDocument();
    expect(within(clientRow('Harbour Wedding')).getByText('Project')).toBeInTheDocument();
    expect(getCreditProjects).toHaveBeenCalledTimes(1);
    expect(getCreditProjects).toHaveBeenCalledWith(7);

    // history: Date, Type, Amount, Description with signs and labels
    const history = screen.getByRole('table', { name: 'Transaction history' });
    expect(
      within(history)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Type', 'Amount', 'Description']);
    const rows = within(history)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Mar 4, 2025', 'Redemption', '-3', 'Wedding'],
      ['Mar 3, 2025', 'Admin Removed', '-2', 'Correction'],
      ['Mar 2, 2025', 'Admin Added', '+1', 'Gift'],
      ['Jan 5, 2025', 'Purchase', '+10', 'Pro Pack'],
    ]);

    await userEvent.click(expandButton('Bob Stone'));
    expect(expandButton('Bob Stone')).toHaveAttribute('aria-expanded', 'true');
    expect(expandButton('Jane Doe')).toHaveAttribute('aria-expanded', 'false');
    expect(await screen.findByText('No projects found where credits were used.')).toBeInTheDocument();
    expect(screen.getByText('No transaction history.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Harbour Wedding')).not.toBeInTheDocument());
    expect(getCreditProjects).toHaveBeenLastCalledWith(8);

    await userEvent.click(expandButton('Bob Stone'));
    expect(expandButton('Bob Stone')).toHaveAttribute('aria-expanded', 'false');
  });

  it('adjusts credits: opens at 0 and add, Confirm disabled at 0, sends the body, toasts and updates the balance', async () => {
    const adjustCredits = vi.fn(async () => ({ data: { userId: 7, balance: 11 } }));
    const getClientsWithCredits = serverClients(clients);
    renderCreditsPage({ adjustCredits, getClientsWithCredits });
    await screen.findByText('Jane Doe');
    await userEvent.click(within(clientRow('Jane Doe')).getByRole('button', { name: 'Adjust credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust Credits' });
    expect(dialog).toHaveTextContent('Current Balance: 6 credits');
    expect(within(dialog).getByRole('radio', { name: 'Add Credits' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Remove Credits' })).not.toBeChecked();
    const amount = within(dialog).getByLabelText('Amount');
    expect(amount).toHaveValue(0);
    expect(amount).toHaveAttribute('min', '1');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();

    await userEvent.clear(amount);
    await userEvent.type(amount, '5');
    expect(confirm).toBeEnabled();
    // a held-back answer: Confirm is disabled while the request is pending
    let answer!: (value: { data: { userId: number; balance: number } }) => void;
    adjustCredits.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await userEvent.click(confirm);
    expect(adjustCredits).toHaveBeenCalledWith({ userId: 7, amount: 5, type: 'add' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Saving...' })).toBeDisabled());
    answer({ data: { userId: 7, balance: 11 } });

    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent('Credits Adjusted');
    expect(toast).toHaveTextContent('Credits were added to the client successfully.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getClientsWithCredits.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('updates the shown balance, never below 0, and refreshes the credit projects', async () => {
    const getClientsWithCredits = serverClients(clients);
    const getCreditProjects = vi.fn(async () => ({ data: [] }));
    // the server's answer has no balance: the page computes it locally
    const adjustCredits = vi.fn(async () => ({ data: { userId: 7, balance: Number.NaN } }));
    renderCreditsPage({ adjustCredits, getClientsWithCredits, getCreditProjects });
    await screen.findByText('Jane Doe');
    await userEvent.click(expandButton('Jane Doe'));
    await screen.findByText('No projects found where credits were used.');
    expect(getCreditProjects).toHaveBeenCalledTimes(1);

    // the refetch keeps answering the old list: the local balance stays until the server says otherwise
    getClientsWithCredits.mockImplementation(() => new Promise(() => undefined));
    await userEvent.click(within(clientRow('Jane Doe')).getByRole('button', { name: 'Adjust credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust Credits' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Remove Credits' }));
    await userEvent.clear(within(dialog).getByLabelText('Amount'));
    await userEvent.type(within(dialog).getByLabelText('Amount'), '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(adjustCredits).toHaveBeenCalledWith({ userId: 7, amount: 9, type: 'remove' });
    expect(await screen.findByRole('status')).toHaveTextContent('Credits were removed from the client successfully.');
    await waitFor(() => expect(clientRow('Jane Doe')).toHaveTextContent('0 credits'));
    await waitFor(() => expect(getCreditProjects).toHaveBeenCalledTimes(2));
  });

  it("shows 'Error' with the server's message when an adjustment fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const adjustCredits = vi.fn(async () =>
      Promise.reject(
        new HttpError('Cannot remove more credits than the client has (balance: 0)', 400, {
          statusCode: 400,
          message: 'Cannot remove more credits than the client has (balance: 0)',
          errors: { amount: 'Cannot remove more credits than the client has (balance: 0)' },
        }),
      ),
    );
    renderCreditsPage({ adjustCredits });
    await screen.findByText('Bob Stone');
    await userEvent.click(within(clientRow('Bob Stone')).getByRole('button', { name: 'Adjust credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust Credits' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Remove Credits' }));
    await userEvent.clear(within(dialog).getByLabelText('Amount'));
    await userEvent.type(within(dialog).getByLabelText('Amount'), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const toast = await screen.findByRole('alert', { hidden: true });
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Cannot remove more credits than the client has (balance: 0)');
    expect(screen.getByRole('dialog', { name: 'Adjust Credits' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount')).toHaveAccessibleDescription(
      'Cannot remove more credits than the client has (balance: 0)',
    );
  });

  it("falls back to 'Failed to adjust credits'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const adjustCredits = vi.fn(async () => Promise.reject(new HttpError('', 500, {})));
    renderCreditsPage({ adjustCredits });
    await screen.findByText('Bob Stone');
    await userEvent.click(within(clientRow('Bob Stone')).getByRole('button', { name: 'Adjust credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust Credits' });
    await userEvent.type(within(dialog).getByLabelText('Amount'), '{selectall}3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent('Failed to adjust credits');
  });
});
