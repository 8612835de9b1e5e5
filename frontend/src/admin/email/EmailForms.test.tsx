import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dismissToast, fakeServer, findToast, openTab, renderEmailPage } from './testing';

describe('Email System page', { timeout: 20_000 }, () => {
  it('shows the title, the four tabs and the outbox below them', async () => {
    const server = fakeServer();
    const { user } = renderEmailPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Email System' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Invite Clients', 'Custom Email', 'Test Emails', 'System Info']);
    expect(screen.getByRole('tab', { name: 'Invite Clients' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Outbox' })).toBeInTheDocument();
    expect(await screen.findByText('No emails yet.')).toBeInTheDocument();
    // the status check (a real SMTP connection) waits for a tab that shows it
    expect(server.calls('GET /api/email-status')).toHaveLength(0);

    const panel = await openTab(user, 'System Info');
    expect(within(panel).getByRole('heading', { name: 'Email Types' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Outbox' })).toBeInTheDocument();
    await waitFor(() => expect(server.calls('GET /api/email-status')).toHaveLength(1));
  });
});

describe('Invite Clients', { timeout: 20_000 }, () => {
  it('shows the spec messages under the fields and sends nothing', async () => {
    const server = fakeServer();
    const { user } = renderEmailPage();
    expect(screen.getByText(/direct link to the registration page, pre-filled with the client's email/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Client Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Client Name'), 'J');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Client Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Client Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText('Client Name')).toHaveAccessibleDescription('Client name must be at least 2 characters');
    expect(server.calls('POST /api/admin/send-client-invitation')).toHaveLength(0);
  });

  it("sends the invitation, toasts 'Invitation Sent', resets the form and refreshes the outbox", async () => {
    let answer!: () => void;
    const server = fakeServer({
      'POST /api/admin/send-client-invitation': () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: { success: true, message: 'Invitation sent to jane@example.com' } });
        }),
    });
    const { user } = renderEmailPage();
    await waitFor(() => expect(server.calls('GET /api/admin/email-outbox')).toHaveLength(1));
    await user.type(screen.getByLabelText('Client Email'), ' jane@example.com ');
    await user.type(screen.getByLabelText('Client Name'), 'Jane Doe');
    await user.type(screen.getByLabelText('Custom Message (optional)'), 'See you soon!');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer();

    const toast = await findToast();
    expect(toast).toHaveTextContent('Invitation Sent');
    expect(toast).toHaveTextContent('Invitation sent to jane@example.com');
    expect(server.calls('POST /api/admin/send-client-invitation').map((r) => r.body)).toEqual([
      { email: 'jane@example.com', clientName: 'Jane Doe', customMessage: 'See you soon!' },
    ]);
    await waitFor(() => expect(screen.getByLabelText('Client Email')).toHaveValue(''));
    expect(screen.getByLabelText('Client Name')).toHaveValue('');
    expect(screen.getByLabelText('Custom Message (optional)')).toHaveValue('');
    await waitFor(() => expect(server.calls('GET /api/admin/email-outbox')).toHaveLength(2));
  });

  it("toasts 'Failed to Send Invitation' on success: false and keeps the form", async () => {
    const server = fakeServer({
      'POST /api/admin/send-client-invitation': { body: { success: false, message: 'Mail server unavailable' } },
    });
    const { user } = renderEmailPage();
    await user.type(screen.getByLabelText('Client Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Client Name'), 'Jane');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    const toast = await findToast('destructive');
    expect(toast).toHaveTextContent('Failed to Send Invitation');
    expect(toast).toHaveTextContent('Mail server unavailable');
    // no customMessage when none was typed
    expect(server.calls('POST /api/admin/send-client-invitation')[0]!.body).toEqual({ email: 'jane@example.com', clientName: 'Jane' });
    expect(screen.getByLabelText('Client Email')).toHaveValue('jane@example.com');
  });

  it("shows 'Error' with the server's message and its field messages on a 409", async () => {
    fakeServer({
      'POST /api/admin/send-client-invitation': {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: 'A client with this email already has an account',
          errors: { email: 'A client with this email already has an account' },
        },
      },
    });
    const { user } = renderEmailPage();
    await user.type(screen.getByLabelText('Client Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Client Name'), 'Jane');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    const toast = await findToast('destructive');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('A client with this email already has an account');
    expect(screen.getByLabelText('Client Email')).toHaveAccessibleDescription('A client with this email already has an account');
  });

  it("falls back to 'Failed to send invitation' when the server says nothing", async () => {
    fakeServer({ 'POST /api/admin/send-client-invitation': { status: 500, body: {} } });
    const { user } = renderEmailPage();
    await user.type(screen.getByLabelText('Client Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Client Name'), 'Jane');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(await findToast('destructive')).toHaveTextContent('Failed to send invitation');
  });
});

