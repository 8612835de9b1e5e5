import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Payment } from '../../shared/api/schema';
import { client, mockFetch, renderWithApp } from '../../test/utils';
import { PaymentsPage } from './PaymentsPage';

const MINE = 'GET /api/my/payments';

const payment = (over: Partial<Payment>): Payment => ({
  id: 1,
  projectId: 1,
  projectName: '12 Ocean Drive',
  bundleId: null,
  bundleName: null,
  clientId: client.id,
  clientName: client.username,
  amount: 300,
  refundedAmount: 0,
  paymentDate: '2025-03-09T12:00:00.000Z',
  stripePaymentId: 'pi_1',
  status: 'completed',
  note: null,
  method: 'Stripe',
  receiptNumber: 'R-000001',
  ...over,
});

function renderPage(reply: Parameters<typeof mockFetch>[0][string]) {
  mockFetch({ [MINE]: reply });
  renderWithApp(
    <Routes>
      <Route path="/payments" element={<PaymentsPage />} />
    </Routes>,
    { route: '/payments', user: client },
  );
}

describe('Payments page', () => {
  it("lists the client's payments with a 'Receipt' for each completed one", async () => {
    renderPage({
      body: [
        payment({ id: 8, projectName: 'Harbour Lane', amount: 1250.5, method: 'Manual', stripePaymentId: null, receiptNumber: 'R-000031' }),
        payment({ id: 3, status: 'failed', receiptNumber: null, amount: 40 }),
      ],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Payments' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Harbour Lane');
    expect(rows[0]).toHaveTextContent('$1,250.50');
    expect(rows[0]).toHaveTextContent('Manual');
    expect(rows[0]).toHaveTextContent('Completed');
    expect(rows[0]).toHaveTextContent('R-000031');
    const link = within(rows[0]!).getByRole('link', { name: 'Receipt R-000031' });
    expect(link).toHaveTextContent('Receipt');
    expect(link).toHaveAttribute('href', '/api/payments/8/receipt.pdf');
    expect(rows[1]).toHaveTextContent('Failed');
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
  });

  it('shows a refunded or partially refunded payment, and a credit bundle bought', async () => {
    renderPage({
      body: [
        payment({ id: 9, status: 'partially_refunded', refundedAmount: 120, receiptNumber: 'R-000040' }),
        payment({ id: 7, status: 'refunded', refundedAmount: 300, receiptNumber: 'R-000039' }),
        payment({
          id: 6,
          projectId: null,
          projectName: null,
          bundleId: 2,
          bundleName: 'Starter pack',
          amount: 90,
          receiptNumber: 'R-000038',
        }),
      ],
    });
    const rows = within(await screen.findByRole('list', { name: 'Payments' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Partially refunded ($120.00 refunded)');
    expect(rows[1]).toHaveTextContent('Refunded');
    // the receipt of the payment stays downloadable
    expect(within(rows[1]!).getByRole('link', { name: 'Receipt R-000039' })).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Credit bundle: Starter pack');
  });

  it("says 'No payments yet' when there are none", async () => {
    renderPage({ body: [] });
    expect(await screen.findByRole('heading', { name: 'No payments yet' })).toBeInTheDocument();
  });

  it('says so when the list cannot be loaded', async () => {
    renderPage({ status: 500, body: { statusCode: 500, message: 'Internal server error' } });
    expect(await screen.findByRole('heading', { name: 'Failed to load payments' })).toBeInTheDocument();
  });
});
