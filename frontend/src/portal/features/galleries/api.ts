import type { QueryClient } from '@tanstack/react-query';
import { dataOf, http } from '../../../shared/api/client';
import type { Photo, Project } from '../../../shared/api/schema';

/** Photos per request: the grid asks for the pages it is about to show, not for 2,000 photos at once. */
export const PHOTO_PAGE_SIZE = 100;

/** Signed URLs last hours and are the same within the hour (decision 0030): pages stay fresh for minutes. */
export const PHOTO_PAGE_STALE_MS = 5 * 60_000;

export interface PhotoPage {
  rows: Photo[];
  /** how many photos the view holds in all (from Content-Range) */
  total: number;
}

/** `photos 0-99/2000` → 2000; a missing header means the rows are all there is. */
export function totalOf(contentRange: string | null, rows: number): number {
  const match = contentRange?.match(/\/(\d+)\s*$/);
  return match ? Number(match[1]) : rows;
}

/** The query key of one page of a project's gallery (`favorites`: the client's selection only). */
export const photoPageKey = (projectId: number, favorites: boolean, page: number) =>
  ['/api/projects', projectId, 'photos', favorites ? 'favorites' : 'all', page] as const;
/** Every page of a project's gallery, both views. */
export const galleryKey = (projectId: number) => ['/api/projects', projectId, 'photos'] as const;
/** The project of a gallery, as its client sees it (GET /api/projects/{id}). */
export const galleryProjectKey = (projectId: number) => ['/api/projects', projectId] as const;
/** A project's paid state changes with payments, which refresh it (refreshGallery): half a minute. */
export const GALLERY_PROJECT_STALE_MS = 30_000;

export const galleriesApi = {
  /** GET /api/projects/{id}: the project (name, date, paid state and amount due); 404 for another client's. */
  project: (projectId: number): Promise<Project> => dataOf(http.GET('/api/projects/{id}', { params: { path: { id: projectId } } })),
  /** GET /api/projects/{id}/photos: one page of the project's finished photos, with signed URLs. */
  async page(projectId: number, favorites: boolean, page: number): Promise<PhotoPage> {
    const first = page * PHOTO_PAGE_SIZE;
    const { data, response } = await http.GET('/api/projects/{id}/photos', {
      params: {
        path: { id: projectId },
        query: {
          range: JSON.stringify([first, first + PHOTO_PAGE_SIZE - 1]),
          ...(favorites ? { filter: JSON.stringify({ favorite: true }) } : {}),
        },
      },
    });
    const rows = data ?? [];
    return { rows, total: totalOf(response.headers.get('Content-Range'), first + rows.length) };
  },
  /** PUT or DELETE /api/photos/{id}/favorite: the client's heart. */
  async setFavorite(photoId: number, favorite: boolean): Promise<void> {
    const params = { params: { path: { id: photoId } } };
    if (favorite) await http.PUT('/api/photos/{id}/favorite', params);
    else await http.DELETE('/api/photos/{id}/favorite', params);
  },
  /** The ZIP of the originals (a plain link: the browser downloads it as it streams). */
  zipUrl: (projectId: number) => `/api/projects/${projectId}/photos.zip`,
};

/**
 * Starts fetching a gallery's project and first page while the app still checks the session and loads
 * the page's code (App's preloadPage), so the thumbnails' URLs are there when the grid first renders:
 * neither waits for the session's answer (the client's id), which would put a round trip before them.
 */
export function prefetchGallery(queryClient: QueryClient, projectId: number): void {
  void queryClient.prefetchQuery(galleryProjectQuery(projectId));
  void queryClient.prefetchQuery(photoPageQuery(projectId, false, 0));
}

/** The query of a gallery's project: one set of options for the page (useGalleryProject) and its prefetch. */
export const galleryProjectQuery = (projectId: number) => ({
  queryKey: galleryProjectKey(projectId),
  queryFn: () => galleriesApi.project(projectId),
  staleTime: GALLERY_PROJECT_STALE_MS,
  retry: false,
});

/** The query of one page of a gallery: one set of options for the grid (useGalleryView) and the prefetch. */
export const photoPageQuery = (projectId: number, favorites: boolean, page: number) => ({
  queryKey: photoPageKey(projectId, favorites, page),
  queryFn: () => galleriesApi.page(projectId, favorites, page),
  staleTime: PHOTO_PAGE_STALE_MS,
  refetchOnWindowFocus: false,
  retry: false,
});
