/** CONTRACT §10: where a photo is. `uploading` is internal (its original is on its way to storage) and never listed. */
export type PhotoStatus = 'uploading' | 'processing' | 'ready' | 'failed';

/**
 * An upload still `uploading` after this long was cut off by a crash or a restart of the server that
 * took it: no request lasts that long (a 50 MB photo at 1 Mbit/s takes 7 minutes; the hour leaves room
 * for a slower line). Its files are removed and its row becomes 'failed' with the reason below, so the
 * photographer sees which file to send again and deletes the row (decision 0029).
 */
export const STALE_UPLOAD_MS = 60 * 60_000;
export const INTERRUPTED_UPLOAD_REASON =
  'The upload did not finish (the connection was lost or the server restarted). Delete this photo and upload it again.';

/** Tries to make a photo's derivatives when storage fails, before the photo is marked failed. */
export const MAX_PROCESSING_ATTEMPTS = 5;
const FIRST_RETRY_MS = 5_000;

/** A photo the worker claimed: enough to find its files and record what became of it. */
export class PhotoJob {
  status: PhotoStatus = 'processing';
  width: number | null = null;
  height: number | null = null;
  failureReason: string | null = null;
  nextAttemptAt: Date = new Date();

  constructor(
    readonly id: number,
    readonly projectId: number,
    readonly attempts: number,
  ) {}

  ready(width: number, height: number): void {
    this.status = 'ready';
    this.width = width;
    this.height = height;
    this.failureReason = null;
  }

  /** The image itself is refused (not an image, truncated, too large): failed at once, with the reason shown. */
  refused(reason: string): void {
    this.status = 'failed';
    this.failureReason = reason.slice(0, 500);
  }

  /** Storage or the machine failed: tried again later, then failed. */
  failedTry(now: Date): void {
    if (this.attempts >= MAX_PROCESSING_ATTEMPTS) {
      this.refused('The photo could not be processed. Delete it and upload it again.');
      return;
    }
    this.status = 'processing';
    this.nextAttemptAt = new Date(now.getTime() + FIRST_RETRY_MS * 2 ** (this.attempts - 1));
  }
}
