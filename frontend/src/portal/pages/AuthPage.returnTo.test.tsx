import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { client, mockFetch, renderWithApp } from '../../test/utils';
import { RequireAuth } from '../features/auth/components/RequireAuth';
import { AuthPage } from './AuthPage';

const page = (
  <Routes>
    <Route path="/auth" element={<AuthPage />} />
    <Route
      path="/projects"
      element={
        <RequireAuth>
          <p>my projects</p>
        </RequireAuth>
      }
    />
    <Route path="*" element={<p>elsewhere</p>} />
  </Routes>
);

describe('sign-in from a guarded link (a payment reminder, CONTRACT §14)', () => {
  it('comes back to the page with its query once signed in', async () => {
    mockFetch({ 'POST /api/login': { status: 200, body: client } });
    const { location } = renderWithApp(page, { route: '/projects?pay=12', user: null });
    await waitFor(() => expect(location()).toBe('/auth'));
    await userEvent.type(screen.getByLabelText('Email'), 'jane@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location()).toBe('/projects?pay=12'));
    expect(await screen.findByText('my projects')).toBeInTheDocument();
  });
});
