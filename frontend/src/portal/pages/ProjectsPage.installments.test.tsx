import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, callsTo, client, mockFetch, renderWithApp } from '../../test/utils';
import type { BilledProject, NextInstallment } from '../features/invoices/types';
import { project } from '../features/projects/fixtures';
import { ProjectsPage } from './ProjectsPage';

const LIST = `GET /api/projects/client/${client.id}`;
const BALANCE = 'GET /api/project-remaining-balance/2';
const INTENT = 'POST /api/create-payment-intent';
const CONFIG = 'GET /api/public-config';
const CREDITS = `GET /api/user-credits/${client.id}`;

const year = new Date().getFullYear();
const next = (over: Partial<NextInstallment> = {}): NextInstallment => ({
  number: 2,
  count: 3,
  label: 'Installment 2',
  amount: 100,
  dueDate: `${year}-03-03`,
  overdue: false,
  ...over,
});
const scheduled = (over: Partial<NextInstallment> = {}): BilledProject => ({
  ...project({ id: 2, name: '5 Maple Street', price: 300, amountPaid: 100, unpaidAmount: 200 }),
  invoiceId: 5,
  invoiceNumber: 'INV-000005',
  nextInstallment: next(over),
});

function server(list: BilledProject[], route = '/projects') {
  const spy = mockFetch({
    [LIST]: { body: list },
    [CONFIG]: { body: { bookingUrl: null, paymentMode: 'emulator', stripePublishableKey: null } },
    [CREDITS]: { body: { userId: client.id, balance: 0 } },
    [BALANCE]: { body: { unpaidAmount: 200 } },
    [INTENT]: (init) => {
      const part = JSON.parse(String(init.body)).part;
      // the server names what it charges: 'installment' for the next one of several
      return {
        body: {
          clientSecret: 'pi_123_secret_abc',
          amount: part === 'balance' ? 200 : 100,
          paymentIntentId: 'pi_123',
          part: part === 'next' ? 'installment' : part,
        },
      };
    },
  });
  const view = renderWithApp(
    <Routes>
      <Route path="/projects" element={<ProjectsPage />} />
    </Routes>,
    { route, user: client },
  );
  return { spy, ...view };
}

describe('Project card with a payment schedule (CONTRACT §14)', () => {
  // the payment dialog's chunks: transformed once here, not inside the first test's time limit
  beforeAll(() => Promise.all([import('../features/payments/components/PaymentDialog'), import('../features/payments/opening')]), 30_000);

  it("shows the next installment and 'Pay Installment 2 of 3 — $100.00', which pays the next installment", async () => {
    const user = userEvent.setup({ delay: null });
    const { spy } = server([scheduled()]);
    const card = await screen.findByRole('article', { name: '5 Maple Street' });
    expect(within(card).getByTestId('next-installment')).toHaveTextContent('Next: Installment 2 of 3 — $100.00 due Mar 3');
    expect(within(card).queryByText(/Overdue/)).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Pay Installment 2 of 3 — $100.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    expect(bodyOf(spy, INTENT)).toEqual({ projectId: 2, part: 'next' });
    expect(within(dialog).getByText('Installment due')).toBeInTheDocument();
    expect(within(dialog).getByTestId('amount-due')).toHaveTextContent('$100.00');
  });

  it("'Pay everything owed ($200.00)' pays the balance", async () => {
    const user = userEvent.setup({ delay: null });
    const { spy } = server([scheduled()]);
    const card = await screen.findByRole('article', { name: '5 Maple Street' });
    await user.click(within(card).getByRole('button', { name: 'Pay everything owed ($200.00)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    expect(bodyOf(spy, INTENT)).toEqual({ projectId: 2, part: 'balance' });
    expect(within(dialog).getByTestId('amount-due')).toHaveTextContent('$200.00');
  });

  it("an overdue deposit: 'Next: Deposit … · Overdue' and 'Pay Deposit $X.XX'", async () => {
    server([
      {
        ...scheduled({ number: 1, count: 2, label: 'Deposit', amount: 90, overdue: true, dueDate: `${year}-01-02` }),
        amountPaid: 0,
        unpaidAmount: 300,
        depositAmount: 90,
        depositDue: 90,
      },
    ]);
    const card = await screen.findByRole('article', { name: '5 Maple Street' });
    expect(within(card).getByTestId('next-installment')).toHaveTextContent('Next: Deposit $90.00 due Jan 2 · Overdue');
    expect(within(card).getByText(/Overdue/)).toHaveStyle({ fontWeight: '700' });
    expect(within(card).getByRole('button', { name: 'Pay Deposit $90.00' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Pay everything owed ($300.00)' })).toBeEnabled();
  });

  it("the last installment reads 'Pay Balance $Z.ZZ' alone", async () => {
    server([{ ...scheduled({ number: 3 }), amountPaid: 200, unpaidAmount: 100 }]);
    const card = await screen.findByRole('article', { name: '5 Maple Street' });
    expect(within(card).getByRole('button', { name: 'Pay Balance $100.00' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Pay everything owed/ })).toBeNull();
  });

  it("/projects?pay=2 (the Invoices page's Pay) opens that project's payment and clears the address", async () => {
    const { spy, location } = server([scheduled()], '/projects?pay=2');
    const dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    expect(within(dialog).getByText('5 Maple Street')).toBeInTheDocument();
    expect(bodyOf(spy, INTENT)).toEqual({ projectId: 2, part: 'next' });
    expect(callsTo(spy, INTENT)).toHaveLength(1);
    await waitFor(() => expect(location()).toBe('/projects'));
  });

  it('/projects?pay= of a paid or unknown project opens nothing', async () => {
    const { spy, location } = server([{ ...scheduled(), isPaid: true, unpaidAmount: 0, nextInstallment: null }], '/projects?pay=9');
    await screen.findByRole('article', { name: '5 Maple Street' });
    await waitFor(() => expect(location()).toBe('/projects'));
    expect(callsTo(spy, BALANCE)).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
