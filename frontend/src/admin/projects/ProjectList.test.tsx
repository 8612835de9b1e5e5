import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, type ApiFakes } from '../shared/testing';
import { projectsMethods } from './dataProvider';
import { photosMethods } from './photos/photosApi';
import { ProjectList } from './ProjectList';
import { fakeDataProvider, renderInAdmin } from './test-helpers';
import type { Project } from './types';

const line = (serviceId: number, name: string, price: number, quantity = 1) => ({
  serviceId,
  name,
  price,
  quantity,
  lineTotal: price * quantity,
});

const projects = [
  {
    id: 1,
    name: 'Smith wedding',
    clientId: 7,
    clientName: 'Jane Client',
    thumbnailUrl: null,
    downloadLink: 'https://example.com/smith',
    photoCount: 120,
    price: 1300,
    isPaid: false,
    date: '2025-01-05T15:04:00.000Z',
    creditCost: 4,
    services: [line(1, 'Full day', 1000), line(2, 'Album', 100, 2), line(3, 'Drone', 50, 2)],
  },
  {
    id: 2,
    name: 'Headshots',
    clientId: 8,
    clientName: '',
    price: 200,
    isPaid: true,
    date: '2025-02-10T10:00:00.000Z',
    creditCost: 0,
    services: [],
  },
] as Project[];

function setup(calls: ApiFakes<typeof projectsMethods> = {}, photoCalls: ApiFakes<typeof photosMethods> = {}) {
  const dp = fakeDataProvider({ projects, services: [], clients: [] });
  // the side panel's Photos section (its own calls)
  fakeApi(photosMethods, { getPhotos: vi.fn(async () => ({ data: [], total: 0 })), ...photoCalls });
  // the page's own calls (not the dataProvider's)
  const api = fakeApi(projectsMethods, {
    markProjectPaid: vi.fn(async (id: number) => ({ data: { ...projects[0], id, isPaid: true } })),
    ...calls,
  });
  renderInAdmin(<ProjectList />, dp);
  return { dp, api, user: userEvent.setup() };
}

const lastListCall = (dp: ReturnType<typeof fakeDataProvider>) =>
  dp.getList.mock.calls.filter(([resource]) => resource === 'projects').at(-1)?.[1] as
    { sort: unknown; pagination: unknown; filter: unknown } | undefined;

const lastListCallCount = (dp: ReturnType<typeof fakeDataProvider>) =>
  dp.getList.mock.calls.filter(([resource]) => resource === 'projects').length;

