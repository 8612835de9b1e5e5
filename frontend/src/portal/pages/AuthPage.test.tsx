import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '../features/auth/api';
import { admin, bodyOf, callsTo, client, mockFetch, renderWithApp } from '../../test/utils';
import { markSessionEnded, SESSION_ENDED_MESSAGE } from '../../shared/api/sessionEnded';
import { AuthPage } from './AuthPage';

const page = (
  <Routes>
    <Route path="/auth" element={<AuthPage />} />
    <Route path="*" element={<p>elsewhere</p>} />
  </Routes>
);

describe('/auth login', () => {
  it('shows the tagline, the Login tab by default and the login fields', () => {
    renderWithApp(page, { route: '/auth', user: null });
    expect(
      screen.getByText(
        'Access your professional photography projects securely in one place. Pay online and download your images instantly.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('says once that the session ended when the portal was sent here by an ended session', async () => {
    markSessionEnded();
    const first = renderWithApp(page, { route: '/auth', user: null });
    expect(await screen.findByRole('alert')).toHaveTextContent(SESSION_ENDED_MESSAGE);
    first.unmount();
    renderWithApp(page, { route: '/auth', user: null });
    expect(screen.queryByText(SESSION_ENDED_MESSAGE)).not.toBeInTheDocument();
  });

  it('shows the spec messages under the fields and sends nothing on bad input', async () => {
    const spy = mockFetch({});
    renderWithApp(page, { route: '/auth', user: null });
    await userEvent.type(screen.getByLabelText('Email'), 'jane@');
    await userEvent.type(screen.getByLabelText('Password'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    // the label turns red
    expect(screen.getByText('Email', { selector: 'label' })).toHaveClass('Mui-error');
    expect(spy).not.toHaveBeenCalled();
  });

  it('posts the credentials, caches the user, toasts and goes to /', async () => {
    const spy = mockFetch({ 'POST /api/login': { status: 200, body: client } });
    const { queryClient, location } = renderWithApp(page, { route: '/auth', user: null });
    await userEvent.type(screen.getByLabelText('Email'), ' jane@example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(location()).toBe('/'));
    expect(bodyOf(spy, 'POST /api/login')).toEqual({ email: 'jane@example.com', password: 'secret1', rememberMe: true });
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual(client);
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent('Login successful');
    expect(toast).toHaveTextContent('Welcome back, Jane Client!');
  });

  it('sends an admin to /admin after login', async () => {
    mockFetch({ 'POST /api/login': { status: 200, body: admin } });
    const { location } = renderWithApp(page, { route: '/auth', user: null });
    await userEvent.type(screen.getByLabelText('Email'), 'admin@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location()).toBe('/admin'));
  });

  it("shows 'Login failed' with the status and the server's message", async () => {
    let release: () => void = () => undefined;
    mockFetch({
      'POST /api/login': () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              status: 401,
              body: { statusCode: 401, message: 'Invalid email or password', error: 'Unauthorized' },
            });
        }),
    });
    const { location } = renderWithApp(page, { route: '/auth', user: null });
    await userEvent.type(screen.getByLabelText('Email'), 'jane@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    release();
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Login failed');
    expect(toast).toHaveTextContent('401: Invalid email or password');
    expect(location()).toBe('/auth');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('redirects a signed-in user at once', async () => {
    const { location } = renderWithApp(page, { route: '/auth', user: admin });
    await waitFor(() => expect(location()).toBe('/admin'));
  });

  it('redirects a signed-in client to /', async () => {
    const { location } = renderWithApp(page, { route: '/auth', user: client });
    await waitFor(() => expect(location()).toBe('/'));
  });
});

describe('/auth register', () => {
  it('opens the Register tab pre-filled from an invitation link', () => {
    renderWithApp(page, { route: '/auth?tab=register&email=invited%40example.com', user: null });
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Email')).toHaveValue('invited@example.com');
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Confirm Password')).toBeInTheDocument();
  });

  it("sends the invitation link's token with the registration (it verifies the invited address)", async () => {
    const spy = mockFetch({
      'POST /api/register': { status: 201, body: { ...client, email: 'invited@example.com', emailVerified: true } },
    });
    renderWithApp(page, { route: '/auth?tab=register&email=invited%40example.com&invite=tok_123-abc', user: null });
    await userEvent.type(screen.getByLabelText('Name'), 'Ivy Invited');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(callsTo(spy, 'POST /api/register')).toHaveLength(1));
    expect(bodyOf(spy, 'POST /api/register')).toEqual({
      username: 'Ivy Invited',
      email: 'invited@example.com',
      password: 'secret123',
      invite: 'tok_123-abc',
    });
  });

  it('switches tabs', async () => {
    const { location } = renderWithApp(page, { route: '/auth', user: null });
    await userEvent.click(screen.getByRole('tab', { name: 'Register' }));
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(location()).toBe('/auth?tab=register');
    await userEvent.click(screen.getByRole('tab', { name: 'Login' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('validates name, e-mail, password and confirmation', async () => {
    const spy = mockFetch({});
    renderWithApp(page, { route: '/auth?tab=register', user: null });
    await userEvent.type(screen.getByLabelText('Name'), 'Jo');
    await userEvent.type(screen.getByLabelText('Email'), 'jo.example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'abc');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'abd');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Name must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it('registers without a role or the confirmation and goes to /projects', async () => {
    const spy = mockFetch({ 'POST /api/register': { status: 201, body: { ...client, username: 'Jane Doe' } } });
    const { location, queryClient } = renderWithApp(page, { route: '/auth?tab=register', user: null });
    await userEvent.type(screen.getByLabelText('Name'), 'Jane Doe');
    await userEvent.type(screen.getByLabelText('Email'), 'jane@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(location()).toBe('/projects'));
    expect(bodyOf(spy, 'POST /api/register')).toEqual({
      username: 'Jane Doe',
      email: 'jane@example.com',
      password: 'secret1',
    });
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toMatchObject({ username: 'Jane Doe' });
    expect(await screen.findByRole('status')).toHaveTextContent('Welcome, Jane Doe!');
  });

  it("shows 'Registration failed' and the server's field message", async () => {
    const spy = mockFetch({
      'POST /api/register': {
        status: 409,
        body: {
          statusCode: 409,
          message: 'An account with this email already exists',
          error: 'Conflict',
          errors: { email: 'An account with this email already exists' },
        },
      },
    });
    renderWithApp(page, { route: '/auth?tab=register', user: null });
    await userEvent.type(screen.getByLabelText('Name'), 'Jane Doe');
    await userEvent.type(screen.getByLabelText('Email'), 'jane@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Registration failed');
    expect(toast).toHaveTextContent('409: An account with this email already exists');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(spy, 'POST /api/register')).toHaveLength(1);
  });
});
