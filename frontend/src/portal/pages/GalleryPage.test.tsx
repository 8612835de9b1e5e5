import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Photo } from '../../shared/api/schema';
import { callsTo, client, mockFetch, renderWithApp } from '../../test/utils';
import { totalOf } from '../features/galleries/api';
import { columnsFor } from '../features/galleries/components/GalleryGrid';
import { pagesFor } from '../features/galleries/hooks';
import { project } from '../features/projects/fixtures';
import { GalleryPage } from './GalleryPage';

const PROJECT = 'GET /api/projects/5';
const PHOTOS = 'GET /api/projects/5/photos';
const FAVORITES = `GET /api/projects/5/photos?range=${encodeURIComponent('[0,99]')}&filter=${encodeURIComponent('{"favorite":true}')}`;
const CONFIG = 'GET /api/public-config';

function photo(id: number, overrides: Partial<Photo> = {}): Photo {
  return {
    id,
    filename: `IMG_${id}.jpg`,
    size: 1000,
    width: 1500,
    height: 1000,
    status: 'ready',
    failureReason: null,
    thumbnailUrl: `/api/media/projects/5/${id}/thumb.webp?exp=1&sig=a`,
    previewUrl: `/api/media/projects/5/${id}/preview-marked.jpg?exp=1&sig=a`,
    downloadUrl: null,
    favorite: false,
    ...overrides,
  };
}
const page = (rows: Photo[], total = rows.length) => ({
  body: rows,
  headers: { 'Content-Range': `photos 0-${Math.max(0, rows.length - 1)}/${total}` },
});

function renderGallery(routes: Parameters<typeof mockFetch>[0], id = 5) {
  const spy = mockFetch({
    [CONFIG]: { body: { bookingUrl: null, paymentMode: 'emulator', stripePublishableKey: null } },
    [FAVORITES]: page([]),
    ...routes,
  });
  renderWithApp(
    <Routes>
      <Route path="/projects/:projectId" element={<GalleryPage />} />
      <Route path="/projects" element={<h1>My Projects list</h1>} />
    </Routes>,
    { route: `/projects/${id}`, user: client },
  );
  return spy;
}

const unpaid = project({ id: 5, name: 'Garden wedding', photoCount: 3, isPaid: false, price: 240, unpaidAmount: 240 });
const paid = project({ id: 5, name: 'Garden wedding', photoCount: 3, isPaid: true, unpaidAmount: 0, amountPaid: 240 });

