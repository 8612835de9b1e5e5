import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, renderInAdmin } from '../projects/test-helpers';
import { fakeApi } from '../shared/testing';
import { refundsMethods } from './refundsApi';
import RefundDialog, { amountProblem } from './RefundDialog';
import type { Payment } from './types';

const payment = (over: Partial<Payment> = {}): Payment => ({
  id: 12,
  projectId: 4,
  projectName: 'Harbour Lane listing',
  bundleId: null,
  bundleName: null,
  clientId: 7,
  clientName: 'Ann Lee',
  amount: 200,
  refundedAmount: 50.25,
  paymentDate: '2026-11-21T15:04:00.000Z',
  stripePaymentId: 'pi_1',
  status: 'partially_refunded',
  note: null,
  method: 'Stripe',
  receiptNumber: 'R-000012',
  ...over,
});

const earlier = {
  id: 1,
  paymentId: 12,
  amount: 50.25,
  reason: 'Two photos missing',
  status: 'succeeded' as const,
  providerRefundId: 're_1',
  createdAt: '2026-11-22T10:00:00.000Z',
};

function setup(p: Payment, fakes: Parameters<typeof fakeApi<typeof refundsMethods>>[1] = {}) {
  const api = fakeApi(refundsMethods, { listRefunds: vi.fn(async () => ({ data: [earlier] })), ...fakes });
  const onClose = vi.fn();
  renderInAdmin(<RefundDialog payment={p} onClose={onClose} />, fakeDataProvider({ payments: [] }), { resource: 'payments' });
  return { api, onClose, user: userEvent.setup() };
}

describe('RefundDialog', { timeout: 30_000 }, () => {
  it('asks the amount, prefilled with the refundable rest, and a reason, and lists the refunds made', async () => {
    const { api, onClose, user } = setup(payment(), {
      refundPayment: vi.fn(async () => ({ data: { ...earlier, id: 2, amount: 20, reason: 'Late delivery' } })),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Refund Payment' });
    expect(within(dialog).getByTestId('refundable')).toHaveTextContent('$149.75');
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' });
    expect(amount).toHaveValue('149.75');
    const list = await within(dialog).findByRole('list', { name: 'Refunds' });
    expect(within(list).getByText('Two photos missing')).toBeInTheDocument();
    expect(within(list).getByText('$50.25')).toBeInTheDocument();
    expect(api.listRefunds).toHaveBeenCalledWith(12);

    // The reason is required: nothing is sent without it.
    await user.click(within(dialog).getByRole('button', { name: 'Refund $149.75' }));
    expect(within(dialog).getByText('Reason is required')).toBeInTheDocument();
    expect(api.refundPayment).not.toHaveBeenCalled();

    await user.clear(amount);
    await user.type(amount, '20');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Late delivery');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $20.00' }));
    await waitFor(() => expect(api.refundPayment).toHaveBeenCalledWith(12, { amount: 20, reason: 'Late delivery' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("shows the server's refusal in the dialog and under the amount, and stays open", async () => {
    const refusal = new HttpError('The refund cannot be more than the $149.75 still refundable', 400, {
      message: 'The refund cannot be more than the $149.75 still refundable',
      code: 'PAYMENTS.REFUND_ABOVE_REFUNDABLE',
      errors: { amount: 'The refund cannot be more than the $149.75 still refundable' },
    });
    const failed = new HttpError('The card provider could not refund this payment (expired or canceled card). Nothing was refunded.', 400, {
      message: 'The card provider could not refund this payment (expired or canceled card). Nothing was refunded.',
      code: 'PAYMENTS.REFUND_FAILED',
    });
    const refundPayment = vi.fn().mockRejectedValueOnce(refusal).mockRejectedValueOnce(failed);
    const { onClose, user } = setup(payment({ refundedAmount: 0, status: 'completed' }), { refundPayment });
    const dialog = await screen.findByRole('dialog', { name: 'Refund Payment' });
    expect(within(dialog).queryByRole('list', { name: 'Refunds' })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $200.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The refund cannot be more than the $149.75 still refundable');
    expect(within(dialog).getByRole('textbox', { name: 'Amount' })).toHaveAccessibleDescription(
      'The refund cannot be more than the $149.75 still refundable',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Refund $200.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The card provider could not refund this payment');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('checks the amount before sending: above 0, at most 2 decimals, not above what is refundable', () => {
    expect(amountProblem('', 10)).toBe('Amount is required');
    expect(amountProblem('0', 10)).toBe('Refund amount must be more than 0');
    expect(amountProblem('1.234', 10)).toBe('Amount must be an amount in dollars with at most 2 decimals');
    expect(amountProblem('-1', 10)).toBe('Amount must be an amount in dollars with at most 2 decimals');
    expect(amountProblem('10.01', 10)).toBe('The refund cannot be more than the $10.00 still refundable');
    expect(amountProblem('10', 10)).toBeUndefined();
    expect(amountProblem('0.01', 10)).toBeUndefined();
  });

  it('shows only the refunds of a payment refunded in full', async () => {
    setup(payment({ refundedAmount: 200, status: 'refunded' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refunds' });
    expect(await within(dialog).findByText('Two photos missing')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Amount' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
