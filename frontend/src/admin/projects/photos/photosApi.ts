import { HttpError, type Identifier } from 'react-admin';
import { httpClient } from '../../providers/httpClient';
import { contentRangeTotal } from './format';
import type { Photo, PhotoPage } from './types';

/** The list answers at most this many rows a request (CONTRACT §10, `range`). */
export const MAX_PAGE_ROWS = 500;

const segment = (value: Identifier) => encodeURIComponent(String(value));

/** A file's upload was cancelled by the admin (not a failure to show). */
export class UploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelled';
  }
}

export interface UploadOptions {
  /** the share of the request sent so far, 0 to 1 (XMLHttpRequest's upload progress) */
  onProgress?: (fraction: number) => void;
  /** aborts the request; the promise then rejects with UploadCancelled */
  signal?: AbortSignal;
}

export interface PhotoQuery {
  /** first row, from 0 */
  start?: number;
  /** last row, inclusive */
  end?: number;
  /** only the client's favorites */
  favorite?: boolean;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** The sentence of an error body (`{statusCode, message, ...}`), if it has one. */
function messageOf(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/**
 * The Photos section's calls (the project panel's chunk, not the back office's dataProvider). Lists and
 * deletes go through the admin's httpClient (a failure is an HttpError carrying the server's `message`);
 * an upload is an XMLHttpRequest, because fetch reports no upload progress.
 */
export const photosMethods = {
  /** GET /api/projects/{id}/photos?range=[start,end] (oldest first); the total from Content-Range. */
  async getPhotos(projectId: Identifier, { start = 0, end = 59, favorite = false }: PhotoQuery = {}): Promise<PhotoPage> {
    const params = new URLSearchParams({ sort: JSON.stringify(['id', 'ASC']), range: JSON.stringify([start, end]) });
    if (favorite) params.set('filter', JSON.stringify({ favorite: true }));
    const { json, headers } = await httpClient(`/api/projects/${segment(projectId)}/photos?${params}`);
    const data = Array.isArray(json) ? (json as Photo[]) : [];
    return { data, total: contentRangeTotal(headers.get('Content-Range')) ?? start + data.length };
  },

  /** The file names of every favorite of the project, page by page (for 'Copy file names'). */
  async getFavoriteNames(projectId: Identifier): Promise<string[]> {
    const names: string[] = [];
    for (let start = 0; ; start += MAX_PAGE_ROWS) {
      const page = await photosMethods.getPhotos(projectId, { start, end: start + MAX_PAGE_ROWS - 1, favorite: true });
      names.push(...page.data.map((photo) => photo.filename));
      if (page.data.length < MAX_PAGE_ROWS || names.length >= page.total) return names;
    }
  },

  /** DELETE /api/photos/{id}: the photo and its files. */
  async deletePhoto(photoId: Identifier): Promise<void> {
    await httpClient(`/api/photos/${segment(photoId)}`, { method: 'DELETE' });
  },

  /**
   * POST /api/projects/{id}/photos with one `file` part. Resolves with the stored photo (status
   * `processing`); rejects with an HttpError whose message is the server's sentence (413, 415…), an Error
   * when the connection broke, or UploadCancelled.
   */
  uploadPhoto(projectId: Identifier, file: File, { onProgress, signal }: UploadOptions = {}): Promise<Photo[]> {
    return new Promise<Photo[]>((resolve, reject) => {
      if (signal?.aborted) {
        reject(new UploadCancelled());
        return;
      }
      const xhr = new XMLHttpRequest();
      const abort = () => xhr.abort();
      const settle = () => signal?.removeEventListener('abort', abort);
      xhr.open('POST', `/api/projects/${segment(projectId)}/photos`);
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(event.loaded / event.total, 1));
      };
      xhr.onload = () => {
        settle();
        const body = parseJson(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress?.(1);
          resolve(Array.isArray(body) ? (body as Photo[]) : []);
        } else {
          reject(new HttpError(messageOf(body) ?? `Upload failed (${xhr.status} ${xhr.statusText})`.trim(), xhr.status, body));
        }
      };
      xhr.onerror = () => {
        settle();
        reject(new Error('The upload was interrupted. Check the connection and retry.'));
      };
      xhr.onabort = () => {
        settle();
        reject(new UploadCancelled());
      };
      signal?.addEventListener('abort', abort, { once: true });
      const form = new FormData();
      form.append('file', file, file.name);
      xhr.send(form);
    });
  },
};

export type PhotosMethods = typeof photosMethods;

/** The section's calls (tests replace them with `fakeApi`, or answer them with a fake server). */
export function usePhotosApi(): PhotosMethods {
  return photosMethods;
}
