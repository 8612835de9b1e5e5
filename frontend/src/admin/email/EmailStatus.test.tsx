import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describeStatus } from './EmailStatusPanel';
import { fakeServer, findToast, openTab, renderEmailPage, type Reply } from './testing';

const authFailed = {
  status: 'error' as const,
  reason: 'authentication_failed' as const,
  error: 'Invalid login: 535 5.7.8 Username and Password not accepted',
};

describe('Test Emails', { timeout: 20_000 }, () => {
  it("shows the admin's own address and the status; the welcome button calls its URL and toasts", async () => {
    const server = fakeServer({
      'POST /api/send-test-welcome-email': { body: { success: true, message: 'Test welcome email sent to admin@example.com' } },
    });
    const { user } = renderEmailPage();
    const panel = await openTab(user, 'Test Emails');
    const yours = within(panel).getByRole('region', { name: 'Send to Your Email' });
    expect(await within(yours).findByText('admin@example.com')).toBeInTheDocument();
    expect(await within(panel).findByText('Connected: the mail server accepted the connection and the credentials.')).toBeInTheDocument();

    await user.click(within(yours).getByRole('button', { name: 'Send Test Welcome Email' }));
    const toast = await findToast();
    expect(toast).toHaveTextContent('Welcome Email Sent');
    expect(toast).toHaveTextContent('Test welcome email sent to admin@example.com');
    expect(server.calls('POST /api/send-test-welcome-email')).toHaveLength(1);
    expect(server.calls('POST /api/send-test-project-email')).toHaveLength(0);
    // the identity holds the address: no extra call for it
    expect(server.calls('GET /api/user')).toHaveLength(0);
  });

  it("toasts 'Failed to Send Project Email' with the server's answer on success: false", async () => {
    const server = fakeServer({
      'POST /api/send-test-project-email': { body: { success: false, message: 'connect ECONNREFUSED 127.0.0.1:2525' } },
    });
    const { user } = renderEmailPage();
    const panel = await openTab(user, 'Test Emails');
    await user.click(within(panel).getByRole('button', { name: 'Send Test Project Email' }));
    const toast = await findToast('destructive');
    expect(toast).toHaveTextContent('Failed to Send Project Email');
    expect(toast).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:2525');
    expect(server.calls('POST /api/send-test-project-email')).toHaveLength(1);
  });

  it("reads the address from GET /api/user when the identity has none; 'Project Email Sent'", async () => {
    const server = fakeServer({
      'GET /api/user': { body: { id: 1, username: 'admin', email: 'owner@studio.test', role: 'admin' } },
      'POST /api/send-test-project-email': { body: { success: true, message: 'Sent' } },
    });
    const { user } = renderEmailPage({ id: 1, fullName: 'admin' } as never);
    const panel = await openTab(user, 'Test Emails');
    expect(await within(panel).findByText('owner@studio.test')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Send Test Project Email' }));
    expect(await findToast()).toHaveTextContent('Project Email Sent');
    expect(server.calls('GET /api/user')).toHaveLength(1);
  });

  it('sends a test email to any address: validation, body, Email Sent', async () => {
    let answer!: (reply: Reply) => void;
    const server = fakeServer({
      'POST /api/admin/test-email': () => new Promise<Reply>((resolve) => (answer = resolve)),
    });
    const { user } = renderEmailPage();
    const panel = await openTab(user, 'Test Emails');
    const any = within(panel).getByRole('region', { name: 'Send to Any Email' });
    expect(within(any).getByRole('combobox', { name: 'Email Type' })).toHaveTextContent('Welcome Email');

    await user.type(within(any).getByLabelText('Email Address'), 'someone');
    await user.click(within(any).getByRole('button', { name: 'Send Test Email' }));
    expect(await within(any).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(server.calls('POST /api/admin/test-email')).toHaveLength(0);

    await user.clear(within(any).getByLabelText('Email Address'));
    await user.type(within(any).getByLabelText('Email Address'), 'bob@example.com');
    await user.click(within(any).getByRole('combobox', { name: 'Email Type' }));
    await user.click(await screen.findByRole('option', { name: 'Project Notification' }));
    await user.click(within(any).getByRole('button', { name: 'Send Test Email' }));
    expect(await within(any).findByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer({ body: { success: true, message: 'Test email sent to bob@example.com' } });
    const toast = await findToast();
    expect(toast).toHaveTextContent('Email Sent');
    expect(toast).toHaveTextContent('Test email sent to bob@example.com');
    expect(server.calls('POST /api/admin/test-email').map((r) => r.body)).toEqual([{ email: 'bob@example.com', type: 'project' }]);
  });

  it("shows 'Error' / 'Failed to send test email' when the call fails without a message", async () => {
    fakeServer({ 'POST /api/admin/test-email': { status: 500, body: {} } });
    const { user } = renderEmailPage();
    const panel = await openTab(user, 'Test Emails');
    await user.type(within(panel).getByLabelText('Email Address'), 'bob@example.com');
    await user.click(within(panel).getByRole('button', { name: 'Send Test Email' }));
    const toast = await findToast('destructive');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Failed to send test email');
  });
});

describe('System Info', { timeout: 20_000 }, () => {
  it("shows 'Checking...', then connected; 'Check again' asks the server again", async () => {
    let answer!: (reply: Reply) => void;
    const server = fakeServer({ 'GET /api/email-status': () => new Promise<Reply>((resolve) => (answer = resolve)) });
    const { user } = renderEmailPage();
    const panel = await openTab(user, 'System Info');
    expect(await within(panel).findByText('Checking...')).toBeInTheDocument();
    answer({ body: { status: 'connected' } });
    const status = await within(panel).findByText('Connected: the mail server accepted the connection and the credentials.');
    expect(status.closest('[data-email-status]')).toHaveAttribute('data-email-status', 'connected');
    expect(within(panel).queryByRole('region', { name: 'Troubleshooting' })).not.toBeInTheDocument();
    for (const type of ['Welcome email', 'Project notification', 'Client invitation']) {
      expect(within(panel).getByText(type)).toBeInTheDocument();
    }
    expect(within(panel).getByText('Sent to a new client on registration.')).toBeInTheDocument();
    expect(within(panel).getByText('Sent to the client when a project is created for them.')).toBeInTheDocument();
    expect(within(panel).getByText(/with a registration link/)).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Check again' }));
    expect(await within(panel).findByRole('button', { name: 'Checking...' })).toBeDisabled();
    answer({ body: { status: 'connected' } });
    expect(await within(panel).findByRole('button', { name: 'Check again' })).toBeEnabled();
    expect(server.calls('GET /api/email-status')).toHaveLength(2);
  });

  it('says the credentials are missing in mock mode', async () => {
    fakeServer({ 'GET /api/email-status': { body: { status: 'mock', reason: 'no_credentials' } } });
    const { user } = renderEmailPage();
    const panel = await openTab(user, 'System Info');
    const status = await within(panel).findByText(/The mail credentials are missing/);
    const alert = status.closest('[data-email-status]') as HTMLElement;
    expect(alert).toHaveAttribute('data-email-status', 'mock');
    expect(alert).toHaveTextContent('SMTP_URL is not set');
    expect(alert).toHaveTextContent('only logged by the mock transporter');
    expect(alert).toHaveTextContent('not delivered');
    expect(within(panel).queryByRole('region', { name: 'Troubleshooting' })).not.toBeInTheDocument();
  });

  it('shows an authentication failure with the server answer and troubleshooting', async () => {
    fakeServer({ 'GET /api/email-status': { body: authFailed } });
    const { user } = renderEmailPage();
    const panel = await openTab(user, 'System Info');
    const status = await within(panel).findByText(/refused the user name or password/);
    const alert = status.closest('[data-email-status]') as HTMLElement;
    expect(alert).toHaveAttribute('data-email-status', 'error');
    expect(alert).toHaveTextContent('Authentication failed');
    expect(alert).toHaveTextContent('Invalid login: 535 5.7.8 Username and Password not accepted');
    const help = within(panel).getByRole('region', { name: 'Troubleshooting' });
    expect(help).toHaveTextContent('SMTP_URL');
    expect(help).toHaveTextContent('app password');
    expect(help).toHaveTextContent('smtps://');
    expect(help).toHaveTextContent('465');
    expect(help).toHaveTextContent('retried automatically');
    expect(within(help).getAllByRole('listitem')).toHaveLength(4);
  });

  it('retries a failed status call once, then says the status is unknown', async () => {
    const server = fakeServer({ 'GET /api/email-status': { status: 503, body: { statusCode: 503, message: 'Service Unavailable' } } });
    const { user } = renderEmailPage();
    const panel = await openTab(user, 'System Info');
    expect(await within(panel).findByText(/Could not check the email status/, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(server.calls('GET /api/email-status')).toHaveLength(2);
  });
});

describe('describeStatus', () => {
  it('covers every state of the spec', () => {
    expect(describeStatus({ status: 'connected' }).severity).toBe('success');
    expect(describeStatus({ status: 'mock', reason: 'no_credentials' }).severity).toBe('warning');
    // spec §2 words it as 'connected with reason no_credentials': still the missing-credentials message
    expect(describeStatus({ status: 'connected', reason: 'no_credentials' }).severity).toBe('warning');
    expect(describeStatus(authFailed).title).toBe('Authentication failed');
    expect(describeStatus({ status: 'error', error: 'connect ECONNREFUSED 127.0.0.1:2525' }).title).toBe('Connection error');
    expect(describeStatus({ status: 'weird' as never }).severity).toBe('info');
  });
});

describe('Test Emails status', { timeout: 20_000 }, () => {
  it('shows the same status, compact, pointing to System Info for troubleshooting', async () => {
    fakeServer({ 'GET /api/email-status': { body: authFailed } });
    const { user } = renderEmailPage();
    const panel = await openTab(user, 'Test Emails');
    expect(await within(panel).findByText(/refused the user name or password/)).toBeInTheDocument();
    expect(within(panel).getByText('See System Info for troubleshooting.')).toBeInTheDocument();
    expect(within(panel).queryByRole('region', { name: 'Troubleshooting' })).not.toBeInTheDocument();
    // one check serves both tabs
    const info = await openTab(user, 'System Info');
    await waitFor(() => expect(within(info).getByRole('region', { name: 'Troubleshooting' })).toBeInTheDocument());
  });
});
