import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { fakeDataProvider, renderInAdmin } from '../../clients/testing';
import type { Reply } from '../../email/testing';
import { PhotosSection } from './PhotosSection';
import type { Photo } from './types';
import { forgetUploadQueues } from './uploadQueue';

export { fakeServer, findToast } from '../../email/testing';

type Listener = ((event: ProgressEvent) => void) | null;

/**
 * XMLHttpRequest at the network's edge (jsdom's would try the network): each request sent waits in
 * `FakeXhr.sent` until the test answers it (`progress`, `respond`, `breakConnection`).
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];

  method = '';
  url = '';
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  readonly headers: Record<string, string> = {};
  readonly upload: { onprogress: Listener } = { onprogress: null };
  onload: Listener = null;
  onerror: Listener = null;
  onabort: Listener = null;
  private body: FormData | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  abort() {
    this.aborted = true;
    this.onabort?.(new ProgressEvent('abort'));
  }

  /** the `file` part sent */
  get file(): File {
    return this.body?.get('file') as File;
  }

  progress(fraction: number) {
    const total = this.file.size + 200;
    this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded: Math.round(total * fraction), total }));
  }

  respond({ status = 201, body }: Reply) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.(new ProgressEvent('load'));
  }

  breakConnection() {
    this.onerror?.(new ProgressEvent('error'));
  }

  /** the requests not answered yet, oldest first */
  static open(): FakeXhr[] {
    return FakeXhr.sent.filter((x) => !x.aborted && x.status === 0);
  }
}

/** Replaces XMLHttpRequest for the current test (resetUploads puts it back). */
export function fakeXhr() {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}

/** After each test (the test files share their worker's modules): the real XMLHttpRequest, no queues. */
export function resetUploads() {
  vi.unstubAllGlobals();
  forgetUploadQueues();
}

export function photoRow(overrides: Partial<Photo> = {}): Photo {
  const id = overrides.id ?? 1;
  return {
    id,
    filename: `IMG_${String(id).padStart(4, '0')}.jpg`,
    size: 2_400_000,
    width: 1600,
    height: 1067,
    status: 'ready',
    failureReason: null,
    thumbnailUrl: `/api/media/projects/7/${id}/thumb.jpg?exp=1&sig=a`,
    previewUrl: `/api/media/projects/7/${id}/preview.jpg?exp=1&sig=a`,
    downloadUrl: `/api/media/projects/7/${id}/original.jpg?exp=1&sig=a`,
    favorite: false,
    ...overrides,
  };
}

/** A photos page as the server sends it: the rows and a Content-Range header. */
export function photosReply(rows: Photo[], total = rows.length): Reply {
  const end = rows.length ? rows.length - 1 : 0;
  return { body: rows, headers: { 'Content-Range': `photos 0-${end}/${total}` } };
}

/** A JPEG-named file of `size` bytes. */
export function jpeg(name: string, size = 1000): File {
  return new File([new Uint8Array(size)], name, { type: 'image/jpeg' });
}

/** Renders project 7's Photos section inside react-admin's contexts, with toasts. */
export function renderPhotosSection(projectId = 7) {
  const user = userEvent.setup();
  const result = renderInAdmin(<PhotosSection projectId={projectId} />, { dataProvider: fakeDataProvider() });
  return { ...result, user };
}