describe('Projects page', { timeout: 30_000 }, () => {
  it('lists projects newest first, 25 a page, with the columns of the spec', async () => {
    const { dp } = setup();
    expect(await screen.findByRole('heading', { name: 'Projects', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Projects' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Thumbnail', 'Name', 'Client', 'Price', 'Credits', 'Status', 'Services', 'Created Date', 'Actions']);
    expect(lastListCall(dp)).toMatchObject({ sort: { field: 'date', order: 'DESC' }, pagination: { page: 1, perPage: 25 } });

    const row = (await within(table).findByText('Smith wedding')).closest('tr')!;
    expect(within(row).getByText('Jane Client')).toBeInTheDocument();
    expect(within(row).getByText('$1,300.00')).toBeInTheDocument();
    expect(within(row).getByText('4')).toBeInTheDocument();
    expect(within(row).getByText('Unpaid')).toBeInTheDocument();
    expect(within(row).getByText('Full day')).toBeInTheDocument();
    expect(within(row).getByText('Album')).toBeInTheDocument();
    expect(within(row).queryByText('Drone')).not.toBeInTheDocument();
    expect(within(row).getByText('+1 more')).toBeInTheDocument();
    expect(within(row).getByText('Jan 5, 2025')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Mark as Paid' })).toBeInTheDocument();

    const paidRow = within(table).getByText('Headshots').closest('tr')!;
    expect(within(paidRow).getByText('Paid')).toBeInTheDocument();
    expect(within(paidRow).getByText('Unknown')).toBeInTheDocument();
    expect(within(paidRow).queryByRole('button', { name: 'Mark as Paid' })).not.toBeInTheDocument();
    for (const name of ['View project', 'Edit', 'Delete']) {
      expect(within(paidRow).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('sorts on the server: the active column toggles, another starts ascending', async () => {
    const { dp, user } = setup();
    const table = await screen.findByRole('table', { name: 'Projects' }, { timeout: 20_000 });
    await within(table).findByText('Smith wedding');
    await user.click(within(table).getByRole('button', { name: /Created Date/ }));
    await waitFor(() => expect(lastListCall(dp)).toMatchObject({ sort: { field: 'date', order: 'ASC' } }));
    await user.click(within(table).getByRole('button', { name: /Client/ }));
    await waitFor(() => expect(lastListCall(dp)).toMatchObject({ sort: { field: 'clientName', order: 'ASC' } }));
    await user.click(within(table).getByRole('button', { name: /Client/ }));
    await waitFor(() => expect(lastListCall(dp)).toMatchObject({ sort: { field: 'clientName', order: 'DESC' } }));
    await user.click(within(table).getByRole('button', { name: /Status/ }));
    await waitFor(() => expect(lastListCall(dp)).toMatchObject({ sort: { field: 'isPaid', order: 'ASC' } }));
  });

  it('searches with the q filter', async () => {
    const { dp, user } = setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Search projects...' }, { timeout: 20_000 }), 'smith');
    await waitFor(() => expect(lastListCall(dp)).toMatchObject({ filter: { q: 'smith' } }), { timeout: 3000 });
  });

  it('opens the side panel with the details', async () => {
    const { user } = setup();
    const table = await screen.findByRole('table', { name: 'Projects' }, { timeout: 20_000 });
    const row = (await within(table).findByText('Smith wedding')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'View project' }));
    const panel = await screen.findByRole('dialog', { name: 'Project details' });
    expect(within(panel).getByRole('heading', { name: 'Smith wedding' })).toBeInTheDocument();
    expect(within(panel).getByText('Jane Client')).toBeInTheDocument();
    expect(within(panel).getByText('120')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Download Files' })).toHaveAttribute('href', 'https://example.com/smith');
    expect(within(panel).getByText('Qty: 2 × $100.00')).toBeInTheDocument();
    expect(within(panel).queryByText('Payment marked as complete by admin')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Project details' })).not.toBeInTheDocument());

    const paidRow = within(table).getByText('Headshots').closest('tr')!;
    await user.click(within(paidRow).getByRole('button', { name: 'View project' }));
    const paidPanel = await screen.findByRole('dialog', { name: 'Project details' });
    expect(within(paidPanel).getByText('Payment marked as complete by admin')).toBeInTheDocument();
    expect(within(paidPanel).getByText('Unknown')).toBeInTheDocument();
    expect(within(paidPanel).getByText('No services added')).toBeInTheDocument();
  });

  it("shows the project's Photos section in the panel, and fetches the list again once processing ends", async () => {
    let asked = 0;
    const photo = {
      id: 5,
      filename: 'IMG_5.jpg',
      size: 1,
      width: 1,
      height: 1,
      failureReason: null,
      previewUrl: null,
      downloadUrl: null,
      favorite: false,
    };
    const { dp, user } = setup(
      {},
      {
        getPhotos: vi.fn(async () => ({
          data: [
            ++asked < 2 ? { ...photo, status: 'processing', thumbnailUrl: null } : { ...photo, status: 'ready', thumbnailUrl: '/t/5.jpg' },
          ],
          total: 1,
        })),
      },
    );
    const row = (await screen.findByText('Smith wedding', {}, { timeout: 20_000 })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'View project' }));
    const panel = await screen.findByRole('dialog', { name: 'Project details' });
    const section = await within(panel).findByRole('region', { name: 'Photos' });
    expect(await within(section).findByText('Processing')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Choose photos' })).toBeInTheDocument();
    const listed = lastListCallCount(dp);
    expect(await within(section).findByRole('img', { name: 'IMG_5.jpg' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(lastListCallCount(dp)).toBeGreaterThan(listed));
  });

  it('marks a project as paid', async () => {
    const { api, user } = setup();
    const row = (await screen.findByText('Smith wedding', {}, { timeout: 20_000 })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Mark as Paid' }));
    expect(await screen.findByText('Project marked as paid')).toBeInTheDocument();
    expect(api.markProjectPaid).toHaveBeenCalledWith(1);
  });

  it('tells when marking as paid fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = setup({
      markProjectPaid: vi.fn(async () => {
        throw new HttpError('This project is already paid', 409, {});
      }),
    });
    const row = (await screen.findByText('Smith wedding', {}, { timeout: 20_000 })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Mark as Paid' }));
    expect(await screen.findByText('Error marking project as paid')).toBeInTheDocument();
  });

  it('deletes without confirmation', async () => {
    const { dp, user } = setup();
    const row = (await screen.findByText('Headshots', {}, { timeout: 20_000 })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Project deleted')).toBeInTheDocument();
    expect(dp.delete).toHaveBeenCalledWith('projects', expect.objectContaining({ id: 2 }));
  });

  it("shows 'No projects yet' with 'Create New Project' when there are none", async () => {
    const dp = fakeDataProvider({ projects: [], services: [], clients: [] });
    renderInAdmin(<ProjectList />, dp);
    expect(await screen.findByText('No projects yet', {}, { timeout: 20_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create New Project' }));
    expect(await screen.findByRole('heading', { name: 'Create Project' })).toBeInTheDocument();
  });

  it("shows 'Failed to load projects' when the list cannot be loaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dp = fakeDataProvider(
      {},
      {
        getList: vi.fn(async () => {
          throw new HttpError('Internal server error', 500, {});
        }),
      },
    );
    renderInAdmin(<ProjectList />, dp);
    // react-admin also says the server's sentence in a notification (another alert)
    const title = await screen.findByText('Failed to load projects', {}, { timeout: 20_000 });
    const alert = title.closest('[role="alert"]');
    expect(alert).toHaveTextContent('Please try again later or contact support.');
    expect(screen.queryByRole('table', { name: 'Projects' })).not.toBeInTheDocument();
  });
});
