import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, mockFetch, renderWithApp } from '../../test/utils';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';

const pages = (
  <Routes>
    <Route path="/forgot-password" element={<ForgotPasswordPage />} />
    <Route path="/reset-password" element={<ResetPasswordPage />} />
    <Route path="/auth" element={<p>sign-in page</p>} />
  </Routes>
);

describe('/forgot-password', () => {
  it('validates the e-mail', async () => {
    const spy = mockFetch({});
    renderWithApp(pages, { route: '/forgot-password', user: null });
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it("requests a code and shows the 'Check your email' notice with the next step", async () => {
    const spy = mockFetch({
      'POST /api/verify/request-code': { body: { success: true, message: 'If an account exists, a code was sent' } },
    });
    const { location } = renderWithApp(pages, { route: '/forgot-password', user: null });
    await userEvent.type(screen.getByLabelText('Email'), 'jane@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));

    expect(await screen.findByText('Check your email')).toBeInTheDocument();
    expect(
      screen.getByText("If an account exists with the email you provided, we've sent a 6-digit verification code to reset your password.", {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(bodyOf(spy, 'POST /api/verify/request-code')).toEqual({ email: 'jane@example.com' });
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/auth');
    // the link goes to /reset-password and brings the e-mail along
    await userEvent.click(screen.getByRole('link', { name: 'Continue to Reset Password' }));
    expect(location()).toBe('/reset-password');
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com');
  });

  it("shows the server's message, or 'Failed to process request'", async () => {
    mockFetch({
      'POST /api/verify/request-code': {
        status: 429,
        body: { statusCode: 429, message: 'Too many requests, try again later', error: 'Too Many Requests' },
      },
    });
    renderWithApp(pages, { route: '/forgot-password', user: null });
    await userEvent.type(screen.getByLabelText('Email'), 'jane@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Too many requests, try again later');
    expect(toast).not.toHaveTextContent('429');
  });

  it("falls back to 'Failed to process request' on a network error", async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithApp(pages, { route: '/forgot-password', user: null });
    await userEvent.type(screen.getByLabelText('Email'), 'jane@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to process request');
  });
});

async function fillReset(values: { email?: string; code: string; password: string; confirm: string }) {
  if (values.email) await userEvent.type(screen.getByLabelText('Email'), values.email);
  await userEvent.type(screen.getByLabelText('Verification Code'), values.code);
  await userEvent.type(screen.getByLabelText('New Password'), values.password);
  await userEvent.type(screen.getByLabelText('Confirm Password'), values.confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('/reset-password', () => {
  it('pre-fills the e-mail from the link and limits the code to 6 characters', () => {
    renderWithApp(pages, { route: '/reset-password?email=jane%40example.com', user: null });
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com');
    expect(screen.getByLabelText('Verification Code')).toHaveAttribute('maxLength', '6');
    expect(screen.getByRole('link', { name: 'Need a verification code?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/auth');
  });

  it('shows the rules of spec §5', async () => {
    const spy = mockFetch({});
    renderWithApp(pages, { route: '/reset-password', user: null });
    await fillReset({ email: 'jane@example.com', code: '123', password: 'password1!', confirm: 'password2!' });
    expect(await screen.findByText('Verification code must be 6 digits')).toBeInTheDocument();
    expect(screen.getByText('Password must contain at least one uppercase letter')).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it('resets, shows the success panel and goes to /auth after 1.5 s', async () => {
    const spy = mockFetch({
      'POST /api/verify/reset-password': { body: { success: true, message: 'Password has been reset' } },
    });
    const { location } = renderWithApp(pages, { route: '/reset-password?email=jane%40example.com', user: null });
    await fillReset({ code: '123456', password: 'Str0ng!pass', confirm: 'Str0ng!pass' });

    expect(await screen.findByText('Password Reset Successful')).toBeInTheDocument();
    expect(
      screen.getByText('Your password has been reset successfully. You will be redirected to the login page.', {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(bodyOf(spy, 'POST /api/verify/reset-password')).toEqual({
      email: 'jane@example.com',
      code: '123456',
      newPassword: 'Str0ng!pass',
    });
    expect(location()).toBe('/reset-password?email=jane%40example.com');
    await waitFor(() => expect(location()).toBe('/auth'), { timeout: 2500 });
  });

  it("'Log in now' goes to /auth at once", async () => {
    mockFetch({ 'POST /api/verify/reset-password': { body: { success: true, message: 'ok' } } });
    const { location } = renderWithApp(pages, { route: '/reset-password?email=jane%40example.com', user: null });
    await fillReset({ code: '123456', password: 'Str0ng!pass', confirm: 'Str0ng!pass' });
    fireEvent.click(await screen.findByRole('button', { name: 'Log in now' }));
    expect(location()).toBe('/auth');
  });

  it('shows the invalid-code message from the server and stays', async () => {
    mockFetch({
      'POST /api/verify/reset-password': {
        status: 400,
        body: { statusCode: 400, message: 'Invalid or expired verification code', error: 'Bad Request' },
      },
    });
    const { location } = renderWithApp(pages, { route: '/reset-password?email=jane%40example.com', user: null });
    await fillReset({ code: '000000', password: 'Str0ng!pass', confirm: 'Str0ng!pass' });
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Invalid or expired verification code');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(location()).toBe('/reset-password?email=jane%40example.com');
    expect(screen.queryByText('Password Reset Successful')).not.toBeInTheDocument();
  });
});
