import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../shared/ui/formatters';
import { outboxRefetchInterval, OUTBOX_POLL_MS } from './Outbox';
import type { OutboxEmail } from './types';
import { expectNativeClearHidden } from '../shared/searchFieldTesting';
import { fakeServer, findToast, outboxReply, outboxRow, renderEmailPage, type FakeRequest } from './testing';

const rows = [
  outboxRow({
    id: 3,
    kind: 'custom',
    to: 'bob@example.com',
    subject: 'Spring offer',
    status: 'failed',
    attempts: 5,
    lastError: 'Invalid login: 535 Authentication failed',
    serverResponse: null,
    sentAt: null,
  }),
  outboxRow({
    id: 2,
    kind: 'project-notification',
    to: 'jane@example.com',
    subject: 'Your project is ready',
    status: 'pending',
    attempts: 0,
    serverResponse: null,
    sentAt: null,
  }),
  outboxRow({ id: 1, kind: 'welcome', to: 'jane@example.com', subject: 'Welcome to the studio', status: 'sent' }),
  outboxRow({
    id: 4,
    kind: 'password-reset',
    to: 'amy@example.com',
    subject: 'Your verification code',
    status: 'logged',
    serverResponse: 'logged by the mock transport',
  }),
];

const table = () => screen.getByRole('table', { name: 'Outbox' });
const rowOf = (subject: string) => within(table()).getByText(subject).closest('tr') as HTMLElement;
const lastList = (server: ReturnType<typeof fakeServer>) => server.calls('GET /api/admin/email-outbox').at(-1)!;

