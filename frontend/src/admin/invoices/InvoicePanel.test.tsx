import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, renderInAdmin } from '../projects/test-helpers';
import { fakeApi } from '../shared/testing';
import { invoicesMethods } from './dataProvider';
import { invoiceDetail } from './fixtures';
import { InvoicePanel, reminderText } from './InvoicePanel';
import type { InvoiceDetail, SchedulePart } from './types';

function setup(detail: InvoiceDetail = invoiceDetail(), fakes: Parameters<typeof fakeApi<typeof invoicesMethods>>[1] = {}) {
  const api = fakeApi(invoicesMethods, { getInvoice: vi.fn(async () => ({ data: detail })), ...fakes });
  const onClose = vi.fn();
  renderInAdmin(<InvoicePanel invoiceId={detail.id} summary={null} onClose={onClose} />, fakeDataProvider(), { resource: 'invoices' });
  return { api, onClose, user: userEvent.setup() };
}

const panel = () => screen.findByRole('dialog', { name: 'Invoice' });
const section = async (name: string) => within(await panel()).findByRole('region', { name });

describe('invoice panel (CONTRACT §14)', { timeout: 30_000 }, () => {
  it('shows the lines, the totals, the schedule, payments and reminders sent', async () => {
    setup();
    const dialog = await panel();
    expect(await within(dialog).findByRole('heading', { name: 'INV-000012' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Jane Client · Smith wedding');

    const lines = await section('Lines');
    // the service line is read-only, the custom line editable
    expect(within(lines).getByRole('list', { name: 'Service lines' })).toHaveTextContent('Wedding package');
    expect(within(lines).getByRole('list', { name: 'Service lines' })).toHaveTextContent('Qty: 1 × $900.00');
    // the project's own price follows the project too
    expect(within(lines).getByRole('list', { name: 'Service lines' })).toHaveTextContent('Session fee');
    expect(within(lines).queryByRole('textbox', { name: 'Description of custom line 2' })).toBeNull();
    expect(within(lines).getByRole('textbox', { name: 'Description of custom line 1' })).toHaveValue('Extra prints');
    expect(within(lines).getByRole('textbox', { name: 'Qty of custom line 1' })).toHaveValue('4');
    expect(within(lines).getByRole('textbox', { name: 'Unit price of custom line 1' })).toHaveValue('25.00');
    expect(within(lines).getByRole('button', { name: 'Percent' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(lines).getByRole('textbox', { name: 'Discount' })).toHaveValue('10');

    expect(screen.getByTestId('invoice-subtotal')).toHaveTextContent('$1,000.00');
    expect(screen.getByTestId('invoice-discount')).toHaveTextContent('Discount (10%)−$100.00');
    expect(screen.getByTestId('invoice-tax')).toHaveTextContent('Tax (Sales tax 8.875%)$79.88');
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('$979.88');
    expect(screen.getByTestId('invoice-paid')).toHaveTextContent('$300.00');
    expect(screen.getByTestId('invoice-due')).toHaveTextContent('$679.88');

    const schedule = await section('Schedule');
    const parts = within(schedule).getAllByRole('listitem');
    expect(parts[0]).toHaveTextContent('1. Deposit');
    expect(parts[0]).toHaveTextContent('Due Mar 5, 2026');
    expect(parts[0]).toHaveTextContent('Paid');
    expect(parts[1]).toHaveTextContent('2. Balance');
    expect(parts[1]).toHaveTextContent('$679.88');
    expect(parts[1]).toHaveTextContent('Overdue');

    const payments = await section('Payments');
    const posted = within(payments).getAllByRole('listitem');
    expect(posted[0]).toHaveTextContent('Payment · Card');
    expect(posted[0]).toHaveTextContent('$300.00');
    expect(posted[1]).toHaveTextContent('Refund · Card');
    expect(posted[1]).toHaveTextContent('−$20.00');

    const reminders = await section('Reminders sent');
    const sent = within(reminders).getAllByRole('listitem');
    expect(sent[0]).toHaveTextContent('Payment due in 3 days');
    expect(sent[0]).toHaveTextContent('2. Balance');
    expect(sent[1]).toHaveTextContent('7 days overdue');

    expect(within(dialog).getByRole('link', { name: 'PDF of invoice INV-000012' })).toHaveAttribute('href', '/api/invoices/12/pdf');
  });

  it('shows no tax row for a studio without tax', async () => {
    setup(invoiceDetail({ tax: 0, taxRate: '0.000', taxName: 'Sales tax' }));
    await section('Lines');
    expect(screen.queryByTestId('invoice-tax')).toBeNull();
    expect(screen.getByTestId('invoice-total')).toBeInTheDocument();
  });

  it('words reminders as CONTRACT §14 does', () => {
    expect(reminderText(-3)).toBe('Payment due in 3 days');
    expect(reminderText(-1)).toBe('Payment due in 1 day');
    expect(reminderText(0)).toBe('Payment due today');
    expect(reminderText(7)).toBe('7 days overdue');
  });

  it('edits the schedule into 3 parts and saves it with PUT', async () => {
    const saved = invoiceDetail({
      schedule: [
        { id: 41, number: 1, label: 'Deposit', amount: 326.62, dueDate: '2026-03-05', paid: 300, remaining: 26.62, status: 'overdue' },
        { id: 42, number: 2, label: 'Installment 2', amount: 326.62, dueDate: '2026-04-05', paid: 0, remaining: 326.62, status: 'due' },
        { id: 43, number: 3, label: 'Balance', amount: 326.64, dueDate: '2026-05-05', paid: 0, remaining: 326.64, status: 'due' },
      ],
    });
    const saveSchedule = vi.fn(async (_id: unknown, _parts: SchedulePart[]) => ({ data: saved }));
    const { user } = setup(invoiceDetail(), { saveSchedule });
    const schedule = await section('Schedule');
    await user.click(within(schedule).getByRole('button', { name: 'Edit schedule' }));
    await user.click(within(schedule).getByRole('button', { name: 'Split in 3' }));
    expect(within(schedule).getByTestId('schedule-sum')).toHaveTextContent('Adds up to $979.88 of $979.88');
    await user.click(within(schedule).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(saveSchedule).toHaveBeenCalledTimes(1));
    expect(saveSchedule.mock.calls[0]![0]).toBe(12);
    expect(saveSchedule.mock.calls[0]![1]).toEqual([
      { label: 'Deposit', amount: 326.62, dueDate: '2026-03-05' },
      { label: 'Installment 2', amount: 326.62, dueDate: '2026-04-05' },
      { label: 'Balance', amount: 326.64, dueDate: '2026-05-05' },
    ]);
    // back to the saved schedule
    await waitFor(() => expect(within(schedule).getAllByRole('listitem')).toHaveLength(3));
    expect(within(schedule).getAllByRole('listitem')[1]).toHaveTextContent('2. Installment 2');
    expect(await screen.findByText('Schedule saved')).toBeInTheDocument();
  });

  it("keeps the editor open with the server's 400 message when the schedule is refused", async () => {
    const saveSchedule = vi.fn(async () => {
      throw new HttpError('At most 12 installments', 400, { statusCode: 400, message: 'At most 12 installments' });
    });
    const { user } = setup(invoiceDetail(), { saveSchedule });
    const schedule = await section('Schedule');
    await user.click(within(schedule).getByRole('button', { name: 'Edit schedule' }));
    await user.click(within(schedule).getByRole('button', { name: 'Save schedule' }));
    expect(await within(schedule).findByRole('alert')).toHaveTextContent('At most 12 installments');
    expect(within(schedule).getByRole('button', { name: 'Save schedule' })).toBeInTheDocument();
  });

  it("sends the invoice: 'Invoice sent'", async () => {
    let sentAt: string | null = null;
    const sendInvoice = vi.fn(async () => ({ data: { sentAt: (sentAt = '2026-04-10T08:00:00.000Z') } }));
    // the server's invoice, sent or not
    const getInvoice = vi.fn(async () => ({ data: invoiceDetail({ sentAt }) }));
    const { user } = setup(invoiceDetail(), { sendInvoice, getInvoice });
    const dialog = await panel();
    await within(dialog).findByRole('region', { name: 'Lines' });
    await user.click(within(dialog).getByRole('button', { name: 'Send invoice' }));
    expect(sendInvoice).toHaveBeenCalledWith(12);
    expect(await screen.findByText('Invoice sent')).toBeInTheDocument();
    expect(await within(dialog).findByText(/Sent Apr 10, 2026/)).toBeInTheDocument();
  });

  it('saves custom lines and the discount with PATCH, and shows a refusal as it came', async () => {
    const updateInvoice = vi
      .fn()
      .mockRejectedValueOnce(
        new HttpError('Discount must be at most the subtotal ($1,025.00)', 400, {
          message: 'Discount must be at most the subtotal ($1,025.00)',
          errors: { discount: 'Discount must be at most the subtotal ($1,025.00)' },
        }),
      )
      .mockResolvedValueOnce({ data: invoiceDetail({ subtotal: 1025 }) });
    const { user } = setup(invoiceDetail(), { updateInvoice });
    const lines = await section('Lines');
    const save = within(lines).getByRole('button', { name: 'Save lines' });
    expect(save).toBeDisabled();
    await user.click(within(lines).getByRole('button', { name: 'Add line' }));
    await user.type(within(lines).getByRole('textbox', { name: 'Description of custom line 2' }), 'Album');
    await user.type(within(lines).getByRole('textbox', { name: 'Unit price of custom line 2' }), '25');
    await user.click(within(lines).getByRole('button', { name: 'Amount' }));
    await user.clear(within(lines).getByRole('textbox', { name: 'Discount' }));
    await user.type(within(lines).getByRole('textbox', { name: 'Discount' }), '2000');
    await user.click(save);
    expect(updateInvoice).toHaveBeenCalledWith(12, {
      customLines: [
        { description: 'Extra prints', quantity: 4, unitPrice: 25 },
        { description: 'Album', quantity: 1, unitPrice: 25 },
      ],
      discount: { kind: 'amount', value: 2000 },
    });
    expect(await within(lines).findByRole('alert')).toHaveTextContent('Discount must be at most the subtotal ($1,025.00)');

    await user.clear(within(lines).getByRole('textbox', { name: 'Discount' }));
    await user.type(within(lines).getByRole('textbox', { name: 'Discount' }), '50');
    await user.click(within(lines).getByRole('button', { name: 'Remove custom line 1' }));
    await user.click(save);
    expect(updateInvoice).toHaveBeenLastCalledWith(12, {
      customLines: [{ description: 'Album', quantity: 1, unitPrice: 25 }],
      discount: { kind: 'amount', value: 50 },
    });
    await waitFor(() => expect(screen.getByTestId('invoice-subtotal')).toHaveTextContent('$1,025.00'));
    expect(await screen.findByText('Invoice saved')).toBeInTheDocument();
  });

  it('will not send a quantity under 1', async () => {
    const { user } = setup();
    const lines = await section('Lines');
    await user.clear(within(lines).getByRole('textbox', { name: 'Qty of custom line 1' }));
    await user.type(within(lines).getByRole('textbox', { name: 'Qty of custom line 1' }), '0');
    expect(within(lines).getByText('Quantity must be at least 1')).toBeInTheDocument();
    expect(within(lines).getByRole('button', { name: 'Save lines' })).toBeDisabled();
  });
});
