import { Injectable } from '@nestjs/common';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppConfig } from '../../../shared/config/app-config';
import { OutboxWorker } from '../../../shared/outbox/outbox-worker';
import { photoMediaKeys } from '../domain/media-key';
import type { PhotoJob } from '../domain/photo';
import { ImageProcessor } from './ports/image-processor';
import { MediaStorage } from './ports/media-storage';
import { PhotoRepository } from './ports/photo.repository';
import { StudioSettings } from '../../studio';

/** Longer than a 24-megapixel photo takes; a stopped instance's photo is taken again after it. */
const LEASE_MS = 5 * 60_000;

/**
 * Makes each uploaded photo's thumbnail and previews (CONTRACT §10), in the background and restart-safe:
 * the photo row is the job (decision 0029). The original is copied from storage to a temporary file
 * (decoders seek), read, and the derivatives are stored beside it; a refused image is `failed` with its
 * reason at once, a storage failure is tried again with back-off. One photo at a time per lane, and one
 * lane inline (two in a worker process of its own) unless PHOTO_WORKER_LANES says otherwise: sharp uses a core while it works, and on a 2-core server the
 * web server keeps the other (decisions 0028, 0029).
 */
@Injectable()
export class PhotoProcessingWorker extends OutboxWorker<PhotoJob> {
  constructor(
    photos: PhotoRepository,
    private readonly storage: MediaStorage,
    private readonly processor: ImageProcessor,
    private readonly studio: StudioSettings,
    config: AppConfig,
  ) {
    super(photos, {
      name: 'PhotoProcessing',
      // A worker process of its own is not woken by the uploads (another process): it looks often.
      pollMs: config.processRole === 'photo-worker' ? Math.min(config.outboxPollMs, 500) : config.outboxPollMs,
      lanes: config.photoWorkerLanes,
      batch: 1,
      leaseMs: LEASE_MS,
      enabled: config.processRole !== 'web',
    });
  }

  protected async handle(job: PhotoJob): Promise<void> {
    const keys = photoMediaKeys(String(job.projectId), String(job.id));
    const folder = await mkdtemp(join(tmpdir(), 'photo-'));
    try {
      const original = await this.storage.open(keys.original);
      if (!original) return job.refused('The uploaded file is missing. Delete the photo and upload it again.');
      const path = join(folder, 'original');
      await pipeline(original.stream, createWriteStream(path));
      const probe = await this.processor.probe(path);
      if (!probe.ok) return job.refused(probe.message);
      // The studio's name as it is when the photo is processed (CONTRACT §13).
      const made = await this.processor.derivatives(path, { watermark: (await this.studio.current()).name });
      if (!made.ok) return job.refused(made.message);
      await this.storage.put(keys.thumb, Readable.from(made.thumbnail.data), { contentType: made.thumbnail.contentType });
      await this.storage.put(keys.preview, Readable.from(made.preview.data), { contentType: made.preview.contentType });
      const marked = made.previewWatermarked ?? made.preview;
      await this.storage.put(keys.previewMarked, Readable.from(marked.data), { contentType: marked.contentType });
      job.ready(probe.width, probe.height);
    } catch (err) {
      this.logger.warn(`photo #${job.id}, try ${job.attempts}: ${(err as Error).message}`);
      job.failedTry(new Date());
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
}
