import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_KEY } from '../../auth/api';
import { AccountPage } from '../../../pages/AccountPage';
import { DELETE_REDIRECT_MS } from './AccountForm';
import { bodyOf, callsTo, client, mockFetch, renderWithApp } from '../../../../test/utils';

const page = (
  <Routes>
    <Route path="/account" element={<AccountPage />} />
    <Route path="/auth" element={<p>sign-in page</p>} />
  </Routes>
);

describe('Account Settings', () => {
  it('shows the current profile', () => {
    renderWithApp(page, { route: '/account', user: client });
    expect(screen.getByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('Jane Client');
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com');
    expect(screen.getByLabelText('Company (optional)')).toHaveValue('Jane Weddings');
    expect(screen.getByLabelText('New Password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm Password')).toHaveValue('');
  });

  it('shows the account form messages', async () => {
    const spy = mockFetch({});
    renderWithApp(page, { route: '/account', user: client });
    await userEvent.clear(screen.getByLabelText('Username'));
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('New Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it('saves without a password when none is typed and updates the cached user', async () => {
    const saved = { ...client, username: 'Jane Studio', company: '' };
    const spy = mockFetch({ 'PATCH /api/update-account': { body: saved } });
    const { queryClient } = renderWithApp(page, { route: '/account', user: client });
    await userEvent.clear(screen.getByLabelText('Username'));
    await userEvent.type(screen.getByLabelText('Username'), 'Jane Studio');
    await userEvent.clear(screen.getByLabelText('Company (optional)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Account updated');
    expect(bodyOf(spy, 'PATCH /api/update-account')).toEqual({
      username: 'Jane Studio',
      email: 'jane@example.com',
      company: '',
    });
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual(saved);
  });

  it('sends a new password, then clears the password fields', async () => {
    const spy = mockFetch({ 'PATCH /api/update-account': { body: client } });
    renderWithApp(page, { route: '/account', user: client });
    await userEvent.type(screen.getByLabelText('New Password'), 'new-password-1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'new-password-1');
    await userEvent.type(screen.getByLabelText('Current Password'), 'old-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByRole('status');
    expect(bodyOf(spy, 'PATCH /api/update-account')).toMatchObject({ password: 'new-password-1', currentPassword: 'old-password-1' });
    expect(screen.getByLabelText('New Password')).toHaveValue('');
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it('asks for the current password before a new e-mail is sent, and shows the server refusing a wrong one', async () => {
    const spy = mockFetch({
      'PATCH /api/update-account': {
        status: 400,
        body: {
          statusCode: 400,
          message: 'Current password is incorrect',
          error: 'Bad Request',
          errors: { currentPassword: 'Current password is incorrect' },
        },
      },
    });
    renderWithApp(page, { route: '/account', user: client });
    expect(screen.getByText('Needed to change your email or password')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'jane.new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Enter your current password to change your email or password')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalledWith(expect.stringContaining('/api/update-account'), expect.anything());

    await userEvent.type(screen.getByLabelText('Current Password'), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
    expect(bodyOf(spy, 'PATCH /api/update-account')).toMatchObject({ email: 'jane.new@example.com', currentPassword: 'wrong-one' });
    expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription('Current password is incorrect');
  });

  it("shows 'Update failed' with the server's message", async () => {
    mockFetch({
      'PATCH /api/update-account': {
        status: 409,
        body: { statusCode: 409, message: 'Email is already in use', error: 'Conflict' },
      },
    });
    renderWithApp(page, { route: '/account', user: client });
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Update failed');
    expect(toast).toHaveTextContent('Email is already in use');
  });

  it('does nothing when the deletion is not confirmed', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const spy = mockFetch({});
    renderWithApp(page, { route: '/account', user: client });
    await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete your account? This action cannot be undone.');
    expect(spy).not.toHaveBeenCalled();
  });

  it('deletes after confirmation and goes to /auth 2 s later, signed out', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const spy = mockFetch({ 'DELETE /api/delete-account': { body: { success: true, message: 'Account deleted successfully' } } });
    const { location, queryClient } = renderWithApp(page, { route: '/account', user: client });
    // the redirect's delay is read from the timer the form sets, not from the wall clock: on a busy
    // machine the steps below can take longer than the margin a wall-clock check would leave
    const timers = vi.spyOn(window, 'setTimeout');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Account deleted successfully');
    expect(location()).toBe('/account');
    expect(callsTo(spy, 'DELETE /api/delete-account')).toHaveLength(1);
    expect(timers.mock.calls.some(([, delay]) => delay === DELETE_REDIRECT_MS)).toBe(true);
    expect(DELETE_REDIRECT_MS).toBe(2000);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await waitFor(() => expect(location()).toBe('/auth'), { timeout: 5000 });
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toBeNull();
  });
});
