import { useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { serverMessageOf } from '../../../shared/api/client';
import type { Photo } from '../../../shared/api/schema';
import { useToast } from '../../../shared/ui/toast';
import { galleriesApi, galleryKey, galleryProjectKey, galleryProjectQuery, PHOTO_PAGE_SIZE, photoPageQuery, type PhotoPage } from './api';

export interface GalleryView {
  /** the first page is being fetched: the total is not known yet */
  isPending: boolean;
  error: unknown;
  /** photos in the view; 0 until the first page is in */
  total: number;
  /** the photo at `index`, once its page is in */
  photoAt: (index: number) => Photo | undefined;
}

/** The pages (of PHOTO_PAGE_SIZE photos) that hold the photos from `first` to `last`. */
export function pagesFor(first: number, last: number): number[] {
  if (last < first) return [];
  const pages: number[] = [];
  for (let p = Math.floor(Math.max(0, first) / PHOTO_PAGE_SIZE); p <= Math.floor(last / PHOTO_PAGE_SIZE); p++) pages.push(p);
  return pages;
}

/**
 * A project's gallery, page by page: the first page (which gives the total) and the pages the grid and
 * the lightbox are showing. Each page is its own query, kept in the cache, so scrolling back costs
 * nothing and a 2,000-photo gallery is never fetched at once.
 */
export function useGalleryView(projectId: number, favorites: boolean, pages: readonly number[]): GalleryView {
  const wanted = [...new Set([0, ...pages])];
  return useQueries({
    queries: wanted.map((page) => photoPageQuery(projectId, favorites, page)),
    combine: (results) => {
      const loaded = new Map<number, PhotoPage>();
      results.forEach((r, i) => r.data && loaded.set(wanted[i], r.data));
      const first = results[0];
      return {
        isPending: first.isPending,
        error: first.error,
        total: first.data?.total ?? 0,
        photoAt: (index: number) => loaded.get(Math.floor(index / PHOTO_PAGE_SIZE))?.rows[index % PHOTO_PAGE_SIZE],
      };
    },
  });
}

/** Sets the heart of one photo in every cached page of the gallery (both views). */
function patchFavorite(queryClient: QueryClient, projectId: number, photoId: number, favorite: boolean) {
  queryClient.setQueriesData<PhotoPage>({ queryKey: galleryKey(projectId) }, (page) =>
    page ? { ...page, rows: page.rows.map((p) => (p.id === photoId ? { ...p, favorite } : p)) } : page,
  );
}

/**
 * The client's heart on a photo: shown at once, sent, undone with a toast if the server refuses. The
 * Favorites view (and its count) is fetched again afterwards.
 */
export function useToggleFavorite(projectId: number) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const mutation = useMutation({
    mutationFn: ({ photo, favorite }: { photo: Photo; favorite: boolean }) => galleriesApi.setFavorite(photo.id, favorite),
    onMutate: ({ photo, favorite }) => patchFavorite(queryClient, projectId, photo.id, favorite),
    onError: (error, { photo, favorite }) => {
      patchFavorite(queryClient, projectId, photo.id, !favorite);
      toast({
        title: 'Favorite not saved',
        description: serverMessageOf(error, 'Please try again.'),
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...galleryKey(projectId), 'favorites'] }),
  });
  const { mutate } = mutation;
  return useCallback((photo: Photo) => mutate({ photo, favorite: !photo.favorite }), [mutate]);
}

/** After a payment: every page again, with the clean previews and the download links. */
export function refreshGallery(queryClient: QueryClient, projectId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: galleryKey(projectId) }),
    queryClient.invalidateQueries({ queryKey: galleryProjectKey(projectId), exact: true }),
  ]);
}

/** The gallery's project (prefetched with the first page when the gallery is opened first). */
export function useGalleryProject(projectId: number) {
  return useQuery({ ...galleryProjectQuery(projectId), enabled: Number.isSafeInteger(projectId) && projectId > 0 });
}
