import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { photoMediaPrefix } from '../domain/media-key';
import { INTERRUPTED_UPLOAD_REASON, STALE_UPLOAD_MS } from '../domain/photo';
import { MediaStorage } from './ports/media-storage';
import { PhotoRepository } from './ports/photo.repository';

/** How often a running instance looks again (a crash is found when an instance starts; this catches the rest). */
export const SWEEP_EVERY_MS = 10 * 60_000;
const BATCH = 100;

/**
 * Restart safety of uploads (decision 0029): a photo row is `uploading` while its original streams to
 * storage, and a crash or a restart in that time leaves it so, with part of a file (a local temporary
 * file, or an S3 multipart upload the bucket's lifecycle rule aborts). When an instance starts and every
 * SWEEP_EVERY_MS after, rows `uploading` for longer than STALE_UPLOAD_MS have their photo's folder removed
 * and become 'failed' with the reason: the photographer sees which file to send again, and deletes the row.
 * Files first, then the row: a crash between the two leaves the row `uploading`, and the next sweep does
 * both again (each is idempotent, so several instances may sweep at once).
 */
@Injectable()
export class StaleUploadSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('StaleUploadSweeper');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly photos: PhotoRepository,
    private readonly storage: MediaStorage,
  ) {}

  onApplicationBootstrap(): void {
    const run = () => {
      this.running = this.sweep().catch((err: Error) => this.logger.warn(`sweep failed: ${err.message}`));
    };
    this.timer = setInterval(run, SWEEP_EVERY_MS);
    this.timer.unref();
    run();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Marks every upload cut off before `now - STALE_UPLOAD_MS`; answers how many. */
  async sweep(now: Date = new Date()): Promise<number> {
    const before = new Date(now.getTime() - STALE_UPLOAD_MS);
    let count = 0;
    for (;;) {
      const stale = await this.photos.staleUploads(before, BATCH);
      for (const photo of stale) {
        await this.storage.removePrefix(photoMediaPrefix(String(photo.projectId), String(photo.id)));
        await this.photos.abandonUpload(photo.id, INTERRUPTED_UPLOAD_REASON);
      }
      count += stale.length;
      if (stale.length < BATCH) break;
    }
    if (count) this.logger.log(`${count} interrupted upload(s) marked failed`);
    return count;
  }
}
