import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { callsTo, client, mockFetch, renderWithApp } from '../../test/utils';
import type { Project } from '../../shared/api/schema';
import { ProjectCard } from '../features/projects/components/ProjectCard';
import { line, project } from '../features/projects/fixtures';
import { ProjectsPage } from './ProjectsPage';

const URL = `GET /api/projects/client/${client.id}`;
const page = (
  <Routes>
    <Route path="/projects" element={<ProjectsPage />} />
  </Routes>
);

const paid = project({
  id: 1,
  name: '12 Ocean Drive',
  description: 'Beach house listing',
  isPaid: true,
  amountPaid: 300,
  unpaidAmount: 0,
  price: 300,
  downloadLink: 'https://files.example.com/ocean',
  thumbnailUrl: 'https://img.example.com/ocean.jpg',
  date: '2025-03-09T12:00:00.000Z',
  photoCount: 42,
  services: [line({ serviceId: 1, name: 'Photography', price: 150, quantity: 2, lineTotal: 300 })],
});
const unpaid = project({
  id: 2,
  name: '5 Maple Street',
  description: 'Townhouse',
  isPaid: false,
  price: 95.5,
  unpaidAmount: 95.5,
  date: '2025-01-05T15:04:00.000Z',
  services: [line({ serviceId: 3, name: 'Drone Footage', description: 'Aerial video', price: 95.5, lineTotal: 95.5 })],
});

function renderPage(projects: Project[] | { status: number; body: unknown }) {
  const spy = mockFetch({
    [CREDITS]: { body: { userId: client.id, balance: 0 } },
    [URL]: Array.isArray(projects) ? { body: projects } : projects,
  });
  const view = renderWithApp(page, { route: '/projects', user: client });
  return { spy, ...view };
}

/** the credit balance chip's call (credits issue) */
const CREDITS = `GET /api/user-credits/${client.id}`;

const cardOf = (name: string) => screen.getByRole('article', { name });

