import type { QueryClient } from '@tanstack/react-query';
import { dataOf, http } from '../../../shared/api/client';
import type { Photo, Project } from '../../../shared/api/schema';

/** Photos per request: the grid asks for the pages it is about to show, not for 2,000 photos at once. */
export const PHOTO_PAGE_SIZE = 100;

/**
 * Signed URLs live minutes (decision 0039: an original's 5 to 6, a thumbnail's or preview's 20 to 30, the
 * latter the same for 10 minutes): a page is fresh for 4 minutes and is asked for again every 4 minutes
 * while the gallery is shown, and when its window is shown again after that, so a gallery left open for
 * hours still holds live links (the Download button's included). The browser's cache answers the
 * thumbnails whose URL did not change.
 */
export const PHOTO_PAGE_STALE_MS = 4 * 60_000;

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
  refetchInterval: PHOTO_PAGE_STALE_MS,
  refetchOnWindowFocus: true,
  retry: false,
});
