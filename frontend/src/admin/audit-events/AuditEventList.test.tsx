import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '../../shared/api/schema';
import { fakeDataProvider, renderInAdmin } from '../projects/test-helpers';
import { fakeApi } from '../shared/testing';
import { ACTION_LABELS } from './actions';
import { AuditEventList } from './AuditEventList';
import { auditEventsMethods } from './dataProvider';

const events: AuditEvent[] = [
  {
    id: 12,
    at: '2026-03-09T12:00:00.000Z',
    actorId: 1,
    actorEmail: 'owner@studio.test',
    action: 'project.created',
    targetType: 'project',
    targetId: '7',
    summary: 'Created project "Wedding" for Ana Lee ($1,200.00)',
    ip: '203.0.113.9',
    via: 'token:3 Accounting sync',
  },
  {
    id: 11,
    at: '2026-03-08T09:30:00.000Z',
    actorId: null,
    actorEmail: null,
    action: 'payment.recorded',
    targetType: 'project',
    targetId: '7',
    summary: 'Card payment of $80.00 for project "Portraits" (pi_1)',
    ip: null,
    via: null,
  },
];

function setup() {
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
    timeZone: 'Europe/Paris',
  } as Intl.ResolvedDateTimeFormatOptions);
  const dp = fakeDataProvider({ 'audit-events': events });
  // the page's own call (not the dataProvider's)
  const api = fakeApi(auditEventsMethods, {
    exportAuditEventsCsv: vi.fn(async () => ({ data: { filename: 'activity-log.csv', size: 10 } })),
  });
  renderInAdmin(<AuditEventList />, dp, { resource: 'audit-events' });
  return { dp, api, user: userEvent.setup() };
}

type Dp = ReturnType<typeof setup>['dp'];
const lastList = (dp: Dp) =>
  dp.getList.mock.calls.filter(([resource]) => resource === 'audit-events').at(-1)?.[1] as
    { filter: Record<string, unknown>; sort: object; pagination: object } | undefined;

describe('Activity Log page', { timeout: 30_000 }, () => {
  it('lists the events newest first, 25 a page, with actor, action, summary, target and address, and nothing to edit', async () => {
    const { dp } = setup();
    expect(await screen.findByRole('heading', { name: 'Activity Log', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    await waitFor(() =>
      expect(lastList(dp)).toMatchObject({
        sort: { field: 'at', order: 'DESC' },
        pagination: { page: 1, perPage: 25 },
        filter: { tz: 'Europe/Paris' },
      }),
    );
    const table = await screen.findByRole('table', { name: 'Activity' });
    const headers = within(table)
      .getAllByRole('columnheader', { hidden: true })
      .map((h) => h.textContent);
    expect(headers).toEqual(['Date', 'Actor', 'Action', 'Summary', 'Target', 'IP Address']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('owner@studio.test')).toBeInTheDocument();
    // an API token acted for the photographer: the log says which (CONTRACT §12)
    expect(within(rows[0]).getByText('via API token "Accounting sync"')).toBeInTheDocument();
    expect(within(rows[1]).queryByText(/via API token/)).not.toBeInTheDocument();
    expect(within(rows[0]).getByText('Project created')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Created project "Wedding" for Ana Lee ($1,200.00)')).toBeInTheDocument();
    // target and address: hidden on phones (jsdom reads the phone layout), in the CSV there
    expect(within(rows[0]).getByText('project #7')).toBeInTheDocument();
    expect(within(rows[0]).getByText('203.0.113.9')).toBeInTheDocument();
    // no actor: the system or the card provider's webhook
    expect(within(rows[1]).getByText('System')).toBeInTheDocument();
    // read-only: no create, edit or delete
    expect(screen.queryByRole('button', { name: /create|delete|edit/i })).not.toBeInTheDocument();
    expect(dp.update).not.toHaveBeenCalled();
    expect(dp.delete).not.toHaveBeenCalled();
  });

  it('filters by text and by action, on the server', async () => {
    const { dp, user } = setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Search the activity log' }, { timeout: 20_000 }), 'wedding');
    await waitFor(() => expect(lastList(dp)?.filter).toMatchObject({ q: 'wedding', tz: 'Europe/Paris' }), { timeout: 5000 });

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: ACTION_LABELS['credits.adjusted'] }));
    await waitFor(() => expect(lastList(dp)?.filter).toMatchObject({ q: 'wedding', action: 'credits.adjusted' }), { timeout: 5000 });
  });

  it("shows only an actor's events after a click on the actor, until the chip is removed", async () => {
    const { dp, user } = setup();
    const table = await screen.findByRole('table', { name: 'Activity' }, { timeout: 20_000 });
    await user.click(within(table).getByRole('button', { name: 'owner@studio.test' }));
    await waitFor(() => expect(lastList(dp)?.filter).toMatchObject({ actorId: 1 }));
    expect(await screen.findByText('Actor: owner@studio.test')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Show every actor'));
    await waitFor(() => expect(lastList(dp)?.filter).not.toHaveProperty('actorId'));
  });

  it('filters by day, the To day included, in the browser time zone', async () => {
    const { dp } = setup();
    const from = await screen.findByLabelText('From', {}, { timeout: 20_000 });
    fireEvent.change(from, { target: { value: '2026-03-01' } });
    await waitFor(() => expect(lastList(dp)?.filter).toMatchObject({ from: '2026-03-01' }));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-09' } });
    await waitFor(() => expect(lastList(dp)?.filter).toMatchObject({ from: '2026-03-01', to: '2026-03-09', tz: 'Europe/Paris' }));
  });

  it('sorts by date when its header is clicked', async () => {
    const { dp, user } = setup();
    const table = await screen.findByRole('table', { name: 'Activity' }, { timeout: 20_000 });
    await user.click(within(table).getByRole('button', { name: /Date/ }));
    await waitFor(() => expect(lastList(dp)?.sort).toEqual({ field: 'at', order: 'ASC' }));
  });

  it('exports the filtered events through the backend CSV', async () => {
    const { dp, api, user } = setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Search the activity log' }, { timeout: 20_000 }), 'ana');
    await waitFor(() => expect(lastList(dp)?.filter).toMatchObject({ q: 'ana' }), { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() =>
      expect(api.exportAuditEventsCsv).toHaveBeenCalledWith(
        expect.objectContaining({ q: 'ana', tz: 'Europe/Paris' }),
        expect.objectContaining({ field: 'at', order: 'DESC' }),
      ),
    );
  });
});
