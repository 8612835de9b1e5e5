import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, renderInAdmin } from '../projects/test-helpers';
import { ScheduleEditor } from './ScheduleEditor';
import { serverProblem } from './serverErrors';
import type { Installment } from './types';

const deposit: Installment = {
  id: 1,
  number: 1,
  label: 'Deposit',
  amount: 100,
  dueDate: '2026-05-01',
  paid: 0,
  remaining: 100,
  status: 'due',
};
const balance: Installment = {
  id: 2,
  number: 2,
  label: 'Balance',
  amount: 200.01,
  dueDate: '2026-06-01',
  paid: 0,
  remaining: 200.01,
  status: 'due',
};

function setup({ total = 300.01, schedule = [deposit, balance], problem = null as ReturnType<typeof serverProblem> | null } = {}) {
  const onSave = vi.fn();
  const onCancel = vi.fn();
  renderInAdmin(
    <ScheduleEditor total={total} schedule={schedule} saving={false} problem={problem} onSave={onSave} onCancel={onCancel} />,
    fakeDataProvider(),
    { resource: 'invoices' },
  );
  return { onSave, onCancel, user: userEvent.setup() };
}

const sum = () => screen.getByTestId('schedule-sum');
const save = () => screen.getByRole('button', { name: 'Save schedule' });
const amount = (n: number) => screen.getByRole('textbox', { name: `Amount of installment ${n}` });
const percent = (n: number) => screen.getByRole('textbox', { name: `Percent of installment ${n}` });

describe('schedule editor (CONTRACT §14)', { timeout: 20_000 }, () => {
  it('starts from the current schedule, adding up: green, Save on', async () => {
    setup();
    expect(amount(1)).toHaveValue('100.00');
    expect(amount(2)).toHaveValue('200.01');
    expect(screen.getByRole('textbox', { name: 'Label of installment 1' })).toHaveValue('Deposit');
    expect(screen.getByLabelText('Due date of installment 2')).toHaveValue('2026-06-01');
    expect(sum()).toHaveTextContent('Adds up to $300.01 of $300.01');
    expect(sum()).toHaveAttribute('data-exact', 'true');
    expect(save()).toBeEnabled();
  });

  it('checks the sum live: the difference in red and Save off until it is exact', async () => {
    const { user, onSave } = setup();
    await user.clear(amount(2));
    await user.type(amount(2), '150');
    expect(sum()).toHaveTextContent('Adds up to $250.00 of $300.01 ($50.01 short)');
    expect(sum()).toHaveAttribute('data-exact', 'false');
    expect(save()).toBeDisabled();
    await user.type(amount(2), '.02');
    expect(sum()).toHaveTextContent('Adds up to $250.02 of $300.01 ($49.99 short)');
    await user.clear(amount(2));
    await user.type(amount(2), '300');
    expect(sum()).toHaveTextContent('Adds up to $400.00 of $300.01 ($99.99 over)');
    expect(save()).toBeDisabled();
    await user.clear(amount(2));
    await user.type(amount(2), '200.01');
    expect(sum()).toHaveAttribute('data-exact', 'true');
    await user.click(save());
    expect(onSave).toHaveBeenCalledWith([
      { label: 'Deposit', amount: 100, dueDate: '2026-05-01' },
      { label: 'Balance', amount: 200.01, dueDate: '2026-06-01' },
    ]);
  });

  it("'Split in 3' gives three parts, the last taking the cent, due a month apart", async () => {
    const { user, onSave } = setup();
    await user.click(screen.getByRole('button', { name: 'Split in 3' }));
    const parts = within(screen.getByRole('form', { name: 'Schedule editor' })).getAllByRole('listitem');
    expect(parts).toHaveLength(3);
    expect([amount(1), amount(2), amount(3)].map((i) => (i as HTMLInputElement).value)).toEqual(['100.00', '100.00', '100.01']);
    expect(sum()).toHaveTextContent('Adds up to $300.01 of $300.01');
    await user.click(save());
    expect(onSave).toHaveBeenCalledWith([
      { label: 'Deposit', amount: 100, dueDate: '2026-05-01' },
      { label: 'Installment 2', amount: 100, dueDate: '2026-06-01' },
      { label: 'Balance', amount: 100.01, dueDate: '2026-07-01' },
    ]);
  });

  it('works in percents: each part shows its amount, the last takes the rounding, Save sends percents', async () => {
    const { user, onSave } = setup();
    await user.click(screen.getByRole('button', { name: 'Percent' }));
    expect(percent(1)).toHaveValue('33.33');
    expect(percent(2)).toHaveValue('66.67');
    expect(sum()).toHaveTextContent('Adds up to $300.01 of $300.01');
    await user.clear(percent(2));
    await user.type(percent(2), '60');
    // 33.33 % of $300.01 is $99.99, 60 % is $180.01
    expect(sum()).toHaveTextContent('Adds up to $280.00 of $300.01 (6.67% short)');
    expect(save()).toBeDisabled();
    await user.clear(percent(1));
    await user.type(percent(1), '40');
    expect(sum()).toHaveTextContent('Adds up to $300.01 of $300.01');
    // 40 % of $300.01 is $120.004: $120.00, and the last takes the rest ($180.01)
    expect(screen.getByText('= $120.00')).toBeInTheDocument();
    expect(screen.getByText('= $180.01')).toBeInTheDocument();
    await user.click(save());
    expect(onSave).toHaveBeenCalledWith([
      { label: 'Deposit', percent: 40, dueDate: '2026-05-01' },
      { label: 'Balance', percent: 60, dueDate: '2026-06-01' },
    ]);
  });

  it('gives back the typed amounts when switched to percents and back without an edit', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Percent' }));
    await user.click(screen.getByRole('button', { name: 'Amounts' }));
    expect(amount(1)).toHaveValue('100.00');
    expect(amount(2)).toHaveValue('200.01');
  });

  it('adds parts up to 12 and removes them (never the last one)', async () => {
    const { user } = setup({ total: 100, schedule: [] });
    expect(amount(1)).toHaveValue('100.00');
    expect(screen.getByRole('button', { name: 'Remove installment 1' })).toBeDisabled();
    const add = screen.getByRole('button', { name: 'Add installment' });
    for (let i = 0; i < 11; i++) fireEvent.click(add);
    expect(add).toBeDisabled();
    expect(screen.getByText('At most 12 installments')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Label of installment 12' })).toHaveValue('Installment 12');
    expect(save()).toBeDisabled(); // 11 empty parts
    await user.click(screen.getByRole('button', { name: 'Remove installment 12' }));
    expect(add).toBeEnabled();
  });

  it('says a part of $0.00 and a bad date with the server words', async () => {
    const { user } = setup();
    await user.clear(amount(1));
    await user.type(amount(1), '0');
    expect(screen.getByText('Installment amount must be more than $0.00')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Due date of installment 2'));
    expect(screen.getByText('Due date must be a date (YYYY-MM-DD)')).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it("shows the server's 400 as it came", async () => {
    const error = new HttpError('bad', 400, {
      message: 'The installments must add up to the total ($300.01): they add up to $300.00',
      errors: { '1.dueDate': 'Due date must be a date (YYYY-MM-DD)' },
    });
    setup({ problem: serverProblem(error, 'x') });
    expect(screen.getByRole('alert')).toHaveTextContent('The installments must add up to the total ($300.01): they add up to $300.00');
    // the per-field message under its field too
    const second = screen.getByRole('listitem', { name: 'Installment 2' });
    expect(within(second).getAllByText('Due date must be a date (YYYY-MM-DD)').length).toBeGreaterThan(0);
  });
});
