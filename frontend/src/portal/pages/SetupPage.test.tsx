import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_KEY } from '../features/auth/api';
import { afterSetup } from '../features/setup/api';
import { admin, bodyOf, callsTo, mockFetch, renderWithApp } from '../../test/utils';
import { SetupPage } from './SetupPage';

const WRONG = "The setup code is not right. It is printed in the server's console.";

async function fill(values: Partial<Record<'Studio name' | 'Your name' | 'E-mail' | 'Password' | 'Setup code', string>>) {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label);
    await userEvent.clear(field);
    if (value) await userEvent.type(field, value);
  }
}

describe('the first run (/setup)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for the studio, the account and the code, with the hints under the fields', async () => {
    mockFetch({ 'GET /api/setup': { body: { needed: true } } });
    renderWithApp(<SetupPage />, { route: '/setup', user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up your studio' })).toBeInTheDocument();
    for (const label of ['Studio name', 'Your name', 'E-mail', 'Password']) expect(screen.getByLabelText(label)).toBeInTheDocument();
    const code = screen.getByLabelText('Setup code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('placeholder', '123-456');
    expect(screen.getByText("Printed in the server's console when it started")).toBeInTheDocument();
    expect(screen.getByText('At least 6 characters')).toBeInTheDocument();
  });

  it("shows registration's messages under the fields and sends nothing while the form is not valid", async () => {
    const spy = mockFetch({ 'GET /api/setup': { body: { needed: true } } });
    renderWithApp(<SetupPage />, { route: '/setup', user: null });
    await screen.findByLabelText('Studio name');
    await fill({ 'Your name': 'Al', 'E-mail': 'not-an-email', Password: '123' });
    await userEvent.click(screen.getByRole('button', { name: 'Set Up Studio' }));
    expect(await screen.findByText('Studio name is required')).toBeInTheDocument();
    expect(screen.getByText('Name must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText("Enter the setup code printed in the server's console")).toBeInTheDocument();
    // the hints give way to the messages
    expect(screen.queryByText('At least 6 characters')).not.toBeInTheDocument();
    expect(callsTo(spy, 'POST /api/setup')).toHaveLength(0);
  });

  it("puts the server's message under the code field when the code is wrong", async () => {
    const spy = mockFetch({
      'GET /api/setup': { body: { needed: true } },
      'POST /api/setup': {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', code: 'SETUP.WRONG_CODE', message: WRONG, errors: { code: WRONG } },
      },
    });
    const open = vi.spyOn(afterSetup, 'open').mockImplementation(() => undefined);
    renderWithApp(<SetupPage />, { route: '/setup', user: null });
    await screen.findByLabelText('Studio name');
    await fill({
      'Studio name': 'Harbour Light Photography',
      'Your name': 'Maya Harbour',
      'E-mail': 'maya@harbourlight.test',
      Password: 'secret123',
      'Setup code': '111-111',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Set Up Studio' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG);
    // under the field too, in place of its hint
    await waitFor(() => expect(screen.getAllByText(WRONG)).toHaveLength(2));
    expect(screen.queryByText("Printed in the server's console when it started")).not.toBeInTheDocument();
    expect(callsTo(spy, 'POST /api/setup')).toHaveLength(1);
    expect(open).not.toHaveBeenCalled();
  });

  it("sends the form with the browser's time zone, then opens the back office signed in", async () => {
    const spy = mockFetch({
      'GET /api/setup': { body: { needed: true } },
      'POST /api/setup': { status: 201, body: { ...admin, username: 'Maya Harbour' } },
    });
    const open = vi.spyOn(afterSetup, 'open').mockImplementation(() => undefined);
    const { queryClient } = renderWithApp(<SetupPage />, { route: '/setup', user: null });
    await screen.findByLabelText('Studio name');
    await fill({
      'Studio name': '  Harbour Light Photography ',
      'Your name': 'Maya Harbour',
      'E-mail': 'maya@harbourlight.test',
      Password: 'secret123',
      'Setup code': '123-456',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Set Up Studio' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/admin'));
    expect(bodyOf(spy, 'POST /api/setup')).toEqual({
      studioName: 'Harbour Light Photography',
      name: 'Maya Harbour',
      email: 'maya@harbourlight.test',
      password: 'secret123',
      code: '123-456',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toMatchObject({ role: 'admin', username: 'Maya Harbour' });
  });

  it('is the not-found page once setup is done', async () => {
    mockFetch({ 'GET /api/setup': { status: 404, body: { statusCode: 404, message: 'No route for GET /api/setup' } } });
    renderWithApp(<SetupPage />, { route: '/setup', user: null });
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Setup code')).not.toBeInTheDocument();
  });
});
