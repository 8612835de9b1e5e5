import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, fakeXhr, findToast, jpeg, photoRow, photosReply, renderPhotosSection, resetUploads } from './testing';

afterEach(resetUploads);

const photoList = () => screen.findByRole('list', { name: 'Photos' });
const uploads = () => screen.findByRole('region', { name: 'Uploads' });
const fileInput = () => screen.getByTestId('photo-file-input') as HTMLInputElement;

describe('Photos section of the project panel', { timeout: 20_000 }, () => {
  it('shows each photo by its state and the count, and asks again every 2 s while one is processing', async () => {
    let processed = false;
    const server = fakeServer({
      'GET /api/projects/7/photos': () =>
        photosReply([
          photoRow({ id: 1, filename: 'ready.jpg' }),
          photoRow({
            id: 2,
            filename: 'slow.jpg',
            status: processed ? 'ready' : 'processing',
            thumbnailUrl: processed ? '/t/2.jpg' : null,
          }),
          photoRow({ id: 3, filename: 'broken.jpg', status: 'failed', thumbnailUrl: null, failureReason: 'The image data is damaged' }),
        ]),
    });
    renderPhotosSection();
    const list = await photoList();
    expect(within(list).getByRole('img', { name: 'ready.jpg' })).toHaveAttribute('src', '/api/media/projects/7/1/thumb.jpg?exp=1&sig=a');
    const slow = within(list).getByText('slow.jpg').closest('li')!;
    expect(slow).toHaveTextContent('Processing');
    const broken = within(list).getByText('broken.jpg').closest('li')!;
    expect(broken).toHaveTextContent('Failed');
    expect(broken).toHaveTextContent('The image data is damaged');
    expect(screen.getByTestId('photos-count')).toHaveTextContent('3 photos · 1 processing');
    expect(server.param(server.calls('GET /api/projects/7/photos')[0]!, 'range')).toEqual([0, 59]);

    processed = true;
    expect(await within(list).findByRole('img', { name: 'slow.jpg' }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByTestId('photos-count')).toHaveTextContent('3 photos');
    const asked = server.calls('GET /api/projects/7/photos').length;
    await new Promise((r) => setTimeout(r, 2500));
    expect(server.calls('GET /api/projects/7/photos')).toHaveLength(asked); // nothing processing: no more polling
  });

  it('uploads chosen files three at a time, one file a request, with a bar per file and the overall figures', async () => {
    fakeServer({ 'GET /api/projects/7/photos': photosReply([]) });
    const xhr = fakeXhr();
    const { user } = renderPhotosSection();
    expect(await screen.findByText('No photos yet')).toBeInTheDocument();
    expect(fileInput()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/heic');
    expect(fileInput()).toHaveAttribute('multiple');
    await user.upload(fileInput(), [
      jpeg('a.jpg', 1_000_000),
      jpeg('b.jpg', 1_000_000),
      jpeg('c.jpg', 1_000_000),
      jpeg('d.jpg', 2_000_000),
    ]);

    expect(xhr.sent.map((r) => [r.method, r.url, r.file.name])).toEqual([
      ['POST', '/api/projects/7/photos', 'a.jpg'],
      ['POST', '/api/projects/7/photos', 'b.jpg'],
      ['POST', '/api/projects/7/photos', 'c.jpg'],
    ]);
    expect(xhr.sent[0]!.withCredentials).toBe(true);
    const region = await uploads();
    expect(within(region).getByRole('status')).toHaveTextContent('Uploading: 0 of 4 done');
    expect(within(region).getByText('Waiting · 2.0 MB')).toBeInTheDocument();

    xhr.sent[0]!.progress(0.5);
    await waitFor(() =>
      expect(within(region).getByRole('progressbar', { name: 'Upload of a.jpg' })).toHaveAttribute('aria-valuenow', '50'),
    );
    expect(within(region).getByText('500 kB of 1.0 MB')).toBeInTheDocument();
    expect(within(region).getByTestId('upload-bytes')).toHaveTextContent('500 kB of 5.0 MB');
    expect(within(region).getByRole('progressbar', { name: 'Overall upload progress' })).toHaveAttribute('aria-valuenow', '10');

    xhr.sent[0]!.respond({ body: [photoRow({ id: 10, filename: 'a.jpg', status: 'processing' })] });
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent('Uploading: 1 of 4 done'));
    expect(xhr.sent.map((r) => r.file.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg']);
    for (const request of xhr.sent.slice(1)) request.respond({ body: [] });
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent('4 of 4 uploaded'));
    expect(within(region).getByTestId('upload-bytes')).toHaveTextContent('5.0 MB of 5.0 MB');
    await user.click(within(region).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Uploads' })).not.toBeInTheDocument();
  });

  it("shows the server's message for a refused file, and Retry sends it again", async () => {
    fakeServer({ 'GET /api/projects/7/photos': photosReply([]) });
    const xhr = fakeXhr();
    const { user } = renderPhotosSection();
    await screen.findByText('No photos yet');
    await user.upload(fileInput(), [jpeg('notes.txt', 300)]);
    xhr.sent[0]!.respond({
      status: 415,
      body: {
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: 'notes.txt is not a JPEG, PNG, WebP or HEIC image',
        code: 'GALLERY.UNSUPPORTED_TYPE',
      },
    });
    const region = await uploads();
    expect(await within(region).findByText('notes.txt is not a JPEG, PNG, WebP or HEIC image')).toBeInTheDocument();
    expect(within(region).getByRole('status')).toHaveTextContent('0 of 1 uploaded, 1 failed');

    await user.click(within(region).getByRole('button', { name: 'Retry notes.txt' }));
    expect(xhr.sent).toHaveLength(2);
    xhr.sent[1]!.breakConnection();
    expect(await within(region).findByText('The upload was interrupted. Check the connection and retry.')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Remove notes.txt' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Uploads' })).not.toBeInTheDocument());
  });

  it('cancels an upload in flight; with hundreds of files only a few rows are drawn', async () => {
    fakeServer({ 'GET /api/projects/7/photos': photosReply([]) });
    const xhr = fakeXhr();
    const { user } = renderPhotosSection();
    await screen.findByText('No photos yet');
    const files = Array.from({ length: 300 }, (_, i) => jpeg(`IMG_${i}.jpg`));
    fireEvent.drop(screen.getByTestId('photo-drop-zone'), { dataTransfer: { files, types: ['Files'] } });
    const region = await uploads();
    expect(xhr.sent).toHaveLength(3);
    expect(within(region).getAllByRole('listitem')).toHaveLength(8);
    expect(within(region).getByText('292 more files waiting')).toBeInTheDocument();
    expect(within(region).getByRole('status')).toHaveTextContent('Uploading: 0 of 300 done');

    await user.click(within(region).getByRole('button', { name: 'Cancel IMG_1.jpg' }));
    expect(xhr.sent[1]!.aborted).toBe(true);
    expect(xhr.sent.map((r) => r.file.name)).toEqual(['IMG_0.jpg', 'IMG_1.jpg', 'IMG_2.jpg', 'IMG_3.jpg']);
    expect(within(region).getByRole('status')).toHaveTextContent('Uploading: 0 of 299 done');

    await user.click(within(region).getByRole('button', { name: 'Cancel all' }));
    expect(xhr.open()).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Uploads' })).not.toBeInTheDocument();
  });

  it('deletes a photo after confirmation', async () => {
    let deleted = false;
    const server = fakeServer({
      'GET /api/projects/7/photos': () =>
        photosReply(deleted ? [photoRow({ id: 2 })] : [photoRow({ id: 1, filename: 'keep-not.jpg' }), photoRow({ id: 2 })]),
      'DELETE /api/photos/1': () => {
        deleted = true;
        return { status: 204 };
      },
    });
    const { user } = renderPhotosSection();
    await user.click(within(await photoList()).getByRole('button', { name: 'Delete keep-not.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete photo' });
    expect(dialog).toHaveTextContent('This will permanently delete the photo "keep-not.jpg"');
    await user.click(within(dialog).getByRole('button', { name: /Cancel/ }));
    expect(server.calls('DELETE /api/photos/1')).toHaveLength(0);

    await user.click(within(await photoList()).getByRole('button', { name: 'Delete keep-not.jpg' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete photo' })).getByRole('button', { name: /Delete/ }));
    expect(await findToast()).toHaveTextContent('Photo deleted');
    expect(server.calls('DELETE /api/photos/1')).toHaveLength(1);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Photos' })).queryByText('keep-not.jpg')).not.toBeInTheDocument());
    expect(screen.getByTestId('photos-count')).toHaveTextContent('1 photo');
  });

  it("filters the client's favorites and copies their file names", async () => {
    const server = fakeServer({
      'GET /api/projects/7/photos': (request) =>
        server.param(request, 'filter')
          ? photosReply([
              photoRow({ id: 1, filename: 'IMG_0001.jpg', favorite: true }),
              photoRow({ id: 4, filename: 'IMG_0004.jpg', favorite: true }),
            ])
          : photosReply([1, 2, 3, 4].map((id) => photoRow({ id, favorite: id === 1 || id === 4 }))),
    });
    const { user } = renderPhotosSection();
    const all = await photoList();
    expect(within(all).getAllByRole('listitem')).toHaveLength(4);
    expect(within(all).getAllByTitle('Favorite')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Copy file names' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Favorites' }));
    await waitFor(() => expect(screen.getByTestId('photos-count')).toHaveTextContent('2 favorites'));
    expect(server.param(server.calls('GET /api/projects/7/photos').at(-1)!, 'filter')).toEqual({ favorite: true });
    expect(within(await photoList()).getAllByRole('listitem')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Copy file names' }));
    expect(await findToast()).toHaveTextContent('File names copied');
    expect(await navigator.clipboard.readText()).toBe('IMG_0001.jpg, IMG_0004.jpg');
  });

  it('says when the client has chosen no favorites, and when the list cannot be loaded', async () => {
    fakeServer({
      'GET /api/projects/7/photos': (request) =>
        request.url.searchParams.has('filter')
          ? photosReply([])
          : { status: 500, body: { statusCode: 500, message: 'Internal server error' } },
    });
    const { user } = renderPhotosSection();
    expect(await screen.findByText(/Failed to load photos/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Favorites' }));
    expect(await screen.findByText('The client has not chosen any favorites yet.')).toBeInTheDocument();
  });
});
