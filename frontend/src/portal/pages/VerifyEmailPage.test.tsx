import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '../features/auth/api';
import { ClientLayout } from '../layout/ClientLayout';
import { bodyOf, callsTo, client, mockFetch, renderWithApp } from '../../test/utils';
import { VerifyEmailPage } from './VerifyEmailPage';

const INVALID = 'This verification link is invalid or has expired.';

describe('verified e-mail in the portal (CONTRACT §8)', () => {
  it('/verify-email sends the token once and says the address is verified', async () => {
    const spy = mockFetch({ 'POST /api/verify-email': { body: { success: true, message: 'Your email address is verified.' } } });
    const { queryClient } = renderWithApp(<VerifyEmailPage />, {
      route: '/verify-email?token=abc_DEF-123',
      user: { ...client, emailVerified: false },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeInTheDocument();
    expect(await screen.findByText('Your email address is verified.')).toBeInTheDocument();
    expect(callsTo(spy, 'POST /api/verify-email')).toHaveLength(1);
    expect(bodyOf(spy, 'POST /api/verify-email')).toEqual({ token: 'abc_DEF-123' });
    expect(screen.getByRole('link', { name: 'Continue to the portal' })).toHaveAttribute('href', '/');
    // the signed-in user is read again, so the note on the other pages goes
    expect(queryClient.getQueryState(CURRENT_USER_KEY)?.isInvalidated).toBe(true);
  });

  it("shows the server's message for a used or expired link, and nothing is sent without a token", async () => {
    mockFetch({ 'POST /api/verify-email': { status: 400, body: { statusCode: 400, message: INVALID, error: 'Bad Request' } } });
    renderWithApp(<VerifyEmailPage />, { route: '/verify-email?token=used-token-000000000000' });
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);

    const spy = mockFetch({});
    renderWithApp(<VerifyEmailPage />, { route: '/verify-email' });
    expect((await screen.findAllByRole('alert')).some((a) => a.textContent === INVALID)).toBe(true);
    expect(spy).not.toHaveBeenCalled();
  });

  const layout = (
    <Routes>
      <Route element={<ClientLayout />}>
        <Route path="/projects" element={<h1>My Projects</h1>} />
      </Route>
    </Routes>
  );

  it('a client who has not confirmed their address sees a note on their pages and can ask for a new link', async () => {
    const spy = mockFetch({
      'POST /api/verify-email/resend': { body: { success: true, message: 'We sent a new verification link to jane@example.com.' } },
    });
    renderWithApp(layout, { route: '/projects', user: { ...client, emailVerified: false } });
    expect(await screen.findByText(/Please confirm your email address: we sent a link to/)).toHaveTextContent('jane@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a new verification link to jane@example.com.');
    expect(callsTo(spy, 'POST /api/verify-email/resend')).toHaveLength(1);
  });

  it('a verified client sees no note', async () => {
    mockFetch({});
    renderWithApp(layout, { route: '/projects', user: client });
    expect(await screen.findByRole('heading', { name: 'My Projects' })).toBeInTheDocument();
    expect(screen.queryByText(/Please confirm your email address/)).not.toBeInTheDocument();
  });
});
