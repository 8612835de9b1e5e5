import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, renderInAdmin } from '../projects/test-helpers';
import { fakeApi } from '../shared/testing';
import { paymentsMethods } from './dataProvider';
import { refundsMethods } from './refundsApi';
import { PaymentList } from './PaymentList';
import type { Payment } from './types';

const payments: Payment[] = [
  {
    id: 3,
    projectId: 1,
    projectName: 'Smith wedding',
    bundleId: null,
    bundleName: null,
    clientId: 7,
    clientName: 'Jane Client',
    amount: 150,
    refundedAmount: 0,
    paymentDate: '2025-03-09T12:00:00.000Z',
    stripePaymentId: 'pi_123',
    status: 'completed',
    note: null,
    method: 'Stripe',
    receiptNumber: 'R-000042',
  },
  {
    id: 2,
    projectId: 99,
    projectName: 'Unknown Project',
    bundleId: null,
    bundleName: null,
    clientId: null,
    clientName: 'Unknown Client',
    amount: 80.5,
    refundedAmount: 0,
    paymentDate: '2025-03-01T12:00:00.000Z',
    stripePaymentId: null,
    status: 'pending',
    note: null,
    method: 'Manual',
    receiptNumber: null,
  },
  {
    id: 1,
    projectId: 1,
    projectName: 'Smith wedding',
    bundleId: null,
    bundleName: null,
    clientId: 7,
    clientName: 'Jane Client',
    amount: 10,
    refundedAmount: 0,
    paymentDate: '2025-02-01T12:00:00.000Z',
    stripePaymentId: 'pi_1',
    status: 'failed',
    note: null,
    method: 'Stripe',
    receiptNumber: null,
  },
];

function setup(list = payments) {
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
    timeZone: 'Europe/Paris',
  } as Intl.ResolvedDateTimeFormatOptions);
  const dp = fakeDataProvider({ payments: list });
  // the page's own calls (not the dataProvider's)
  const api = fakeApi(paymentsMethods, {
    getPaymentsSummary: vi.fn(async () => ({ data: { total: 240.5, count: list.length } })),
    exportPaymentsCsv: vi.fn(async () => ({ data: { filename: 'payments.csv', size: 10 } })),
  });
  renderInAdmin(<PaymentList />, dp, { resource: 'payments' });
  return { dp, api, user: userEvent.setup() };
}

type Dp = ReturnType<typeof setup>['dp'];
type Api = ReturnType<typeof setup>['api'];
const lastList = (dp: Dp) => dp.getList.mock.calls.at(-1)?.[1] as { filter: object; sort: object; pagination: object } | undefined;
const lastSummary = (api: Api) => api.getPaymentsSummary.mock.calls.at(-1)?.[0];

