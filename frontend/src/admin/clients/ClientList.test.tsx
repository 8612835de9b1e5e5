import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { canDeleteClient, ClientList, DELETE_CLIENT_CONFIRMATION } from './ClientList';
import { fakeApi } from '../shared/testing';
import { clientsMethods, type ClientRecord } from './dataProvider';
import { fakeDataProvider, renderInAdmin } from './testing';

const rows: ClientRecord[] = [
  { id: 1, username: 'admin', email: 'admin@example.com', role: 'admin', emailVerified: true, twoFactorEnabled: false },
  { id: 7, username: 'Jane Client', email: 'jane@example.com', role: 'client', emailVerified: false, twoFactorEnabled: false },
];

const listOf = (data: ClientRecord[]) => vi.fn(async () => ({ data, total: data.length }));

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('Clients page', { timeout: 20_000 }, () => {
  it('lists clients with ID, Name, Email, Role and Actions, 25 a page, searched by the server', async () => {
    const getList = listOf(rows);
    renderInAdmin(<ClientList />, { dataProvider: fakeDataProvider({ getList }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
    expect(await screen.findByText('Jane Client')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['ID', 'Name', 'Email', 'Role', 'Actions']);
    expect(getList).toHaveBeenCalledWith('clients', expect.objectContaining({ pagination: { page: 1, perPage: 25 } }));
    // CONTRACT §8: who has not confirmed their address is marked, in the Email column and under the name on phones
    expect(within(rowOf('Jane Client')).getAllByText('Unverified')).toHaveLength(2);
    expect(within(rowOf('admin')).queryByText('Unverified')).not.toBeInTheDocument();

    await userEvent.type(screen.getByPlaceholderText('Search clients by name or email...'), 'jane');
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith('clients', expect.objectContaining({ filter: { q: 'jane' } })));
  });

  it("marks an unverified client with a badge that is valid HTML (no <div> inside the address's <p> or <span>)", async () => {
    const { container } = renderInAdmin(<ClientList />, { dataProvider: fakeDataProvider({ getList: listOf(rows) }) });
    await screen.findByText('Jane Client');
    expect(within(rowOf('Jane Client')).getAllByText('Unverified')).toHaveLength(2);
    expect(container.querySelector('p div')).toBeNull();
    // under the name on phones, inside the address's caption (a span)
    expect(rowOf('Jane Client').querySelector('span div')).toBeNull();
  });

  it('sorts on the server from the column headers, ascending first then the other way', async () => {
    const getList = listOf(rows);
    renderInAdmin(<ClientList />, { dataProvider: fakeDataProvider({ getList }) });
    await screen.findByText('Jane Client');
    expect(getList).toHaveBeenLastCalledWith('clients', expect.objectContaining({ sort: { field: 'id', order: 'ASC' } }));
    const name = screen.getByRole('columnheader', { name: 'Name' });
    await userEvent.click(within(name).getByRole('button'));
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith('clients', expect.objectContaining({ sort: { field: 'username', order: 'ASC' } })),
    );
    await userEvent.click(within(name).getByRole('button'));
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith('clients', expect.objectContaining({ sort: { field: 'username', order: 'DESC' } })),
    );
    // the Actions column does not sort
    expect(within(screen.getByRole('columnheader', { name: 'Actions' })).queryByRole('button')).not.toBeInTheDocument();
  });

  it("disables Delete on the signed-in admin's own row only", async () => {
    renderInAdmin(<ClientList />, { dataProvider: fakeDataProvider({ getList: listOf(rows) }) });
    await screen.findByText('Jane Client');
    await waitFor(() => expect(within(rowOf('admin')).getByRole('button', { name: 'Delete' })).toBeDisabled());
    expect(within(rowOf('Jane Client')).getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(within(rowOf('admin')).getByRole('button', { name: 'Edit' })).toBeEnabled();
  });

  it('canDeleteClient compares ids whatever their type', () => {
    expect(canDeleteClient({ id: 1 }, '1')).toBe(false);
    expect(canDeleteClient({ id: 7 }, 1)).toBe(true);
  });

  it('asks for confirmation before deleting, and does nothing when cancelled', async () => {
    const deleteFn = vi.fn(async () => ({ data: rows[1] }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderInAdmin(<ClientList />, { dataProvider: fakeDataProvider({ getList: listOf(rows), delete: deleteFn }) });
    await screen.findByText('Jane Client');
    const button = within(rowOf('Jane Client')).getByRole('button', { name: 'Delete' });
    await userEvent.click(button);
    expect(confirm).toHaveBeenCalledWith(DELETE_CLIENT_CONFIRMATION);
    expect(deleteFn).not.toHaveBeenCalled();
    await userEvent.click(button);
    await waitFor(() => expect(deleteFn).toHaveBeenCalledWith('clients', expect.objectContaining({ id: 7, previousData: rows[1] })));
  });

  it("shows 'Deletion failed' with the server's message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const deleteFn = vi.fn(async () => {
      throw new HttpError('You cannot delete your own account', 409, {
        statusCode: 409,
        message: 'You cannot delete your own account',
      });
    });
    renderInAdmin(<ClientList />, { dataProvider: fakeDataProvider({ getList: listOf(rows), delete: deleteFn }) });
    await screen.findByText('Jane Client');
    await userEvent.click(within(rowOf('Jane Client')).getByRole('button', { name: 'Delete' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Deletion failed');
    expect(toast).toHaveTextContent('You cannot delete your own account');
  });

  it('creates a client from the New Client dialog with the spec messages and toasts', async () => {
    const create = vi.fn(async (_resource: string, { data }: { data: object }) => ({ data: { id: 9, ...data } }));
    renderInAdmin(<ClientList />, { dataProvider: fakeDataProvider({ getList: listOf(rows), create }) });
    await screen.findByText('Jane Client');
    await userEvent.click(screen.getByRole('button', { name: 'New Client' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Client' }));
    expect(await within(dialog).findByText('Name must be at least 3 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText('Name'), 'Bob Smith');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'bob@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret1');
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveTextContent('Client');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Client' }));

    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        'clients',
        expect.objectContaining({
          data: { username: 'Bob Smith', email: 'bob@example.com', password: 'secret1', role: 'client' },
        }),
      ),
    );
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent('Success');
    expect(toast).toHaveTextContent('Client created successfully');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("puts a 409's message under the field and toasts 'Error'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const create = vi.fn(async () => {
      throw new HttpError('An account with this email already exists', 409, {
        statusCode: 409,
        message: 'An account with this email already exists',
        errors: { email: 'An account with this email already exists' },
      });
    });
    renderInAdmin(<ClientList />, { dataProvider: fakeDataProvider({ getList: listOf(rows), create }) });
    await screen.findByText('Jane Client');
    await userEvent.click(screen.getByRole('button', { name: 'New Client' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Jane Again');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'jane@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Client' }));

    // the open dialog hides the rest of the page from assistive technology (the field message is read)
    const toast = await screen.findByRole('alert', { hidden: true });
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('An account with this email already exists');
    expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription('An account with this email already exists');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("edits a client without a password and says 'Update failed' on failure", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const update = vi.fn(async () => {
      throw new HttpError('This name is already taken', 409, {
        statusCode: 409,
        message: 'This name is already taken',
        errors: { username: 'This name is already taken' },
      });
    });
    renderInAdmin(<ClientList />, { dataProvider: fakeDataProvider({ getList: listOf(rows), update }) });
    await screen.findByText('Jane Client');
    await userEvent.click(within(rowOf('Jane Client')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Client' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Jane Client');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('jane@example.com');
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'admin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Client' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'clients',
        expect.objectContaining({ id: 7, data: { username: 'admin', email: 'jane@example.com', role: 'client' } }),
      ),
    );
    const toast = await screen.findByRole('alert', { hidden: true });
    expect(toast).toHaveTextContent('Update failed');
    expect(toast).toHaveTextContent('This name is already taken');
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('This name is already taken');
  });

  it('signs a client out everywhere from the Edit Client dialog and says how many sessions ended', async () => {
    const endClientSessions = vi.fn(async () => ({ success: true, message: 'Signed out of 2 sessions.', ended: 2 }));
    fakeApi(clientsMethods, { endClientSessions });
    renderInAdmin(<ClientList />, { dataProvider: fakeDataProvider({ getList: listOf(rows) }) });
    await screen.findByText('Jane Client');
    await userEvent.click(within(rowOf('Jane Client')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Client' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(endClientSessions).toHaveBeenCalledWith(7));
    const toast = await screen.findByRole('status', { hidden: true });
    expect(toast).toHaveTextContent('Signed out everywhere');
    expect(toast).toHaveTextContent('Signed out of 2 sessions.');
  });

  it('shows an empty state when there are no clients', async () => {
    renderInAdmin(<ClientList />, { dataProvider: fakeDataProvider({ getList: listOf([]) }) });
    expect(await screen.findByText('No clients found')).toBeInTheDocument();
  });
});
