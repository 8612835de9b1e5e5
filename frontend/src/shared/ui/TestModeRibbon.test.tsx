import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithApp } from '../../test/utils';
import { TestModeRibbon } from './TestModeRibbon';

const config = (paymentMode: 'emulator' | 'stripe') => ({
  'GET /api/public-config': {
    body: { bookingUrl: null, paymentMode, stripePublishableKey: paymentMode === 'stripe' ? 'pk_test_x' : null },
  },
});

describe("the 'Test mode' ribbon (CONTRACT §8)", () => {
  it('shows while the payment emulator runs, fixed along the top and letting clicks through', async () => {
    mockFetch(config('emulator'));
    renderWithApp(<TestModeRibbon />);
    const note = await screen.findByRole('note', { name: 'Test mode: payments go through the payment emulator, no card is charged' });
    expect(note).toHaveTextContent('Test mode');
    expect(note).toHaveStyle({ position: 'fixed', pointerEvents: 'none' });
  });

  it('shows nothing with real Stripe, nor when the server cannot be asked', async () => {
    const spy = mockFetch(config('stripe'));
    const { unmount } = renderWithApp(<TestModeRibbon />);
    await waitFor(() => expect(spy).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    unmount();

    const failing = mockFetch({ 'GET /api/public-config': { status: 500, statusText: 'Internal Server Error' } });
    renderWithApp(<TestModeRibbon />);
    await waitFor(() => expect(failing).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
