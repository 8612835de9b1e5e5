import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CreditBundle } from '../../shared/api/schema';
import { bodyOf, callsTo, client, mockFetch, renderWithApp } from '../../test/utils';
import { CreditsPage } from './CreditsPage';

const CREDITS = `GET /api/user-credits/${client.id}`;
const BUNDLES = 'GET /api/credit-bundles';
const INTENT = 'POST /api/create-credit-payment-intent';
const EMULATOR = 'POST /api/payment-emulator/payment_intents/pi_b1/confirm';
const PURCHASE = 'POST /api/purchase-credits';
const CONFIG = 'GET /api/public-config';

type Routes = Parameters<typeof mockFetch>[0];

const starter: CreditBundle = { id: 1, name: 'Starter', description: 'Try it out', creditAmount: 5, price: 50, isActive: true };
const pro: CreditBundle = { id: 2, name: 'Pro', description: '', creditAmount: 20, price: 150, isActive: true };

function renderPage(routes: Routes, route = '/credits') {
  const spy = mockFetch({
    [CONFIG]: { body: { bookingUrl: null, paymentMode: 'emulator', stripePublishableKey: null } },
    ...routes,
  });
  const view = renderWithApp(
    <Routes>
      <Route path="/credits" element={<CreditsPage />} />
    </Routes>,
    { route, user: client },
  );
  return { spy, ...view };
}

describe('Credits page', () => {
  it("shows 'Credits', the balance and the 'Available Bundles' with credits, price and price per credit", async () => {
    renderPage({
      [CREDITS]: { body: { userId: client.id, balance: 7 } },
      [BUNDLES]: { body: [starter, pro] },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Credits' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Available Bundles' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('credits-balance')).toHaveTextContent('7 credits'));
    const s = await screen.findByRole('article', { name: 'Starter' });
    expect(s).toHaveTextContent('Try it out');
    expect(s).toHaveTextContent('5 credits');
    expect(s).toHaveTextContent('$50.00');
    expect(s).toHaveTextContent('$10.00 per credit');
    const p = screen.getByRole('article', { name: 'Pro' });
    expect(p).toHaveTextContent('20 credits');
    expect(p).toHaveTextContent('$150.00');
    expect(p).toHaveTextContent('$7.50 per credit');
    expect(within(p).getByRole('button', { name: /Purchase/ })).toBeEnabled();
  });

  it("shows 'No Credit Bundles Available' when there are none", async () => {
    renderPage({ [CREDITS]: { body: { userId: client.id, balance: 0 } }, [BUNDLES]: { body: [] } });
    expect(await screen.findByRole('heading', { name: 'No Credit Bundles Available' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Purchase/ })).not.toBeInTheDocument();
  });

  it("toasts 'Failed to load credit bundles...' when the bundles cannot be loaded", async () => {
    renderPage({
      [CREDITS]: { body: { userId: client.id, balance: 0 } },
      [BUNDLES]: { status: 500, body: { statusCode: 500, message: 'boom' } },
    });
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Failed to load credit bundles...');
  });

  it("toasts 'Failed to load your credit balance...' when the balance cannot be loaded", async () => {
    renderPage({
      [CREDITS]: { status: 500, body: { statusCode: 500, message: 'boom' } },
      [BUNDLES]: { body: [starter] },
    });
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Failed to load your credit balance...');
  });

  it('purchases a bundle: credit payment intent, test card, purchase-credits, success toast, balance refreshed', async () => {
    const user = userEvent.setup({ delay: null });
    let bought = false;
    const { spy } = renderPage({
      [CREDITS]: () => ({ body: { userId: client.id, balance: bought ? 27 : 7 } }),
      [BUNDLES]: { body: [starter, pro] },
      [INTENT]: { body: { clientSecret: 'pi_b1_secret_x', amount: 150, paymentIntentId: 'pi_b1' } },
      [EMULATOR]: { body: { id: 'pi_b1', object: 'payment_intent', status: 'succeeded', amount: 15000 } },
      [PURCHASE]: () => {
        bought = true;
        return { body: { success: true, creditsAdded: 20, creditBalance: 27 } };
      },
    });
    const p = await screen.findByRole('article', { name: 'Pro' });
    await user.click(within(p).getByRole('button', { name: /Purchase/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    expect(bodyOf(spy, INTENT)).toEqual({ bundleId: 2, amount: 150 });
    const q = within(dialog);
    expect(q.getByText('Pro · 20 credits')).toBeInTheDocument();
    expect(q.getByTestId('amount-due')).toHaveTextContent('$150.00');

    await user.type(await q.findByRole('textbox', { name: 'Card number' }), '4242424242424242');
    await user.type(q.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '12/39');
    await user.type(q.getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(q.getByRole('button', { name: 'Pay $150.00' }));

    expect(await screen.findByText('Purchase Successful')).toBeInTheDocument();
    expect(screen.getByText('Your credits have been added to your account')).toBeInTheDocument();
    expect(bodyOf(spy, EMULATOR)).toEqual({ payment_method: 'pm_card_visa' });
    expect(bodyOf(spy, PURCHASE)).toEqual({ bundleId: 2, stripePaymentId: 'pi_b1' });
    expect(callsTo(spy, 'POST /api/confirm-payment')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('credits-balance')).toHaveTextContent('27 credits'));
  });

  it("a failed purchase-credits call toasts 'Purchase Failed'", async () => {
    const user = userEvent.setup({ delay: null });
    renderPage({
      [CREDITS]: { body: { userId: client.id, balance: 7 } },
      [BUNDLES]: { body: [starter] },
      [INTENT]: { body: { clientSecret: 'pi_b1_secret_x', amount: 50, paymentIntentId: 'pi_b1' } },
      [EMULATOR]: { body: { id: 'pi_b1', object: 'payment_intent', status: 'succeeded', amount: 5000 } },
      [PURCHASE]: { status: 400, body: { statusCode: 400, message: 'No completed payment was found for this bundle' } },
    });
    const s = await screen.findByRole('article', { name: 'Starter' });
    await user.click(within(s).getByRole('button', { name: /Purchase/ }));
    const q = within(await screen.findByRole('dialog', { name: 'Complete Payment' }));
    await user.type(await q.findByRole('textbox', { name: 'Card number' }), '4242424242424242');
    await user.type(q.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '12/39');
    await user.type(q.getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(q.getByRole('button', { name: 'Pay $50.00' }));
    // the toast sits outside the still-open dialog (which hides the page from role queries): found by text
    expect(await screen.findByText('Purchase Failed')).toBeInTheDocument();
    expect(screen.getByText('No completed payment was found for this bundle')).toBeInTheDocument();
    expect(within(await screen.findByRole('dialog')).getByText('Payment received')).toBeInTheDocument();
  });

  it('a return with ?success=true&bundleId=N calls purchase-credits once with the bundleId only, then clears the query', async () => {
    const { spy, location } = renderPage(
      {
        [CREDITS]: { body: { userId: client.id, balance: 12 } },
        [BUNDLES]: { body: [starter] },
        [PURCHASE]: { body: { success: true, creditsAdded: 5, creditBalance: 12 } },
      },
      '/credits?success=true&bundleId=1',
    );
    expect(await screen.findByText('Purchase Successful')).toBeInTheDocument();
    expect(callsTo(spy, PURCHASE)).toHaveLength(1);
    expect(bodyOf(spy, PURCHASE)).toEqual({ bundleId: 1 });
    await waitFor(() => expect(location()).toBe('/credits'));
    await screen.findByRole('article', { name: 'Starter' });
    expect(callsTo(spy, PURCHASE)).toHaveLength(1);
  });
});