describe('Payment History page', { timeout: 30_000 }, () => {
  it('shows the header, the revenue card and the table', async () => {
    const { dp } = setup();
    expect(await screen.findByRole('heading', { name: 'Payment History', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('Track all your revenue and transactions')).toBeInTheDocument();
    expect(await screen.findByTestId('revenue-total')).toHaveTextContent('$240.50');
    expect(screen.getByTestId('revenue-count')).toHaveTextContent('3 payments');
    expect(lastList(dp)).toMatchObject({ sort: { field: 'paymentDate', order: 'DESC' }, pagination: { page: 1, perPage: 25 } });

    const table = screen.getByRole('table', { name: 'Payments' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['ID', 'Date', 'Project', 'Client', 'Amount', 'Payment Method', 'Status', 'Receipt', 'Refunds']);
    const rows = await within(table).findAllByRole('row');
    const first = rows[1]!;
    expect(within(first).getByText('Mar 9, 2025')).toBeInTheDocument();
    expect(within(first).getByText('$150.00')).toBeInTheDocument();
    expect(within(first).getByText('Stripe')).toBeInTheDocument();
    expect(within(first).getByText('Completed').closest('[data-status-color]')).toHaveAttribute('data-status-color', 'success');
    const second = rows[2]!;
    expect(within(second).getByText('Unknown Project')).toBeInTheDocument();
    expect(within(second).getByText('Unknown Client')).toBeInTheDocument();
    expect(within(second).getByText('Manual')).toBeInTheDocument();
    expect(within(second).getByText('Pending').closest('[data-status-color]')).toHaveAttribute('data-status-color', 'warning');
    expect(within(rows[3]!).getByText('Failed').closest('[data-status-color]')).toHaveAttribute('data-status-color', 'error');
  });

  it("offers 'Receipt' on a completed row only, downloading that payment's PDF", async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Payments' }, { timeout: 20_000 });
    const rows = await within(table).findAllByRole('row');
    const receipt = within(rows[1]!).getByRole('link', { name: 'Receipt R-000042' });
    expect(receipt).toHaveTextContent('Receipt');
    expect(receipt).toHaveAttribute('href', '/api/payments/3/receipt.pdf');
    expect(receipt).toHaveAttribute('download');
    expect(within(rows[2]!).queryByRole('link', { name: /Receipt/ })).toBeNull();
    expect(within(rows[3]!).queryByRole('link', { name: /Receipt/ })).toBeNull();
  });

  it('sends the search, the day (with the time zone) and the sort to the list and the summary', async () => {
    const { dp, api, user } = setup();
    await screen.findByRole('heading', { name: 'Payment History', level: 1 }, { timeout: 20_000 });

    await user.type(screen.getByRole('searchbox', { name: 'Search payments' }), '150');
    await waitFor(() => expect(lastList(dp)).toMatchObject({ filter: { q: '150' } }), { timeout: 3000 });
    await waitFor(() => expect(lastSummary(api)).toEqual({ q: '150' }));

    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2025-03-09' } });
    await waitFor(() => expect(lastList(dp)).toMatchObject({ filter: { q: '150', day: '2025-03-09', tz: 'Europe/Paris' } }));
    await waitFor(() => expect(lastSummary(api)).toEqual({ q: '150', day: '2025-03-09', tz: 'Europe/Paris' }));

    await user.click(screen.getByRole('button', { name: 'Oldest First' }));
    await waitFor(() => expect(lastList(dp)).toMatchObject({ sort: { field: 'paymentDate', order: 'ASC' } }));
    expect(screen.getByRole('button', { name: 'Oldest First' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() =>
      expect(api.exportPaymentsCsv).toHaveBeenCalledWith(
        { q: '150', day: '2025-03-09', tz: 'Europe/Paris' },
        { field: 'paymentDate', order: 'ASC' },
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Clear Filter' }));
    await waitFor(() => expect(lastList(dp)?.filter).toEqual({ q: '150' }));
    expect(screen.queryByRole('button', { name: 'Clear Filter' })).not.toBeInTheDocument();
  });

  it("shows 'No payments found' when there are none", async () => {
    setup([]);
    expect(await screen.findByText('No payments found', {}, { timeout: 20_000 })).toBeInTheDocument();
  });

  it("offers 'Refund' on completed rows only, opening the refund dialog; shows refunds and bundles", async () => {
    const refunded: Payment = {
      ...payments[0]!,
      id: 4,
      projectId: null,
      projectName: null,
      bundleId: 2,
      bundleName: 'Starter pack',
      amount: 90,
      refundedAmount: 90,
      status: 'refunded',
      receiptNumber: 'R-000043',
    };
    const { user } = setup([refunded, ...payments]);
    fakeApi(refundsMethods, { listRefunds: async () => ({ data: [] }) });
    const table = await screen.findByRole('table', { name: 'Payments' }, { timeout: 20_000 });
    const rows = await within(table).findAllByRole('row');
    expect(within(rows[1]!).getByText('Credit bundle: Starter pack')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('$90.00 refunded')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Refunded').closest('[data-status-color]')).toHaveAttribute('data-status-color', 'default');
    expect(within(rows[1]!).getByRole('button', { name: 'Refunds of payment #4' })).toBeInTheDocument();
    expect(within(rows[3]!).queryByRole('button', { name: /Refund/ })).toBeNull();
    expect(within(rows[4]!).queryByRole('button', { name: /Refund/ })).toBeNull();

    await user.click(within(rows[2]!).getByRole('button', { name: 'Refund payment #3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund Payment' }, { timeout: 10_000 });
    expect(within(dialog).getByRole('textbox', { name: 'Amount' })).toHaveValue('150.00');
  });
});
