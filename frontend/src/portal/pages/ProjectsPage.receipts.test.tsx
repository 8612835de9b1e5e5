import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Payment, Project } from '../../shared/api/schema';
import { callsTo, client, mockFetch, renderWithApp } from '../../test/utils';
import { project } from '../features/projects/fixtures';
import { ProjectsPage } from './ProjectsPage';

const PROJECTS = `GET /api/projects/client/${client.id}`;
const CREDITS = `GET /api/user-credits/${client.id}`;
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

const paid = project({
  id: 1,
  name: '12 Ocean Drive',
  isPaid: true,
  price: 300,
  unpaidAmount: 0,
  downloadLink: 'https://files.example.com/o',
  photoCount: 3,
});
const paidInParts = project({
  id: 2,
  name: '5 Maple Street',
  isPaid: true,
  price: 150,
  unpaidAmount: 0,
  downloadLink: null,
  photoCount: 0,
});
const unpaid = project({ id: 3, name: 'Harbour Lane', isPaid: false, price: 90, unpaidAmount: 90 });

function renderPage(projects: Project[], payments: Payment[]) {
  const spy = mockFetch({
    [CREDITS]: { body: { userId: client.id, balance: 0 } },
    [PROJECTS]: { body: projects },
    [MINE]: { body: payments },
  });
  renderWithApp(
    <Routes>
      <Route path="/projects" element={<ProjectsPage />} />
    </Routes>,
    { route: '/projects', user: client },
  );
  return spy;
}

const card = (name: string) => screen.findByRole('article', { name });

describe("My Projects: 'Receipt' on a paid project (CONTRACT §11)", () => {
  it("keeps 'View Gallery' and 'View Project' and adds 'Receipt' downloading the project's receipt", async () => {
    renderPage([paid, unpaid], [payment({ id: 7, projectId: 1, receiptNumber: 'R-000007' })]);
    const c = await card('12 Ocean Drive');
    expect(within(c).getByRole('link', { name: /View Gallery/ })).toBeInTheDocument();
    expect(within(c).getByRole('link', { name: /View Project/ })).toBeInTheDocument();
    const receipt = await within(c).findByRole('link', { name: 'Receipt' });
    expect(receipt).toHaveAttribute('href', '/api/payments/7/receipt.pdf');
    expect(receipt).toHaveAttribute('download');
    // the unpaid card keeps its payment buttons and has no receipt
    const u = await card('Harbour Lane');
    expect(within(u).queryByRole('link', { name: 'Receipt' })).toBeNull();
    expect(within(u).queryByRole('button', { name: 'Receipt' })).toBeNull();
  });

  it('downloads the latest receipt when a project was paid in several payments (the rest are on the Payments page)', async () => {
    renderPage(
      [paidInParts],
      [
        payment({
          id: 9,
          projectId: 2,
          projectName: '5 Maple Street',
          amount: 100,
          receiptNumber: 'R-000012',
          paymentDate: '2025-04-02T12:00:00.000Z',
        }),
        payment({
          id: 4,
          projectId: 2,
          projectName: '5 Maple Street',
          amount: 50,
          receiptNumber: 'R-000005',
          paymentDate: '2025-03-01T12:00:00.000Z',
        }),
        payment({ id: 3, projectId: 2, status: 'failed', receiptNumber: null }),
      ],
    );
    const c = await card('5 Maple Street');
    expect(await within(c).findByRole('link', { name: 'Receipt' })).toHaveAttribute('href', '/api/payments/9/receipt.pdf');
    expect(within(c).getAllByRole('link', { name: 'Receipt' })).toHaveLength(1);
  });

  it('shows no Receipt for a paid project without a payment (paid with credits), and asks for payments only once something is paid', async () => {
    const spy = renderPage([paid], []);
    const c = await card('12 Ocean Drive');
    await waitFor(() => expect(callsTo(spy, MINE)).toHaveLength(1));
    expect(within(c).queryByRole('link', { name: 'Receipt' })).toBeNull();

    const none = renderPage([unpaid], []);
    await card('Harbour Lane');
    expect(callsTo(none, MINE)).toHaveLength(0);
  });
});
