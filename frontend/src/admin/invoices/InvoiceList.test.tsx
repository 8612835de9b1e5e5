import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, renderInAdmin } from '../projects/test-helpers';
import { fakeApi } from '../shared/testing';
import { invoicesMethods } from './dataProvider';
import { invoiceDetail, invoiceSummary } from './fixtures';
import { InvoiceList } from './InvoiceList';
import type { InvoiceSummary } from './types';

const invoices: InvoiceSummary[] = [
  invoiceSummary(),
  invoiceSummary({
    id: 11,
    number: null,
    status: 'draft',
    issuedAt: null,
    clientName: 'Bob Smith',
    projectName: 'Family portraits',
    total: 250,
    paid: 0,
    due: 250,
    nextDueDate: null,
    overdue: false,
    overdueAmount: 0,
  }),
  invoiceSummary({ id: 10, number: 'INV-000010', status: 'paid', total: 80, paid: 80, due: 0, nextDueDate: null, overdue: false }),
];

function setup(list = invoices) {
  const dp = fakeDataProvider({ invoices: list });
  const api = fakeApi(invoicesMethods, { getInvoice: vi.fn(async () => ({ data: invoiceDetail() })) });
  renderInAdmin(<InvoiceList />, dp, { resource: 'invoices' });
  return { dp, api, user: userEvent.setup() };
}

type Dp = ReturnType<typeof setup>['dp'];
const lastList = (dp: Dp) => dp.getList.mock.calls.at(-1)?.[1] as { filter: object; sort: object; pagination: object } | undefined;

describe('Invoices list (CONTRACT §14)', { timeout: 30_000 }, () => {
  it('pages on the server, newest number first, with its columns', async () => {
    const { dp } = setup();
    expect(await screen.findByRole('heading', { name: 'Invoices', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(lastList(dp)).toMatchObject({ sort: { field: 'number', order: 'DESC' }, pagination: { page: 1, perPage: 25 } });
    expect(dp.getList.mock.calls.at(-1)?.[0]).toBe('invoices');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Number', 'Client', 'Project', 'Issued', 'Total', 'Paid', 'Due', 'Next due', 'Status']);
    const rows = await within(table).findAllByRole('row');
    const first = rows[1]!;
    expect(within(first).getByRole('button', { name: 'Open invoice INV-000012' })).toHaveTextContent('INV-000012');
    expect(first).toHaveTextContent('Jane Client');
    expect(first).toHaveTextContent('Smith wedding');
    expect(first).toHaveTextContent('Mar 2, 2026');
    expect(first).toHaveTextContent('$979.88');
    expect(first).toHaveTextContent('$300.00');
    expect(first).toHaveTextContent('$679.88');
    // a calendar day, read as that day whatever the zone
    expect(first).toHaveTextContent('Apr 1, 2026');
    expect(within(first).getByText('Overdue').closest('[data-status-color]')).toHaveAttribute('data-status-color', 'error');
    expect(within(first).getByText('Open')).toBeInTheDocument();
    // a draft has no number
    expect(within(rows[2]!).getByRole('button', { name: 'Open invoice Draft' })).toBeInTheDocument();
    expect(within(rows[2]!).queryByText('Overdue')).toBeNull();
    expect(within(rows[3]!).getByText('Paid').closest('[data-status-color]')).toHaveAttribute('data-status-color', 'success');
  });

  it('filters Overdue, Open, Paid and Draft on the server, keeping the search', async () => {
    const { dp, user } = setup();
    await screen.findByRole('table', { name: 'Invoices' }, { timeout: 20_000 });
    const group = screen.getByRole('group', { name: 'Show invoices' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Overdue', 'Open', 'Paid', 'Draft']);
    expect(within(group).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(group).getByRole('button', { name: 'Overdue' }));
    await waitFor(() => expect(lastList(dp)?.filter).toEqual({ overdue: true }));
    expect(within(group).getByRole('button', { name: 'Overdue' })).toHaveAttribute('aria-pressed', 'true');

    await user.type(screen.getByRole('searchbox', { name: 'Search invoices...' }), 'smith');
    await waitFor(() => expect(lastList(dp)?.filter).toEqual({ overdue: true, q: 'smith' }));

    await user.click(within(group).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(lastList(dp)?.filter).toEqual({ q: 'smith', status: 'open' }));
    await user.click(within(group).getByRole('button', { name: 'Paid' }));
    await waitFor(() => expect(lastList(dp)?.filter).toEqual({ q: 'smith', status: 'paid' }));
    await user.click(within(group).getByRole('button', { name: 'Draft' }));
    await waitFor(() => expect(lastList(dp)?.filter).toEqual({ q: 'smith', status: 'draft' }));
    await user.click(within(group).getByRole('button', { name: 'All' }));
    await waitFor(() => expect(lastList(dp)?.filter).toEqual({ q: 'smith' }));
  });

  it('sorts on the server by the sortable headers', async () => {
    const { dp, user } = setup();
    const table = await screen.findByRole('table', { name: 'Invoices' }, { timeout: 20_000 });
    await user.click(within(table).getByRole('button', { name: /Next due/ }));
    await waitFor(() => expect(lastList(dp)?.sort).toMatchObject({ field: 'nextDueDate' }));
    // Project and Paid are not sortable
    expect(within(table).queryByRole('button', { name: /^Project/ })).toBeNull();
  });

  it('opens an invoice in its panel', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Open invoice INV-000012' }, { timeout: 20_000 }));
    const panel = await screen.findByRole('dialog', { name: 'Invoice' });
    expect(await within(panel).findByRole('heading', { name: 'INV-000012' })).toBeInTheDocument();
    await waitFor(() => expect(api.getInvoice).toHaveBeenCalledWith(12));
    expect(await within(panel).findByRole('region', { name: 'Schedule' })).toBeInTheDocument();
  });

  it('shows a phone one item per invoice instead of the table', async () => {
    const matchMedia = vi.fn((query: string) => ({
      // down('sm'): the phone's query matches
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      const { user } = setup();
      const list = await screen.findByRole('list', { name: 'Invoices' }, { timeout: 20_000 });
      expect(screen.queryByRole('table')).toBeNull();
      const items = within(list).getAllByRole('listitem');
      expect(items).toHaveLength(3);
      expect(items[0]).toHaveTextContent('INV-000012 · Jane Client');
      expect(items[0]).toHaveTextContent('$979.88');
      expect(items[0]).toHaveTextContent('Due $679.88');
      expect(within(items[0]!).getByText('Overdue')).toBeInTheDocument();
      expect(items[1]).toHaveTextContent('Draft · Bob Smith');
      await user.click(within(items[0]!).getByRole('button', { name: /^INV-000012 · Jane Client/ }));
      expect(await screen.findByRole('dialog', { name: 'Invoice' })).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says when no invoice matches', async () => {
    setup([]);
    expect(await screen.findByText('No invoices found', undefined, { timeout: 20_000 })).toBeInTheDocument();
  });
});