describe('My Projects', () => {
  it('shows the header, the refresh button and the search box', async () => {
    renderPage([paid]);
    expect(screen.getByRole('heading', { level: 1, name: 'My Projects' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Projects' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search projects by address or name...')).toBeInTheDocument();
    await screen.findByRole('article', { name: '12 Ocean Drive' });
  });

  it('shows 3 skeleton cards while the projects load', () => {
    mockFetch({ [CREDITS]: { body: { userId: client.id, balance: 0 } }, [URL]: () => new Promise(() => {}) });
    renderWithApp(page, { route: '/projects', user: client });
    expect(screen.getAllByTestId('project-card-skeleton')).toHaveLength(3);
    expect(screen.getByRole('region', { name: 'Loading projects' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByTestId('project-card')).not.toBeInTheDocument();
  });

  it("fetches the signed-in client's projects and caches them under ['/api/projects/client', id]", async () => {
    const { spy, queryClient } = renderPage([paid, unpaid]);
    await screen.findByRole('article', { name: '12 Ocean Drive' });
    expect(callsTo(spy, URL)).toHaveLength(1);
    expect(queryClient.getQueryData(['/api/projects/client', client.id])).toEqual([paid, unpaid]);
    const query = queryClient.getQueryCache().find({ queryKey: ['/api/projects/client', client.id] });
    expect(query?.options).toMatchObject({ staleTime: 5000, retry: false, refetchOnWindowFocus: false, refetchOnMount: true });
    expect(screen.queryByTestId('project-card-skeleton')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('project-card')).toHaveLength(2);
  });

  it("shows 'No Projects Yet' when the client has none", async () => {
    renderPage([]);
    expect(await screen.findByRole('heading', { name: 'No Projects Yet' })).toBeInTheDocument();
    expect(screen.queryByTestId('project-card')).not.toBeInTheDocument();
  });

  it("shows 'Failed to load projects' as a toast and a panel when loading fails", async () => {
    renderPage({ status: 500, body: { statusCode: 500, message: 'Internal server error' } });
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Failed to load projects');
    expect(toast).toHaveTextContent('500: Internal server error');
    // the panel comes with the deferred render of the list, right after the toast
    expect(await screen.findByRole('heading', { name: 'Failed to load projects' })).toBeInTheDocument();
    expect(screen.getByText('Please try again later or contact support.')).toBeInTheDocument();
    expect(screen.queryByTestId('project-card-skeleton')).not.toBeInTheDocument();
  });

  it('renders a card: name, description, date, services with quantity and price, total', async () => {
    renderPage([paid]);
    const card = await screen.findByRole('article', { name: '12 Ocean Drive' });
    expect(within(card).getByText('Beach house listing')).toBeInTheDocument();
    expect(within(card).getByText('Mar 9, 2025')).toBeInTheDocument();
    expect(within(card).getByText(/42 photos/)).toBeInTheDocument();
    const services = within(card).getByRole('list', { name: 'Services' });
    expect(within(services).getByText('Photography')).toBeInTheDocument();
    expect(within(services).getByText('Qty 2 × $150.00')).toBeInTheDocument();
    expect(within(services).getByText('$300.00')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: '12 Ocean Drive thumbnail' })).toHaveAttribute('src', 'https://img.example.com/ocean.jpg');
  });

  it("paid cards: green 'Paid' badge and 'View Project' opening the download link in a new tab", async () => {
    renderPage([paid, unpaid]);
    const card = await screen.findByRole('article', { name: '12 Ocean Drive' });
    const badge = within(card).getByText('Paid').closest('[data-status]');
    expect(badge).toHaveAttribute('data-status', 'paid');
    const view = within(card).getByRole('link', { name: 'View Project' });
    expect(view).toHaveAttribute('href', 'https://files.example.com/ocean');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view.getAttribute('rel')).toContain('noopener');
  });

  it("unpaid cards: amber 'Unpaid' badge, no 'View Project', price in dollars", async () => {
    renderPage([paid, unpaid]);
    const card = await screen.findByRole('article', { name: '5 Maple Street' });
    expect(within(card).getByText('Unpaid').closest('[data-status]')).toHaveAttribute('data-status', 'unpaid');
    expect(within(card).queryByRole('link', { name: 'View Project' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'View Project' })).not.toBeInTheDocument();
    expect(within(card).getAllByText('$95.50').length).toBeGreaterThan(0);
    // the payment slot holds 'Pay with Card'; paid cards have none
    const slot = card.querySelector('[data-slot="unpaid-actions"]');
    expect(slot).not.toBeNull();
    expect(within(slot as HTMLElement).getByRole('button', { name: 'Pay with Card' })).toBeEnabled();
    const paidCard = screen.getByRole('article', { name: '12 Ocean Drive' });
    expect(within(paidCard).queryByRole('button', { name: 'Pay with Card' })).not.toBeInTheDocument();
  });

  it('shows a placeholder when the thumbnail is missing or fails to load', async () => {
    renderPage([paid, unpaid]);
    const ocean = await screen.findByRole('article', { name: '12 Ocean Drive' });
    expect(within(cardOf('5 Maple Street')).getByTestId('thumbnail-placeholder')).toBeInTheDocument();
    expect(within(ocean).queryByTestId('thumbnail-placeholder')).not.toBeInTheDocument();
    fireEvent.error(within(ocean).getByRole('img', { name: '12 Ocean Drive thumbnail' }));
    expect(within(ocean).getByTestId('thumbnail-placeholder')).toBeInTheDocument();
    expect(within(ocean).queryByRole('img', { name: '12 Ocean Drive thumbnail' })).not.toBeInTheDocument();
  });

  it('filters the cards in the browser as the client types, and explains when nothing matches', async () => {
    const user = userEvent.setup({ delay: null });
    const { spy } = renderPage([paid, unpaid]);
    await screen.findByRole('article', { name: '12 Ocean Drive' });
    const search = screen.getByRole('textbox', { name: 'Search projects' });

    await user.type(search, 'DRONE');
    expect(screen.getAllByTestId('project-card')).toHaveLength(1);
    expect(cardOf('5 Maple Street')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 projects')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'beach house');
    expect(screen.getAllByTestId('project-card')).toHaveLength(1);
    expect(cardOf('12 Ocean Drive')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'castle');
    expect(screen.queryByTestId('project-card')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No matching projects' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No Projects Yet' })).not.toBeInTheDocument();

    // the panel's button (the search box has its own clear icon button too)
    const clear = screen.getAllByRole('button', { name: 'Clear search' });
    expect(clear).toHaveLength(2);
    await user.click(clear[1]!);
    expect(screen.getAllByTestId('project-card')).toHaveLength(2);
    expect(search).toHaveValue('');
    // filtering never calls the server
    expect(callsTo(spy, URL)).toHaveLength(1);
  });

  it('the clear icon button has an accessible name and empties the search', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage([paid, unpaid]);
    await screen.findByRole('article', { name: '12 Ocean Drive' });
    const search = screen.getByRole('textbox', { name: 'Search projects' });
    await user.type(search, 'maple');
    expect(screen.getAllByTestId('project-card')).toHaveLength(1);
    const clearIcon = screen.getByRole('button', { name: 'Clear search' });
    expect(clearIcon).not.toHaveTextContent(/./);
    await user.click(clearIcon);
    expect(search).toHaveValue('');
    expect(screen.getAllByTestId('project-card')).toHaveLength(2);
  });

  it('Refresh Projects refetches and shows the new list', async () => {
    const user = userEvent.setup({ delay: null });
    let reply: Project[] = [paid];
    const spy = mockFetch({ [CREDITS]: { body: { userId: client.id, balance: 0 } }, [URL]: () => ({ body: reply }) });
    renderWithApp(page, { route: '/projects', user: client });
    await screen.findByRole('article', { name: '12 Ocean Drive' });
    reply = [paid, unpaid];
    await user.click(screen.getByRole('button', { name: 'Refresh Projects' }));
    expect(await screen.findByRole('article', { name: '5 Maple Street' })).toBeInTheDocument();
    expect(callsTo(spy, URL)).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("a failed refresh toasts 'Failed to refresh projects' and keeps the cards", async () => {
    const user = userEvent.setup({ delay: null });
    let fail = false;
    mockFetch({
      [CREDITS]: { body: { userId: client.id, balance: 0 } },
      [URL]: () => (fail ? { status: 503, body: { statusCode: 503, message: 'Service unavailable' } } : { body: [paid] }),
    });
    renderWithApp(page, { route: '/projects', user: client });
    await screen.findByRole('article', { name: '12 Ocean Drive' });
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Refresh Projects' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Failed to refresh projects');
    expect(toast).not.toHaveTextContent('Failed to load projects');
    expect(cardOf('12 Ocean Drive')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh Projects' })).toBeEnabled());
  });

  it('a refresh after a failed load can succeed', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    mockFetch({
      [CREDITS]: { body: { userId: client.id, balance: 0 } },
      [URL]: () => (fail ? { status: 500, body: { statusCode: 500, message: 'boom' } } : { body: [unpaid] }),
    });
    renderWithApp(page, { route: '/projects', user: client });
    expect(await screen.findByRole('heading', { name: 'Failed to load projects' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Refresh Projects' }));
    expect(await screen.findByRole('article', { name: '5 Maple Street' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Failed to load projects' })).not.toBeInTheDocument();
  });
});

describe('ProjectCard payment slot', () => {
  it('renders the unpaid actions given by the payments feature, only while unpaid', () => {
    const pay = <button type="button">Pay with Card</button>;
    const { rerender } = renderWithApp(<ProjectCard project={unpaid} unpaidActions={pay} />);
    const slot = screen.getByRole('article').querySelector('[data-slot="unpaid-actions"]');
    expect(slot).not.toBeNull();
    expect(within(slot as HTMLElement).getByRole('button', { name: 'Pay with Card' })).toBeInTheDocument();

    rerender(<ProjectCard project={{ ...unpaid, isPaid: true, downloadLink: 'https://x.example/d' }} unpaidActions={pay} />);
    expect(screen.queryByRole('button', { name: 'Pay with Card' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Project' })).toBeInTheDocument();
  });

  it("a paid project without a download link shows a disabled 'View Project'", () => {
    renderWithApp(<ProjectCard project={{ ...paid, downloadLink: null, photoCount: 0 }} />);
    expect(screen.getByRole('button', { name: 'View Project' })).toBeDisabled();
  });

  it("a project with photos offers 'View Gallery' (its page in the portal), paid or not", () => {
    const pay = <button type="button">Pay with Card</button>;
    const first = renderWithApp(<ProjectCard project={{ ...unpaid, photoCount: 12 }} unpaidActions={pay} />);
    expect(screen.getByRole('link', { name: 'View Gallery' })).toHaveAttribute('href', `/projects/${unpaid.id}`);
    expect(screen.getByRole('button', { name: 'Pay with Card' })).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveTextContent('12 photos');

    first.unmount();

    // paid, with no pasted download link: the gallery alone (no disabled 'View Project')
    const second = renderWithApp(<ProjectCard project={{ ...paid, photoCount: 12, downloadLink: null }} />);
    expect(screen.getByRole('link', { name: 'View Gallery' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View Project' })).not.toBeInTheDocument();

    second.unmount();

    // paid, with a link as well: both
    renderWithApp(<ProjectCard project={{ ...paid, photoCount: 12, downloadLink: 'https://x.example/d' }} />);
    expect(screen.getByRole('link', { name: 'View Gallery' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Project' })).toHaveAttribute('href', 'https://x.example/d');
  });
});
