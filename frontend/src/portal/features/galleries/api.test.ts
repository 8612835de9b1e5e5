import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Photo } from '../../../shared/api/schema';
import { createQueryClient } from '../../../shared/api/queryClient';
import { mockFetch } from '../../../test/utils';
import { PHOTO_PAGE_STALE_MS, photoPageQuery, type PhotoPage } from './api';

/** A page of one photo whose signed link names the answer it came in (links are signed anew by each answer). */
function answer(n: number) {
  const photo = { id: 1, filename: 'IMG_1.jpg', thumbnailUrl: `/api/media/projects/5/1/thumb.webp?exp=${n}&sig=s${n}` } as Photo;
  return { body: [photo], headers: { 'Content-Range': 'photos 0-0/1' } };
}

/** What the checks wait for is the mocked answer being read (promises, no timer): generous, for a busy machine. */
const SETTLED = { timeout: 10_000 };

describe("a gallery page's signed links (decision 0039: they live minutes)", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('are asked for again every 4 minutes while the gallery is shown, and no more once it is closed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    let answers = 0;
    const spy = mockFetch({ 'GET /api/projects/5/photos': () => answer(++answers) });
    const pageCalls = () => spy.mock.calls.filter(([url]) => url.startsWith('/api/projects/5/photos?')).length;
    const queryClient = createQueryClient();
    const observer = new QueryObserver<PhotoPage>(queryClient, photoPageQuery(5, false, 0));
    const links: string[] = [];
    const stop = observer.subscribe((result) => {
      const link = result.data?.rows[0]?.thumbnailUrl;
      if (link && links.at(-1) !== link) links.push(link);
    });

    await vi.waitFor(() => expect(links).toHaveLength(1), SETTLED);
    await vi.advanceTimersByTimeAsync(PHOTO_PAGE_STALE_MS - 5_000);
    expect(pageCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.waitFor(() => expect(links).toHaveLength(2), SETTLED);
    expect(links[1]).toContain('sig=s2');
    await vi.advanceTimersByTimeAsync(PHOTO_PAGE_STALE_MS);
    await vi.waitFor(() => expect(links).toHaveLength(3), SETTLED);

    // The gallery is closed: nothing more is asked for, however long the tab stays open.
    stop();
    const before = pageCalls();
    await vi.advanceTimersByTimeAsync(5 * PHOTO_PAGE_STALE_MS);
    expect(pageCalls()).toBe(before);
    queryClient.clear();
  });
});
