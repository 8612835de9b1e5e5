import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../../shared/api/queryClient';
import type { Project } from '../../../../shared/api/schema';
import { bodyOf, callsTo, mockFetch, renderWithApp } from '../../../../test/utils';
import { PUBLIC_CONFIG_KEY } from '../../booking/api';
import { project } from '../../projects/fixtures';
import type { PaymentSession } from '../hooks';
import { PaymentDialog } from './PaymentDialog';

// Stripe.js cannot load here (it never settles in jsdom): both packages are replaced.
const stripeMocks = vi.hoisted(() => {
  const card = { elementType: 'card' };
  const stripe = { confirmCardPayment: vi.fn() };
  return { card, stripe, loadStripe: vi.fn(), getElement: vi.fn() };
});

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripeMocks.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ stripe, children }: { stripe: unknown; children: ReactNode }) => (
    <div data-testid="stripe-elements" data-has-stripe={String(Boolean(stripe))}>
      {children}
    </div>
  ),
  CardElement: () => <div data-testid="card-element" />,
  useStripe: () => stripeMocks.stripe,
  useElements: () => ({ getElement: stripeMocks.getElement }),
}));

const unpaid = project({ id: 2, name: '5 Maple Street', price: 95.5, unpaidAmount: 95.5 });
const paidNow: Project = { ...unpaid, isPaid: true, unpaidAmount: 0, amountPaid: 95.5, downloadLink: 'https://files.example.com/maple' };
const session: PaymentSession = {
  project: unpaid,
  part: 'balance',
  clientSecret: 'pi_live1_secret_zzz',
  paymentIntentId: 'pi_live1',
  amount: 95.5,
};

let keyCounter = 0;

function renderStripeDialog(config: { paymentMode: string; stripePublishableKey: string | null }) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(PUBLIC_CONFIG_KEY, { bookingUrl: null, ...config });
  const onPaid = vi.fn();
  const spy = mockFetch({ 'POST /api/confirm-payment': { body: { success: true, project: paidNow } } });
  renderWithApp(<PaymentDialog session={session} open onClose={() => {}} onPaid={onPaid} />, { queryClient });
  return { onPaid, spy };
}

/** A fresh key per test: loaded Stripe instances are kept per key. */
const nextKey = () => `pk_test_${++keyCounter}`;

describe('PaymentDialog in Stripe mode', () => {
  beforeEach(() => {
    stripeMocks.loadStripe.mockReset();
    stripeMocks.stripe.confirmCardPayment.mockReset();
    stripeMocks.getElement.mockReset().mockReturnValue(stripeMocks.card);
  });

  it('loads Stripe.js lazily with the publishable key, then confirms the card with the client secret', async () => {
    const user = userEvent.setup({ delay: null });
    const key = nextKey();
    stripeMocks.loadStripe.mockResolvedValue(stripeMocks.stripe);
    stripeMocks.stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_live1', status: 'succeeded' } });
    const { onPaid, spy } = renderStripeDialog({ paymentMode: 'stripe', stripePublishableKey: key });

    const dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    expect(await within(dialog).findByTestId('card-element')).toBeInTheDocument();
    expect(within(dialog).getByTestId('stripe-elements')).toHaveAttribute('data-has-stripe', 'true');
    expect(stripeMocks.loadStripe).toHaveBeenCalledWith(key);
    expect(within(dialog).getByRole('group', { name: 'Card details' })).toBeInTheDocument();
    // no test-card form in Stripe mode
    expect(within(dialog).queryByLabelText('Card number')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Pay $95.50' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(paidNow));
    expect(stripeMocks.stripe.confirmCardPayment).toHaveBeenCalledWith('pi_live1_secret_zzz', {
      payment_method: { card: stripeMocks.card },
    });
    expect(bodyOf(spy, 'POST /api/confirm-payment')).toEqual({ projectId: 2, paymentIntentId: 'pi_live1' });
    expect(screen.getByText('Payment Successful')).toBeInTheDocument();
  });

  it("a Stripe error shows 'Payment Failed' with its message", async () => {
    const user = userEvent.setup({ delay: null });
    stripeMocks.loadStripe.mockResolvedValue(stripeMocks.stripe);
    stripeMocks.stripe.confirmCardPayment.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    const { onPaid, spy } = renderStripeDialog({ paymentMode: 'stripe', stripePublishableKey: nextKey() });
    const dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    await within(dialog).findByTestId('card-element');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $95.50' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Payment Failed');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(onPaid).not.toHaveBeenCalled();
    expect(callsTo(spy, 'POST /api/confirm-payment')).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Pay $95.50' })).toBeEnabled();
  });

  it("Stripe.js failing to load: 'Payment Error' asking for a refresh, and no card element", async () => {
    stripeMocks.loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    renderStripeDialog({ paymentMode: 'stripe', stripePublishableKey: nextKey() });
    const dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect(within(dialog).getByText('The payment system could not be loaded. Please refresh the page and try again.')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('stripe-elements')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  });

  it("a missing card element: 'Payment Error' and nothing is confirmed", async () => {
    const user = userEvent.setup({ delay: null });
    stripeMocks.loadStripe.mockResolvedValue(stripeMocks.stripe);
    stripeMocks.getElement.mockReturnValue(null);
    renderStripeDialog({ paymentMode: 'stripe', stripePublishableKey: nextKey() });
    const dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    await within(dialog).findByTestId('card-element');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $95.50' }));
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect(screen.getByText('The payment system could not be loaded. Please refresh the page and try again.')).toBeInTheDocument();
    expect(stripeMocks.stripe.confirmCardPayment).not.toHaveBeenCalled();
  });

  it("Stripe mode without a publishable key: 'Payment Error', Stripe.js is not loaded", async () => {
    renderStripeDialog({ paymentMode: 'stripe', stripePublishableKey: null });
    const dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect(within(dialog).getByText('The payment system could not be loaded. Please refresh the page and try again.')).toBeInTheDocument();
    expect(stripeMocks.loadStripe).not.toHaveBeenCalled();
  });

  it('emulator mode never loads Stripe.js', async () => {
    renderStripeDialog({ paymentMode: 'emulator', stripePublishableKey: null });
    const dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    expect(within(dialog).getByLabelText('Card number')).toBeInTheDocument();
    expect(stripeMocks.loadStripe).not.toHaveBeenCalled();
  });
});