describe('Custom Email', { timeout: 20_000 }, () => {
  it('adds recipients with Enter or Add, refuses invalid and duplicate ones, removes them', async () => {
    fakeServer();
    const { user } = renderEmailPage();
    const panel = await openTab(user, 'Custom Email');
    const input = within(panel).getByLabelText('Add recipient');

    await user.type(input, 'nope{Enter}');
    let toast = await findToast('destructive');
    expect(toast).toHaveTextContent('Invalid Email');
    expect(toast).toHaveTextContent('Please enter a valid email address');
    expect(within(panel).queryByRole('list', { name: 'Recipients' })).not.toBeInTheDocument();
    await dismissToast(user, toast);

    await user.clear(input);
    await user.type(input, 'a@example.com{Enter}');
    expect(input).toHaveValue('');
    await user.type(input, 'b@example.com');
    await user.click(within(panel).getByRole('button', { name: 'Add' }));
    const list = within(panel).getByRole('list', { name: 'Recipients' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(['a@example.com', 'b@example.com']);

    await user.type(input, 'A@Example.COM{Enter}');
    toast = await findToast('destructive');
    expect(toast).toHaveTextContent('Duplicate Email');
    expect(toast).toHaveTextContent('This email is already in the recipients list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    const removeButtons = within(list).getAllByRole('button', { name: /^Remove/ });
    expect(removeButtons).toHaveLength(2);
    await user.click(within(list).getByRole('button', { name: 'Remove a@example.com' }));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(['b@example.com']);
  });

  it('validates subject, content and recipients with the spec messages', async () => {
    const server = fakeServer();
    const { user } = renderEmailPage();
    const panel = await openTab(user, 'Custom Email');
    await user.click(within(panel).getByRole('button', { name: 'Send Email' }));
    expect(await within(panel).findByText('Email subject is required')).toBeInTheDocument();
    expect(within(panel).getByText('Email content is required')).toBeInTheDocument();
    expect(within(panel).getByText('At least one recipient is required when not sending to all clients')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
    expect(within(panel).getByLabelText('Add recipient')).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('POST /api/admin/send-custom-email')).toHaveLength(0);

    // adding an address clears the recipients message
    await user.type(within(panel).getByLabelText('Add recipient'), 'a@example.com{Enter}');
    expect(within(panel).queryByText('At least one recipient is required when not sending to all clients')).not.toBeInTheDocument();
  });

  it('previews the HTML in a frame with an empty sandbox', async () => {
    fakeServer();
    const { user } = renderEmailPage();
    const panel = await openTab(user, 'Custom Email');
    const html = '<h1>Spring offer</h1><script>window.parent.hacked = true</script>';
    const editor = within(panel).getByLabelText('HTML Content');
    expect(editor.tagName).toBe('TEXTAREA');
    await user.click(editor);
    await user.paste(html);
    expect(within(panel).getByRole('button', { name: 'Editor' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(panel).getByRole('button', { name: 'Preview' }));
    const frame = within(panel).getByTitle('Email preview');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toBe(html);
    expect(within(panel).queryByLabelText('HTML Content')).not.toBeInTheDocument();

    // back to the editor, the text is still there
    await user.click(within(panel).getByRole('button', { name: 'Editor' }));
    expect(within(panel).getByLabelText('HTML Content')).toHaveValue(html);
  });

  it("sends to all clients: hides the recipient input, posts sendToAll true, toasts 'Email Sent' and resets", async () => {
    const server = fakeServer({
      'POST /api/admin/send-custom-email': { body: { success: true, message: 'Email queued for 12 recipients', queued: 12 } },
    });
    const { user } = renderEmailPage();
    const panel = await openTab(user, 'Custom Email');
    await user.type(within(panel).getByLabelText('Subject'), 'Spring offer');
    await user.click(within(panel).getByLabelText('HTML Content'));
    await user.paste('<p>Hello</p>');
    await user.click(within(panel).getByRole('checkbox', { name: 'Send to all clients' }));
    expect(within(panel).queryByLabelText('Add recipient')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(within(panel).getByText('The email goes to every client account.')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Send Email' }));
    const toast = await findToast();
    expect(toast).toHaveTextContent('Email Sent');
    expect(toast).toHaveTextContent('Email queued for 12 recipients');
    expect(server.calls('POST /api/admin/send-custom-email').map((r) => r.body)).toEqual([
      { recipients: [], subject: 'Spring offer', htmlContent: '<p>Hello</p>', sendToAll: true },
    ]);
    await waitFor(() => expect(within(panel).getByLabelText('Subject')).toHaveValue(''));
    expect(within(panel).getByLabelText('HTML Content')).toHaveValue('');
    expect(within(panel).getByRole('checkbox', { name: 'Send to all clients' })).not.toBeChecked();
    expect(within(panel).getByLabelText('Add recipient')).toBeInTheDocument();
  });

  it("sends to listed recipients and toasts 'Failed to Send Email' / 'An error occurred' on success: false", async () => {
    const server = fakeServer({ 'POST /api/admin/send-custom-email': { body: { success: false } } });
    const { user } = renderEmailPage();
    const panel = await openTab(user, 'Custom Email');
    await user.type(within(panel).getByLabelText('Subject'), 'News');
    await user.click(within(panel).getByLabelText('HTML Content'));
    await user.paste('<p>News</p>');
    await user.type(within(panel).getByLabelText('Add recipient'), 'a@example.com{Enter}');
    await user.click(within(panel).getByRole('button', { name: 'Send Email' }));
    const toast = await findToast('destructive');
    expect(toast).toHaveTextContent('Failed to Send Email');
    expect(toast).toHaveTextContent('An error occurred');
    expect(server.calls('POST /api/admin/send-custom-email')[0]!.body).toEqual({
      recipients: ['a@example.com'],
      subject: 'News',
      htmlContent: '<p>News</p>',
      sendToAll: false,
    });
    // nothing is lost
    expect(within(panel).getByLabelText('Subject')).toHaveValue('News');
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(['a@example.com']);
  });

  it("shows 'Error' with the server's message, or 'Failed to send email'", async () => {
    fakeServer({
      'POST /api/admin/send-custom-email': {
        status: 400,
        body: { statusCode: 400, message: 'No clients to send to', error: 'Bad Request' },
      },
    });
    const { user } = renderEmailPage();
    const panel = await openTab(user, 'Custom Email');
    await user.type(within(panel).getByLabelText('Subject'), 'News');
    await user.click(within(panel).getByLabelText('HTML Content'));
    await user.paste('<p>News</p>');
    await user.click(within(panel).getByRole('checkbox', { name: 'Send to all clients' }));
    await user.click(within(panel).getByRole('button', { name: 'Send Email' }));
    const toast = await findToast('destructive');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('No clients to send to');
  });
});