describe('The client’s gallery (/projects/{id})', () => {
  it('unpaid: the project, its watermarked photos, Pay to download and no Download All', async () => {
    renderGallery({ [PROJECT]: { body: unpaid }, [PHOTOS]: page([photo(1), photo(2), photo(3)]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Garden wedding' })).toBeInTheDocument();
    expect(screen.getByText('Unpaid')).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Photos' });
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(3));
    expect(within(grid).getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '3');
    expect(within(grid).getByRole('img', { name: 'IMG_1.jpg' })).toHaveAttribute('src', expect.stringContaining('thumb.webp'));
    expect(screen.getByRole('button', { name: 'Pay to download' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Download All' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Favorites (0)' })).toBeInTheDocument();
  });

  it('opens the lightbox: arrow keys move within the gallery, Escape closes; unpaid, it offers Pay to download', async () => {
    const user = userEvent.setup();
    renderGallery({ [PROJECT]: { body: unpaid }, [PHOTOS]: page([photo(1), photo(2), photo(3)]) });
    await user.click(await screen.findByRole('button', { name: 'Open IMG_2.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'IMG_2.jpg' });
    expect(dialog).toHaveTextContent('2 of 3');
    expect(within(dialog).getByRole('img', { name: 'IMG_2.jpg' })).toHaveAttribute('src', expect.stringContaining('preview-marked.jpg'));
    expect(within(dialog).getByRole('button', { name: 'Pay to download' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: /^Download/ })).not.toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(dialog).toHaveTextContent('3 of 3');
    await user.keyboard('{ArrowRight}'); // the last: stays
    expect(dialog).toHaveTextContent('3 of 3');
    expect(within(dialog).getByRole('button', { name: 'Next photo' })).toBeDisabled();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(dialog).toHaveTextContent('1 of 3');
    expect(within(dialog).getByRole('button', { name: 'Previous photo' })).toBeDisabled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a heart shows at once and is sent, and the Favorites view is fetched again', async () => {
    const user = userEvent.setup();
    const spy = renderGallery({
      [PROJECT]: { body: unpaid },
      [PHOTOS]: page([photo(1), photo(2)]),
      'PUT /api/photos/1/favorite': { status: 204 },
    });
    await user.click(await screen.findByRole('button', { name: 'Add IMG_1.jpg to favorites' }));
    expect(screen.getByRole('button', { name: 'Remove IMG_1.jpg from favorites' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(callsTo(spy, 'PUT /api/photos/1/favorite')).toHaveLength(1));
    // the Favorites view is fetched again
    await waitFor(() => expect(callsTo(spy, FAVORITES).length).toBeGreaterThanOrEqual(2));
  });

  it('a refused heart is undone with a toast', async () => {
    const user = userEvent.setup();
    renderGallery({
      [PROJECT]: { body: unpaid },
      [PHOTOS]: page([photo(1)]),
      'PUT /api/photos/1/favorite': { status: 500, body: { statusCode: 500, message: 'Server down' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Add IMG_1.jpg to favorites' }));
    expect(await screen.findByText('Favorite not saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add IMG_1.jpg to favorites' })).toHaveAttribute('aria-pressed', 'false'),
    );
  });

  it('paid: Download All (the ZIP) and each original from the lightbox', async () => {
    const user = userEvent.setup();
    const clean = (id: number) =>
      photo(id, {
        previewUrl: `/api/media/projects/5/${id}/preview.jpg?exp=1&sig=a`,
        downloadUrl: `/api/media/projects/5/${id}/original?exp=1&sig=a`,
      });
    renderGallery({ [PROJECT]: { body: paid }, [PHOTOS]: page([clean(1), clean(2)]) });
    expect(await screen.findByRole('link', { name: 'Download All' })).toHaveAttribute('href', '/api/projects/5/photos.zip');
    expect(screen.queryByRole('button', { name: 'Pay to download' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Open IMG_1.jpg' }));
    const dialog = await screen.findByRole('dialog');
    const download = within(dialog).getByRole('link', { name: 'Download IMG_1.jpg' });
    expect(download).toHaveAttribute('href', '/api/media/projects/5/1/original?exp=1&sig=a');
    expect(download).toHaveAttribute('download', 'IMG_1.jpg');
  });

  it('a swipe (a touch moved sideways) goes to the next photo; a short one or a mouse drag does not', async () => {
    const user = userEvent.setup();
    renderGallery({ [PROJECT]: { body: unpaid }, [PHOTOS]: page([photo(1), photo(2)]) });
    await user.click(await screen.findByRole('button', { name: 'Open IMG_1.jpg' }));
    const dialog = await screen.findByRole('dialog');
    const image = within(dialog).getByRole('img', { name: 'IMG_1.jpg' });
    const move = (pointerType: string, dx: number) => {
      fireEvent.pointerDown(image, { pointerType, pointerId: 1, clientX: 200, clientY: 300 });
      fireEvent.pointerUp(image, { pointerType, pointerId: 1, clientX: 200 + dx, clientY: 305 });
    };
    move('mouse', -150);
    expect(dialog).toHaveTextContent('1 of 2');
    move('touch', -20);
    expect(dialog).toHaveTextContent('1 of 2');
    move('touch', -150);
    expect(dialog).toHaveTextContent('2 of 2');
  });

  it('shows No photos yet for an empty gallery', async () => {
    renderGallery({ [PROJECT]: { body: project({ id: 5, photoCount: 0 }) }, [PHOTOS]: page([]) });
    expect(await screen.findByText('No photos yet')).toBeInTheDocument();
  });

  it('shows Project not found for a project that is not the client’s', async () => {
    renderGallery({ [PROJECT]: { body: unpaid } }, 6);
    expect(await screen.findByText('Project not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Projects' })).toHaveAttribute('href', '/projects');
  });
});

describe('gallery paging and layout', () => {
  it('reads the total from Content-Range', () => {
    expect(totalOf('photos 0-99/2000', 100)).toBe(2000);
    expect(totalOf('photos */0', 0)).toBe(0);
    expect(totalOf(null, 7)).toBe(7);
  });

  it('names the pages of 100 that hold a range of photos', () => {
    expect(pagesFor(0, 0)).toEqual([0]);
    expect(pagesFor(95, 130)).toEqual([0, 1]);
    expect(pagesFor(1999, 2000)).toEqual([19, 20]);
    expect(pagesFor(-1, 1)).toEqual([0]);
    expect(pagesFor(5, 4)).toEqual([]);
  });

  it('lays two columns on a phone, up to five on a wide screen', () => {
    expect(columnsFor(358)).toBe(2);
    expect(columnsFor(700)).toBe(3);
    expect(columnsFor(1000)).toBe(4);
    expect(columnsFor(1200)).toBe(5);
  });
});