describe('Outbox', { timeout: 20_000 }, () => {
  it('lists the messages with their columns; Resend only on failed rows', async () => {
    fakeServer({ 'GET /api/admin/email-outbox': outboxReply(rows, 4) });
    renderEmailPage();
    await screen.findByText('Spring offer');
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Recipient', 'Subject', 'Type', 'Status', 'Tries', 'Last error', 'Actions']);
    const cells = (subject: string) =>
      within(rowOf(subject))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('Spring offer').slice(0, 7)).toEqual([
      formatDateTime(rows[0]!.createdAt),
      'bob@example.com',
      'Spring offer',
      'Custom',
      'Failed',
      '5',
      'Invalid login: 535 Authentication failed',
    ]);
    expect(cells('Your project is ready').slice(3, 6)).toEqual(['Project notification', 'Pending', '0']);
    expect(cells('Welcome to the studio').slice(3, 5)).toEqual(['Welcome', 'Sent']);
    expect(cells('Your verification code').slice(3, 5)).toEqual(['Password reset', 'Logged (not sent)']);
    // the full error is the cell's tooltip
    expect(within(rowOf('Spring offer')).getByText('Invalid login: 535 Authentication failed')).toHaveAttribute(
      'title',
      'Invalid login: 535 Authentication failed',
    );
    // status colours
    const chip = (subject: string) =>
      within(rowOf(subject))
        .getByText(/^(Failed|Pending|Sent|Logged)/)
        .closest('[data-status-color]');
    expect(chip('Spring offer')).toHaveAttribute('data-status-color', 'error');
    expect(chip('Your project is ready')).toHaveAttribute('data-status-color', 'warning');
    expect(chip('Welcome to the studio')).toHaveAttribute('data-status-color', 'success');
    expect(chip('Your verification code')).toHaveAttribute('data-status-color', 'default');

    expect(within(table()).getAllByRole('button', { name: 'Resend' })).toHaveLength(1);
    expect(within(rowOf('Spring offer')).getByRole('button', { name: 'Resend' })).toBeInTheDocument();
    expect(within(table()).getAllByRole('button', { name: 'View email' })).toHaveLength(4);
  });

  it('asks for the first page newest first, then follows the filter, the search and the pages', async () => {
    const server = fakeServer({
      'GET /api/admin/email-outbox': ({ url }) => {
        const [start] = JSON.parse(url.searchParams.get('range') ?? '[0,24]') as number[];
        return outboxReply(rows, 60, start);
      },
    });
    const { user } = renderEmailPage();
    await screen.findByText('Spring offer');
    const params = (r: FakeRequest) => ({
      range: server.param(r, 'range'),
      sort: server.param(r, 'sort'),
      filter: server.param(r, 'filter'),
    });
    expect(params(lastList(server))).toEqual({ range: [0, 24], sort: ['createdAt', 'DESC'], filter: {} });
    // total from Content-Range
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(params(lastList(server)).range).toEqual([25, 49]));
    expect(await screen.findByText('26–50 of 60')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Failed' }));
    await waitFor(() =>
      expect(params(lastList(server))).toEqual({ range: [0, 24], sort: ['createdAt', 'DESC'], filter: { status: 'failed' } }),
    );
    expect(screen.getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');

    await user.type(screen.getByRole('searchbox', { name: 'Search by recipient or subject' }), ' jane ');
    await waitFor(() => expect(params(lastList(server)).filter).toEqual({ q: 'jane', status: 'failed' }));

    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(params(lastList(server)).filter).toEqual({ q: 'jane' }));

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await user.click(await screen.findByRole('option', { name: '10' }));
    await waitFor(() => expect(params(lastList(server)).range).toEqual([0, 9]));
  });

  it("offers one clear button in the search: MUI's 'Clear search', which empties the search at once", async () => {
    const server = fakeServer({ 'GET /api/admin/email-outbox': outboxReply(rows) });
    const { user } = renderEmailPage();
    await screen.findByText('Spring offer');
    const box = screen.getByRole('searchbox', { name: 'Search by recipient or subject' });
    expectNativeClearHidden(box);
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
    await user.type(box, 'jane');
    await waitFor(() => expect(server.param(lastList(server), 'filter')).toEqual({ q: 'jane' }));
    const field = box.closest('.MuiTextField-root') as HTMLElement;
    expect(within(field).getAllByRole('button')).toHaveLength(1);
    await user.click(within(field).getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveValue('');
    await waitFor(() => expect(server.param(lastList(server), 'filter')).toEqual({}));
  });

  it("resends a failed message: POST .../3/resend, toast 'Email queued again', list refreshed", async () => {
    const server = fakeServer({
      'GET /api/admin/email-outbox': outboxReply(rows, 4),
      'POST /api/admin/email-outbox/3/resend': { body: { success: true, message: 'The email will be sent again' } },
    });
    const { user } = renderEmailPage();
    await screen.findByText('Spring offer');
    const before = server.calls('GET /api/admin/email-outbox').length;
    await user.click(within(rowOf('Spring offer')).getByRole('button', { name: 'Resend' }));
    const toast = await findToast();
    expect(toast).toHaveTextContent('Email queued again');
    expect(toast).toHaveTextContent('The email will be sent again');
    expect(server.calls('POST /api/admin/email-outbox/3/resend')).toHaveLength(1);
    await waitFor(() => expect(server.calls('GET /api/admin/email-outbox').length).toBeGreaterThan(before));
  });

  it("shows 'Error' with the server's message when a resend is refused", async () => {
    fakeServer({
      'GET /api/admin/email-outbox': outboxReply(rows, 4),
      'POST /api/admin/email-outbox/3/resend': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'Only a failed email can be sent again' },
      },
    });
    const { user } = renderEmailPage();
    await screen.findByText('Spring offer');
    await user.click(within(rowOf('Spring offer')).getByRole('button', { name: 'Resend' }));
    const toast = await findToast('destructive');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Only a failed email can be sent again');
  });

  it('views a message: its fields and the stored HTML in a sandboxed frame, and the plain text', async () => {
    const html = '<p>Hello Bob</p><script>parent.document.title = "hacked"</script>';
    const server = fakeServer({
      'GET /api/admin/email-outbox': outboxReply(rows, 4),
      'GET /api/admin/email-outbox/3': { body: { ...rows[0], html, text: 'Hello Bob' } },
    });
    const { user } = renderEmailPage();
    await screen.findByText('Spring offer');
    await user.click(within(rowOf('Spring offer')).getByRole('button', { name: 'View email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Spring offer' });
    expect(dialog).toHaveTextContent('bob@example.com');
    expect(dialog).toHaveTextContent('Failed');
    expect(dialog).toHaveTextContent('Invalid login: 535 Authentication failed');
    const frame = await within(dialog).findByTitle('Email content');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toBe(html);
    expect(server.calls('GET /api/admin/email-outbox/3')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Plain text' }));
    expect(within(dialog).getByLabelText('Plain text')).toHaveTextContent('Hello Bob');
    expect(within(dialog).queryByTitle('Email content')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('does not show the content of password-reset emails', async () => {
    fakeServer({
      'GET /api/admin/email-outbox': outboxReply(rows, 4),
      'GET /api/admin/email-outbox/4': { body: { ...rows[3], html: null, text: null } },
    });
    const { user } = renderEmailPage();
    await screen.findByText('Your verification code');
    await user.click(within(rowOf('Your verification code')).getByRole('button', { name: 'View email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your verification code' });
    expect(await within(dialog).findByText('The content of password-reset emails is not shown.')).toBeInTheDocument();
    expect(within(dialog).queryByTitle('Email content')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('logged by the mock transport');
  });

  it("says 'No emails yet.' when the outbox is empty", async () => {
    fakeServer();
    renderEmailPage();
    expect(await screen.findByText('No emails yet.')).toBeInTheDocument();
  });

  it('polls every 3 s only while a shown message is pending or sending', () => {
    const page = (status: OutboxEmail['status']) => ({ data: [outboxRow({ status: 'sent' }), outboxRow({ id: 2, status })], total: 2 });
    expect(OUTBOX_POLL_MS).toBe(3000);
    expect(outboxRefetchInterval(page('pending'))).toBe(3000);
    expect(outboxRefetchInterval(page('sending'))).toBe(3000);
    expect(outboxRefetchInterval(page('failed'))).toBe(false);
    expect(outboxRefetchInterval(page('logged'))).toBe(false);
    expect(outboxRefetchInterval(undefined)).toBe(false);
  });
});
