import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, mockFetch, renderWithApp } from '../../test/utils';
import { invoiceDetail, invoiceSummary } from '../features/invoices/fixtures';
import { InvoicesPage } from './InvoicesPage';

const MINE = 'GET /api/my/invoices';
const DETAIL = 'GET /api/invoices/5';

type Routes = Parameters<typeof mockFetch>[0];

function renderPage(routes: Routes, route = '/invoices') {
  mockFetch(routes);
  return renderWithApp(
    <Routes>
      <Route path="/invoices" element={<InvoicesPage />} />
      <Route path="/invoices/:invoiceId" element={<InvoicesPage />} />
    </Routes>,
    { route, user: client },
  );
}

describe('Invoices page (CONTRACT §14)', () => {
  // the details dialog's chunk: transformed once here, not inside the first test's time limit
  beforeAll(() => import('../features/invoices/components/InvoiceDetailDialog'), 30_000);

  it('lists each invoice with its number, project, total, due, status, next due date, PDF and Pay', async () => {
    renderPage({
      [MINE]: {
        body: [
          invoiceSummary({ overdue: true, overdueAmount: 100, nextDueDate: '2026-02-10' }),
          invoiceSummary({
            id: 4,
            number: 'INV-000004',
            projectId: 1,
            projectName: 'Harbour Lane',
            status: 'paid',
            total: 95.5,
            paid: 95.5,
            due: 0,
            nextDueDate: null,
          }),
        ],
      },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Invoices' });
    const [open, paid] = within(list).getAllByRole('listitem');

    expect(open).toHaveAccessibleName('INV-000005');
    expect(open).toHaveTextContent('5 Maple Street');
    expect(open).toHaveTextContent('Total$300.00');
    expect(open).toHaveTextContent('Due$200.00');
    expect(within(open!).getByText('Open')).toBeInTheDocument();
    expect(within(open!).getByTestId('next-due')).toHaveTextContent('Next due Feb 10, 2026 · Overdue $100.00');
    expect(within(open!).getByText(/Overdue/)).toHaveStyle({ fontWeight: '700' });
    expect(within(open!).getByRole('link', { name: 'PDF INV-000005' })).toHaveAttribute('href', '/api/invoices/5/pdf');
    expect(within(open!).getByRole('link', { name: 'Pay INV-000005' })).toHaveAttribute('href', '/projects?pay=2');

    expect(paid).toHaveTextContent('Harbour Lane');
    expect(within(paid!).getByText('Paid')).toBeInTheDocument();
    expect(within(paid!).queryByTestId('next-due')).toBeNull();
    expect(within(paid!).getByRole('link', { name: 'PDF INV-000004' })).toHaveAttribute('href', '/api/invoices/4/pdf');
    expect(within(paid!).queryByRole('link', { name: /^Pay/ })).toBeNull();
  });

  it("says 'No invoices yet' when there are none", async () => {
    renderPage({ [MINE]: { body: [] } });
    expect(await screen.findByRole('heading', { name: 'No invoices yet' })).toBeInTheDocument();
  });

  it('says so when the list cannot be loaded', async () => {
    renderPage({ [MINE]: { status: 500, body: { statusCode: 500, message: 'Internal server error' } } });
    expect(await screen.findByRole('heading', { name: 'Failed to load invoices' })).toBeInTheDocument();
  });

  it('opens an invoice in full: lines, discount, tax, total, schedule and payments; Close goes back to the list', async () => {
    const user = userEvent.setup({ delay: null });
    const { location } = renderPage({ [MINE]: { body: [invoiceSummary()] }, [DETAIL]: { body: invoiceDetail() } });
    const card = within(await screen.findByRole('list', { name: 'Invoices' })).getByRole('listitem');
    await user.click(within(card).getByRole('link', { name: 'Details INV-000005' }));
    expect(location()).toBe('/invoices/5');

    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-000005' });
    const q = within(dialog);
    const lines = within(await q.findByRole('list', { name: 'Lines' })).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Photography');
    expect(lines[0]).toHaveTextContent('Qty 2 × $150.00');
    expect(lines[0]).toHaveTextContent('$300.00');
    expect(lines[1]).toHaveTextContent('Travel');

    const totals = q.getByRole('list', { name: 'Totals' });
    expect(totals).toHaveTextContent('Subtotal$320.00');
    expect(totals).toHaveTextContent('Discount (10%)−$32.00');
    expect(totals).toHaveTextContent('Sales tax (8.875%)$25.56');
    expect(q.getByTestId('invoice-total')).toHaveTextContent('Total$313.56');
    expect(q.getByTestId('invoice-due')).toHaveTextContent('Due$209.04');

    const schedule = within(q.getByRole('list', { name: 'Schedule' })).getAllByRole('listitem');
    expect(schedule.map((row) => row.textContent)).toEqual([
      'DepositDue Jan 10, 2026 · Paid$104.52',
      'Installment 2Due Feb 10, 2026 · Overdue$104.52',
      'Installment 3Due Mar 10, 2026 · Due$104.52',
    ]);
    const payments = within(q.getByRole('list', { name: 'Payments' })).getAllByRole('listitem');
    expect(payments).toHaveLength(1);
    expect(payments[0]).toHaveTextContent('Payment');
    expect(payments[0]).toHaveTextContent('Jan 11, 2026 · Card');
    expect(q.getByRole('link', { name: 'PDF' })).toHaveAttribute('href', '/api/invoices/5/pdf');
    expect(q.getByRole('link', { name: 'Pay' })).toHaveAttribute('href', '/projects?pay=2');

    await user.click(q.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe('/invoices');
  });

  it('opens at /invoices/:id directly; a refund shows as one and a paid invoice offers no Pay', async () => {
    renderPage(
      {
        [MINE]: { body: [invoiceSummary({ status: 'paid', due: 0 })] },
        [DETAIL]: {
          body: invoiceDetail({
            status: 'paid',
            due: 0,
            discount: 0,
            discountKind: null,
            discountValue: null,
            refunded: 10,
            payments: [
              { kind: 'payment', paymentId: 9, refundId: null, amount: 313.56, method: 'manual', date: '2026-01-11T09:00:00.000Z' },
              { kind: 'refund', paymentId: 9, refundId: 2, amount: 10, method: 'manual', date: '2026-01-12T09:00:00.000Z' },
            ],
          }),
        },
      },
      '/invoices/5',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-000005' });
    const payments = within(await within(dialog).findByRole('list', { name: 'Payments' })).getAllByRole('listitem');
    expect(payments[1]).toHaveTextContent('Refund');
    expect(payments[1]).toHaveTextContent('−$10.00');
    expect(within(dialog).getByRole('list', { name: 'Totals' })).not.toHaveTextContent('Discount');
    expect(within(dialog).queryByRole('link', { name: 'Pay' })).toBeNull();
  });

  it("another client's invoice (404) says it could not be loaded", async () => {
    renderPage({ [MINE]: { body: [] }, [DETAIL]: { status: 404, body: { statusCode: 404, message: 'Not Found' } } }, '/invoices/5');
    const dialog = await screen.findByRole('dialog', { name: 'Invoice' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The invoice could not be loaded.');
  });
});
