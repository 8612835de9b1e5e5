import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../shared/api/schema';
import { bodyOf, callsTo, client, mockFetch, renderWithApp } from '../../test/utils';
import { project } from '../features/projects/fixtures';
import { ProjectsPage } from './ProjectsPage';

const LIST = `GET /api/projects/client/${client.id}`;
const BALANCE = 'GET /api/project-remaining-balance/2';
const INTENT = 'POST /api/create-payment-intent';
const EMULATOR = 'POST /api/payment-emulator/payment_intents/pi_123/confirm';
const CONFIRM = 'POST /api/confirm-payment';
const MARK_PAID = 'POST /api/mark-project-as-paid/2';
const CONFIG = 'GET /api/public-config';
const CREDITS = `GET /api/user-credits/${client.id}`;

const unpaid = project({ id: 2, name: '5 Maple Street', price: 95.5, unpaidAmount: 95.5, isPaid: false });
const paidNow: Project = {
  ...unpaid,
  isPaid: true,
  amountPaid: 95.5,
  unpaidAmount: 0,
  downloadLink: 'https://files.example.com/maple',
};

type Routes = Parameters<typeof mockFetch>[0];

const emulatedIntent = (status: string, extra: object = {}) => ({
  id: 'pi_123',
  object: 'payment_intent',
  status,
  amount: 9550,
  currency: 'usd',
  client_secret: 'pi_123_secret_abc',
  ...extra,
});

/** The happy path's server; `overrides` replace single routes. The list shows the project paid once confirm-payment ran. */
function server(overrides: Routes = {}) {
  let confirmed = false;
  const routes: Routes = {
    [LIST]: () => ({ body: [confirmed ? paidNow : unpaid] }),
    [CONFIG]: { body: { bookingUrl: null, paymentMode: 'emulator', stripePublishableKey: null } },
    [CREDITS]: { body: { userId: client.id, balance: 0 } },
    [BALANCE]: { body: { unpaidAmount: 95.5 } },
    [INTENT]: { body: { clientSecret: 'pi_123_secret_abc', amount: 95.5, paymentIntentId: 'pi_123' } },
    [EMULATOR]: (init) => {
      const method = JSON.parse(String(init?.body)).payment_method;
      return method === 'pm_card_visa'
        ? { body: emulatedIntent('succeeded') }
        : {
            body: emulatedIntent('requires_payment_method', {
              last_payment_error: { message: 'Your card was declined.', code: 'card_declined', decline_code: 'generic_decline' },
            }),
          };
    },
    [CONFIRM]: () => {
      confirmed = true;
      return { body: { success: true, project: paidNow } };
    },
    ...overrides,
  };
  const spy = mockFetch(routes);
  const view = renderWithApp(
    <Routes>
      <Route path="/projects" element={<ProjectsPage />} />
    </Routes>,
    { route: '/projects', user: client },
  );
  return { spy, ...view };
}

