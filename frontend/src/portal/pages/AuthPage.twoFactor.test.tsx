import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { bodyOf, callsTo, client, mockFetch, renderWithApp } from '../../test/utils';
import { AuthPage } from './AuthPage';

const page = (
  <Routes>
    <Route path="/auth" element={<AuthPage />} />
    <Route path="*" element={<p>elsewhere</p>} />
  </Routes>
);

async function givePassword() {
  await userEvent.type(screen.getByLabelText('Email'), 'jane@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'secret123');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

/** CONTRACT §8: the sign-in step that follows the password when the account asks for a second proof. */
describe('/auth second step', { timeout: 20_000 }, () => {
  it('asks for the code from the app, sends it, and signs in', async () => {
    const spy = mockFetch({
      'POST /api/login': { body: { twoFactorRequired: true, method: 'totp' } },
      'POST /api/login/2fa': { body: { ...client, twoFactorEnabled: true } },
    });
    const view = renderWithApp(page, { route: '/auth', user: null });
    await givePassword();
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(callsTo(spy, 'POST /api/login/2fa')).toHaveLength(0);
    await userEvent.type(code, '492 039');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(view.location()).toBe('/'));
    expect(bodyOf(spy, 'POST /api/login/2fa')).toEqual({ code: '492039' });
    expect(await screen.findByText('Welcome back, Jane Client!')).toBeInTheDocument();
  });

  it('takes a recovery code instead, and shows the server’s message under the field when it is wrong', async () => {
    const spy = mockFetch({
      'POST /api/login': { body: { twoFactorRequired: true, method: 'totp' } },
      'POST /api/login/2fa': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Invalid or expired code',
          errors: { recoveryCode: 'Invalid or expired code' },
        },
      },
    });
    renderWithApp(page, { route: '/auth', user: null });
    await givePassword();
    await userEvent.click(await screen.findByRole('button', { name: 'Lost your phone? Use a recovery code' }));
    expect(screen.getByRole('heading', { name: 'Use a recovery code' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Recovery code'), 'k3m9p-x2w7q');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid or expired code')).toBeInTheDocument();
    expect(bodyOf(spy, 'POST /api/login/2fa')).toEqual({ recoveryCode: 'k3m9p-x2w7q' });
  });

  it('explains an e-mailed code, and goes back to the password when the pending sign-in expired', async () => {
    mockFetch({
      'POST /api/login': { body: { twoFactorRequired: true, method: 'email' } },
      'POST /api/login/2fa': {
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Your sign-in has expired. Please sign in again.' },
      },
    });
    renderWithApp(page, { route: '/auth', user: null });
    await givePassword();
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /recovery code/ })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code from the email'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your sign-in has expired. Please sign in again.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
