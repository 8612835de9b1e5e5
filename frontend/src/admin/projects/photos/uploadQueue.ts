import { UploadCancelled } from './photosApi';

/** Requests in flight at once: enough to keep the line busy, few enough to leave the server room. */
export const UPLOAD_CONCURRENCY = 3;
/** Progress is told to the screen at most this often (XMLHttpRequest reports every few milliseconds). */
const PROGRESS_EVERY_MS = 100;

export type UploadState = 'queued' | 'uploading' | 'done' | 'failed';

export interface Upload {
  key: number;
  file: File;
  state: UploadState;
  /** bytes of the file sent so far (the request's progress applied to the file's size) */
  sent: number;
  /** the server's sentence, when failed */
  error?: string;
}

export interface UploadSnapshot {
  uploads: readonly Upload[];
  /** files of this batch (cancelled ones are left out) */
  total: number;
  done: number;
  failed: number;
  /** queued or uploading */
  pending: number;
  bytesTotal: number;
  bytesSent: number;
}

/** Sends one file; rejects with UploadCancelled when the signal aborts it. */
export type SendFile = (file: File, options: { onProgress: (fraction: number) => void; signal: AbortSignal }) => Promise<unknown>;

function summarise(uploads: readonly Upload[]): UploadSnapshot {
  const snapshot: UploadSnapshot = { uploads, total: uploads.length, done: 0, failed: 0, pending: 0, bytesTotal: 0, bytesSent: 0 };
  for (const upload of uploads) {
    snapshot.bytesTotal += upload.file.size;
    snapshot.bytesSent += upload.state === 'done' ? upload.file.size : upload.sent;
    if (upload.state === 'done') snapshot.done += 1;
    else if (upload.state === 'failed') snapshot.failed += 1;
    else snapshot.pending += 1;
  }
  return snapshot;
}

const reason = (error: unknown) =>
  error instanceof Error && error.message.trim() !== '' ? error.message : 'The upload failed. Try again.';

/**
 * The files being uploaded to one project: at most `concurrency` requests at a time, one file a request,
 * in the order they were added; a failed file waits for Retry (or Remove), the others go on. An external
 * store for useSyncExternalStore: each change makes a new snapshot.
 */
export class UploadQueue {
  private uploads: Upload[] = [];
  private snapshot: UploadSnapshot = summarise([]);
  private readonly controllers = new Map<number, AbortController>();
  private readonly listeners = new Set<() => void>();
  private nextKey = 1;
  private progressTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly send: SendFile,
    readonly concurrency = UPLOAD_CONCURRENCY,
  ) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): UploadSnapshot => this.snapshot;

  /** Queues files. A finished batch (nothing pending or failed) is cleared first, so the counts start again. */
  add(files: Iterable<File>): void {
    const added = Array.from(files, (file): Upload => ({ key: this.nextKey++, file, state: 'queued', sent: 0 }));
    if (added.length === 0) return;
    const previous = this.snapshot.pending === 0 && this.snapshot.failed === 0 ? [] : this.uploads;
    this.uploads = [...previous, ...added];
    this.changed();
  }

  /** Sends a failed file again (at the back of the line). */
  retry(key: number): void {
    const upload = this.uploads.find((u) => u.key === key);
    if (upload?.state !== 'failed') return;
    this.uploads = [...this.uploads.filter((u) => u.key !== key), { ...upload, state: 'queued', sent: 0, error: undefined }];
    this.changed();
  }

  /** Takes a file out: a queued or failed one is dropped, one in flight is aborted first. */
  cancel(key: number): void {
    this.controllers.get(key)?.abort();
    this.controllers.delete(key);
    const before = this.uploads.length;
    this.uploads = this.uploads.filter((u) => u.key !== key || u.state === 'done');
    if (this.uploads.length !== before) this.changed();
  }

  /** Cancels everything not uploaded yet (in flight, queued and failed). */
  cancelAll(): void {
    for (const controller of this.controllers.values()) controller.abort();
    this.controllers.clear();
    this.uploads = this.uploads.filter((u) => u.state === 'done');
    this.changed();
  }

  /** Forgets the uploaded files (the summary goes away); pending and failed ones stay. */
  clearDone(): void {
    this.uploads = this.uploads.filter((u) => u.state !== 'done');
    this.changed();
  }

  private update(key: number, change: Partial<Upload>): boolean {
    let found = false;
    this.uploads = this.uploads.map((u) => {
      if (u.key !== key) return u;
      found = true;
      return { ...u, ...change };
    });
    return found;
  }

  private start(upload: Upload): void {
    const controller = new AbortController();
    this.controllers.set(upload.key, controller);
    this.update(upload.key, { state: 'uploading', sent: 0 });
    const onProgress = (fraction: number) => {
      if (controller.signal.aborted) return;
      this.update(upload.key, { sent: Math.round(upload.file.size * fraction) });
      this.progressChanged();
    };
    this.send(upload.file, { onProgress, signal: controller.signal }).then(
      () => this.finish(upload.key, controller, { state: 'done', sent: upload.file.size }),
      (error: unknown) => {
        if (error instanceof UploadCancelled || controller.signal.aborted) return;
        this.finish(upload.key, controller, { state: 'failed', sent: 0, error: reason(error) });
      },
    );
  }

  private finish(key: number, controller: AbortController, change: Partial<Upload>): void {
    if (this.controllers.get(key) !== controller) return; // cancelled meanwhile
    this.controllers.delete(key);
    this.update(key, change);
    this.changed();
  }

  /** Starts queued files while fewer than `concurrency` are in flight, then tells the listeners. */
  private changed(): void {
    let inFlight = this.controllers.size;
    for (const upload of this.uploads) {
      if (inFlight >= this.concurrency) break;
      if (upload.state !== 'queued') continue;
      this.start(upload);
      inFlight += 1;
    }
    clearTimeout(this.progressTimer);
    this.progressTimer = undefined;
    this.emit();
  }

  private progressChanged(): void {
    this.progressTimer ??= setTimeout(() => {
      this.progressTimer = undefined;
      this.emit();
    }, PROGRESS_EVERY_MS);
  }

  private emit(): void {
    this.snapshot = summarise(this.uploads);
    for (const listener of this.listeners) listener();
  }
}

const queues = new Map<string, UploadQueue>();

/**
 * The upload queue of a project, kept for the visit: closing the panel does not stop the uploads, and
 * opening the project again shows where they are.
 */
export function uploadQueueFor(projectId: string | number, send: (projectId: string | number) => SendFile): UploadQueue {
  const key = String(projectId);
  let queue = queues.get(key);
  if (!queue) {
    queue = new UploadQueue(send(projectId));
    queues.set(key, queue);
  }
  return queue;
}

/** Tests: forget every project's queue (cancelling what is in flight). */
export function forgetUploadQueues(): void {
  for (const queue of queues.values()) queue.cancelAll();
  queues.clear();
}