/** Route keys of the fetch calls made, in order. */
function callOrder(spy: ReturnType<typeof mockFetch>): string[] {
  return spy.mock.calls.map(([input, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${String(input)}`);
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  const card = await screen.findByRole('article', { name: '5 Maple Street' });
  await user.click(within(card).getByRole('button', { name: 'Pay with Card' }));
  return screen.findByRole('dialog', { name: 'Complete Payment' });
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, number: string, expiry = '12/40', cvc = '123') {
  const q = within(dialog);
  await user.type(await q.findByLabelText('Card number'), number);
  await user.type(q.getByLabelText('Expiry (MM/YY)'), expiry);
  await user.type(q.getByLabelText('CVC'), cvc);
}

describe('Pay with Card', () => {
  it('opens with the remaining balance, then a payment intent, and shows the project and amount due', async () => {
    const user = userEvent.setup({ delay: null });
    const { spy } = server();
    const dialog = await openDialog(user);

    const order = callOrder(spy).filter((c) => c !== LIST && c !== CONFIG && c !== CREDITS);
    expect(order).toEqual([BALANCE, INTENT]);
    expect(bodyOf(spy, INTENT)).toEqual({ projectId: 2 });

    const q = within(dialog);
    expect(q.getByText('5 Maple Street')).toBeInTheDocument();
    expect(q.getByText('Amount due')).toBeInTheDocument();
    expect(q.getByTestId('amount-due')).toHaveTextContent('$95.50');
    expect(q.getByText('Payments are processed securely')).toBeInTheDocument();
    // emulator mode: the test-card form with its hint, every field labelled
    expect(
      await q.findByText('Test mode: use 4242 4242 4242 4242 to pay, 4000 0000 0000 0002 to see a declined card.'),
    ).toBeInTheDocument();
    expect(q.getByRole('textbox', { name: 'Card number' })).toBeInTheDocument();
    expect(q.getByRole('textbox', { name: 'Expiry (MM/YY)' })).toBeInTheDocument();
    expect(q.getByRole('textbox', { name: 'CVC' })).toBeInTheDocument();
    expect(q.getByRole('button', { name: 'Pay $95.50' })).toBeEnabled();
    expect(q.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('pays with 4242…: emulator confirm, confirm-payment, success toast and dialog, then the card shows Paid', async () => {
    const user = userEvent.setup({ delay: null });
    const { spy } = server();
    const dialog = await openDialog(user);
    await fillCard(user, dialog, '4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $95.50' }));

    const success = await screen.findByRole('dialog', { name: 'Payment Successful!' });
    expect(bodyOf(spy, EMULATOR)).toEqual({ payment_method: 'pm_card_visa' });
    expect(bodyOf(spy, CONFIRM)).toEqual({ projectId: 2, paymentIntentId: 'pi_123' });
    expect(screen.getByText('Payment Successful')).toBeInTheDocument();
    expect(screen.getByText('Your payment has been processed.')).toBeInTheDocument();

    const download = within(success).getByRole('link', { name: 'Download Photos' });
    expect(download).toHaveAttribute('href', 'https://files.example.com/maple');
    expect(download).toHaveAttribute('target', '_blank');
    expect(download.getAttribute('rel')).toContain('noopener');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Complete Payment' })).not.toBeInTheDocument());

    await user.click(within(success).getByRole('button', { name: 'Return to Dashboard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const card = screen.getByRole('article', { name: '5 Maple Street' });
    expect(within(card).getByText('Paid')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Project' })).toHaveAttribute('href', 'https://files.example.com/maple');
    expect(within(card).queryByRole('button', { name: 'Pay with Card' })).not.toBeInTheDocument();
    expect(callsTo(spy, LIST).length).toBeGreaterThanOrEqual(2);
  });

  it("a paid project without a download link gets a disabled 'Download Photos'", async () => {
    const user = userEvent.setup({ delay: null });
    server({ [CONFIRM]: { body: { success: true, project: { ...paidNow, downloadLink: null } } } });
    const dialog = await openDialog(user);
    await fillCard(user, dialog, '4242424242424242');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $95.50' }));
    const success = await screen.findByRole('dialog', { name: 'Payment Successful!' });
    expect(within(success).getByRole('button', { name: 'Download Photos' })).toBeDisabled();
    expect(within(success).queryByRole('link', { name: 'Download Photos' })).not.toBeInTheDocument();
  });

  it("a paid project with photos in the portal: 'Download Photos' opens its gallery", async () => {
    const user = userEvent.setup({ delay: null });
    server({ [CONFIRM]: { body: { success: true, project: { ...paidNow, downloadLink: null, photoCount: 4 } } } });
    const dialog = await openDialog(user);
    await fillCard(user, dialog, '4242424242424242');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $95.50' }));
    const success = await screen.findByRole('dialog', { name: 'Payment Successful!' });
    expect(within(success).getByRole('link', { name: 'Download Photos' })).toHaveAttribute('href', `/projects/${paidNow.id}`);
    expect(success).toHaveTextContent('Your photos are ready to download.');
  });

  it("a declined card shows 'Payment Failed' in the dialog; the form stays usable and the card stays Unpaid", async () => {
    const user = userEvent.setup({ delay: null });
    const { spy } = server();
    const dialog = await openDialog(user);
    await fillCard(user, dialog, '4000 0000 0000 0002');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $95.50' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Payment Failed');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(bodyOf(spy, EMULATOR)).toEqual({ payment_method: 'pm_card_chargeDeclined' });
    expect(callsTo(spy, CONFIRM)).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Pay $95.50' })).toBeEnabled();

    // try again with the good card
    const number = within(dialog).getByLabelText('Card number');
    await user.clear(number);
    await user.type(number, '4242424242424242');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $95.50' }));
    expect(await screen.findByRole('dialog', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(bodyOf(spy, EMULATOR, 1)).toEqual({ payment_method: 'pm_card_visa' });
  });

  it('checks the test card before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    const { spy } = server();
    const dialog = await openDialog(user);
    const q = within(dialog);
    await user.click(await q.findByRole('button', { name: 'Pay $95.50' }));
    expect(q.getByText('Card number is required')).toBeInTheDocument();
    expect(q.getByLabelText('Card number')).toHaveFocus();

    await fillCard(user, dialog, '5555 5555 5555 4444', '01/20', '12');
    await user.click(q.getByRole('button', { name: 'Pay $95.50' }));
    expect(q.getByText('Use a test card number')).toBeInTheDocument();
    expect(q.getByText('Use a future expiry date')).toBeInTheDocument();
    expect(q.getByText('CVC must be 3 or 4 digits')).toBeInTheDocument();
    expect(q.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(spy, EMULATOR)).toHaveLength(0);

    // the number is grouped as typed and the messages follow the corrections
    const number = q.getByLabelText('Card number');
    await user.clear(number);
    await user.type(number, '4242424242424242');
    expect(number).toHaveValue('4242 4242 4242 4242');
    expect(q.queryByText('Use a test card number')).not.toBeInTheDocument();
  });

  it("another status shows 'Payment Processing' with the status", async () => {
    const user = userEvent.setup({ delay: null });
    const { spy } = server({ [EMULATOR]: { body: emulatedIntent('processing') } });
    const dialog = await openDialog(user);
    await fillCard(user, dialog, '4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $95.50' }));
    const status = await within(dialog).findByText('Payment Processing');
    expect(status.closest('[role="status"]')).toHaveTextContent('processing');
    expect(callsTo(spy, CONFIRM)).toHaveLength(0);
  });

  it("no result at all shows 'Payment Status Unknown'", async () => {
    const user = userEvent.setup({ delay: null });
    server({ [EMULATOR]: { status: 200 } });
    const dialog = await openDialog(user);
    await fillCard(user, dialog, '4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $95.50' }));
    expect(await within(dialog).findByText('Payment Status Unknown')).toBeInTheDocument();
  });

  it("an unexpected failure shows 'Something went wrong. Please try again.'", async () => {
    const user = userEvent.setup({ delay: null });
    server({
      [EMULATOR]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const dialog = await openDialog(user);
    await fillCard(user, dialog, '4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $95.50' }));
    expect(await within(dialog).findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pay $95.50' })).toBeEnabled();
  });

  it("shows 'Processing...' while the payment is confirmed", async () => {
    const user = userEvent.setup({ delay: null });
    let release: () => void = () => {};
    server({
      [EMULATOR]: () =>
        new Promise((resolve) => {
          release = () => resolve({ body: emulatedIntent('processing') });
        }),
    });
    const dialog = await openDialog(user);
    await fillCard(user, dialog, '4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $95.50' }));
    expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
    release();
    expect(await within(dialog).findByRole('button', { name: 'Pay $95.50' })).toBeEnabled();
  });

  it("confirm-payment failing toasts 'Payment Confirmation Failed'", async () => {
    const user = userEvent.setup({ delay: null });
    server({ [CONFIRM]: { status: 400, body: { statusCode: 400, message: 'The payment has not succeeded' } } });
    const dialog = await openDialog(user);
    await fillCard(user, dialog, '4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $95.50' }));
    expect(await screen.findByText('Payment Confirmation Failed')).toBeInTheDocument();
    expect(screen.getAllByText('Payment processed but failed to update project. Please contact support.').length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog', { name: 'Payment Successful!' })).not.toBeInTheDocument();
    // the card is not charged twice: the form is gone, only Close remains
    expect(within(dialog).queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("nothing due on an unpaid project: 'No Payment Due', mark-project-as-paid with no body, list refreshed", async () => {
    const user = userEvent.setup({ delay: null });
    let marked = false;
    const { spy } = server({
      [LIST]: () => ({ body: [marked ? paidNow : unpaid] }),
      [BALANCE]: { body: { unpaidAmount: 0 } },
      [MARK_PAID]: () => {
        marked = true;
        return { body: paidNow };
      },
    });
    const card = await screen.findByRole('article', { name: '5 Maple Street' });
    await user.click(within(card).getByRole('button', { name: 'Pay with Card' }));

    expect(await screen.findByText('No Payment Due')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByText('Paid')).toBeInTheDocument());
    const [call] = callsTo(spy, MARK_PAID);
    expect(call?.[1]?.body).toBeUndefined();
    expect(callsTo(spy, INTENT)).toHaveLength(0);
    expect(callsTo(spy, LIST).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("marking paid failing toasts 'Error'", async () => {
    const user = userEvent.setup({ delay: null });
    server({
      [BALANCE]: { body: { unpaidAmount: 0 } },
      [MARK_PAID]: { status: 400, body: { statusCode: 400, message: 'Something is still unpaid' } },
    });
    const card = await screen.findByRole('article', { name: '5 Maple Street' });
    await user.click(within(card).getByRole('button', { name: 'Pay with Card' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Something is still unpaid');
    expect(within(card).getByText('Unpaid')).toBeInTheDocument();
  });

  it("a failed balance check toasts 'Error Checking Payment Status' and opens nothing", async () => {
    const user = userEvent.setup({ delay: null });
    const { spy } = server({ [BALANCE]: { status: 500, body: { statusCode: 500, message: 'Database unavailable' } } });
    const card = await screen.findByRole('article', { name: '5 Maple Street' });
    await user.click(within(card).getByRole('button', { name: 'Pay with Card' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error Checking Payment Status');
    expect(callsTo(spy, INTENT)).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Pay with Card' })).toBeEnabled();
  });

  it("a failed intent toasts 'Payment Initialization Failed' with the server's message", async () => {
    const user = userEvent.setup({ delay: null });
    server({ [INTENT]: { status: 400, body: { statusCode: 400, message: 'No payment is due for this project' } } });
    const card = await screen.findByRole('article', { name: '5 Maple Street' });
    await user.click(within(card).getByRole('button', { name: 'Pay with Card' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Payment Initialization Failed');
    expect(toast).toHaveTextContent('No payment is due for this project');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("a failed intent without a message uses 'Failed to initialize payment. Please try again.'", async () => {
    const user = userEvent.setup({ delay: null });
    server({
      [INTENT]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const card = await screen.findByRole('article', { name: '5 Maple Street' });
    await user.click(within(card).getByRole('button', { name: 'Pay with Card' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Payment Initialization Failed');
    expect(toast).toHaveTextContent('Failed to initialize payment. Please try again.');
  });
});

describe('Deposits (CONTRACT §11)', () => {
  const withDeposit = project({ id: 2, name: '5 Maple Street', price: 250, unpaidAmount: 250, depositAmount: 100, depositDue: 100 });
  const depositPaid: Project = { ...withDeposit, amountPaid: 100, unpaidAmount: 150, depositDue: null };
  const allPaid: Project = { ...depositPaid, isPaid: true, amountPaid: 250, unpaidAmount: 0 };

  it("'Pay Deposit $100.00' pays the deposit; the card then reads 'Pay Balance $150.00' with the amount due", async () => {
    const user = userEvent.setup({ delay: null });
    let paid = false;
    const { spy } = server({
      [LIST]: () => ({ body: [paid ? depositPaid : withDeposit] }),
      [BALANCE]: { body: { unpaidAmount: 250, depositDue: 100 } },
      [INTENT]: { body: { clientSecret: 'pi_123_secret_abc', amount: 100, paymentIntentId: 'pi_123', part: 'deposit' } },
      [EMULATOR]: { body: emulatedIntent('succeeded', { amount: 10000 }) },
      [CONFIRM]: () => {
        paid = true;
        return { body: { success: true, project: depositPaid } };
      },
    });
    const card = await screen.findByRole('article', { name: '5 Maple Street' });
    expect(within(card).queryByRole('button', { name: 'Pay with Card' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Pay Deposit $100.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    expect(bodyOf(spy, INTENT)).toEqual({ projectId: 2, part: 'deposit' });
    expect(within(dialog).getByText('Deposit due')).toBeInTheDocument();
    await fillCard(user, dialog, '4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $100.00' }));

    const success = await screen.findByRole('dialog', { name: 'Payment Successful!' });
    expect(success).toHaveTextContent('The balance of $150.00 is due before your photos can be downloaded.');
    expect(within(success).getByRole('button', { name: 'Download Photos' })).toBeDisabled();
    await user.click(within(success).getByRole('button', { name: 'Return to Dashboard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const after = screen.getByRole('article', { name: '5 Maple Street' });
    expect(await within(after).findByRole('button', { name: 'Pay Balance $150.00' })).toBeInTheDocument();
    expect(within(after).getByText('Amount due')).toBeInTheDocument();
    expect(within(after).getByText('Unpaid')).toBeInTheDocument();
  });

  it("'Pay Balance $150.00' asks for the balance", async () => {
    const user = userEvent.setup({ delay: null });
    const { spy } = server({
      [LIST]: () => ({ body: [depositPaid] }),
      [BALANCE]: { body: { unpaidAmount: 150, depositDue: null } },
      [INTENT]: { body: { clientSecret: 'pi_123_secret_abc', amount: 150, paymentIntentId: 'pi_123', part: 'balance' } },
      [CONFIRM]: { body: { success: true, project: allPaid } },
    });
    const card = await screen.findByRole('article', { name: '5 Maple Street' });
    await user.click(within(card).getByRole('button', { name: 'Pay Balance $150.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    expect(bodyOf(spy, INTENT)).toEqual({ projectId: 2, part: 'balance' });
    expect(within(dialog).getByText('Amount due')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pay $150.00' })).toBeInTheDocument();
  });
});
