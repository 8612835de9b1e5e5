import { Logger } from '@nestjs/common';
import { Readable } from 'node:stream';
import { photoMediaKeys } from '../domain/media-key';
import { INTERRUPTED_UPLOAD_REASON, PhotoJob, STALE_UPLOAD_MS } from '../domain/photo';
import { ByteRange, MediaStorage, OpenedMedia, PutOptions } from './ports/media-storage';
import { GalleryProject, PhotoRepository, PhotoRow } from './ports/photo.repository';
import { StaleUploadSweeper } from './stale-upload-sweeper';

/** The port in memory: a map of keys (the port's own checks still run before these). */
class MemoryStorage extends MediaStorage {
  readonly objects = new Map<string, Buffer>();
  protected async write(key: string, body: Readable, _options: PutOptions): Promise<{ size: number }> {
    const chunks: Buffer[] = [];
    for await (const c of body as AsyncIterable<Buffer>) chunks.push(c);
    this.objects.set(key, Buffer.concat(chunks));
    return { size: this.objects.get(key)!.length };
  }
  protected async read(_key: string, _range?: ByteRange): Promise<OpenedMedia | null> {
    throw new Error('not used');
  }
  protected async has(key: string): Promise<boolean> {
    return this.objects.has(key);
  }
  protected async delete(keys: readonly string[]): Promise<void> {
    for (const k of keys) this.objects.delete(k);
  }
  protected async deletePrefix(prefix: string): Promise<void> {
    for (const k of [...this.objects.keys()]) if (k.startsWith(prefix)) this.objects.delete(k);
  }
}

interface Row {
  id: number;
  projectId: number;
  status: string;
  createdAt: Date;
  failureReason: string | null;
}

/** The rows the sweeper reads and writes, in memory; the rest of the port is not its business. */
class MemoryPhotos extends PhotoRepository {
  rows: Row[] = [];
  async staleUploads(before: Date, limit: number) {
    return this.rows
      .filter((r) => r.status === 'uploading' && r.createdAt < before)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
      .slice(0, limit)
      .map((r) => ({ id: r.id, projectId: r.projectId }));
  }
  async abandonUpload(id: number, reason: string) {
    const row = this.rows.find((r) => r.id === id && r.status === 'uploading');
    if (row) Object.assign(row, { status: 'failed', failureReason: reason });
  }
  project(): Promise<GalleryProject | null> {
    throw new Error('not used');
  }
  startUpload(): Promise<number> {
    throw new Error('not used');
  }
  uploaded(): Promise<void> {
    throw new Error('not used');
  }
  discard(): Promise<void> {
    throw new Error('not used');
  }
  ofProject(): Promise<{ rows: PhotoRow[]; total: number }> {
    throw new Error('not used');
  }
  setFavorite(): Promise<void> {
    throw new Error('not used');
  }
  find(): Promise<PhotoRow | null> {
    throw new Error('not used');
  }
  remove(): Promise<void> {
    throw new Error('not used');
  }
  removeAllOf(): Promise<void> {
    throw new Error('not used');
  }
  claimDue(): Promise<PhotoJob[]> {
    throw new Error('not used');
  }
  saveOutcome(): Promise<void> {
    throw new Error('not used');
  }
}

describe('StaleUploadSweeper: uploads a crash cut off do not stay "uploading" forever', () => {
  const now = new Date('2025-06-01T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  let photos: MemoryPhotos;
  let storage: MemoryStorage;
  let sweeper: StaleUploadSweeper;
  const put = (key: string) => storage.put(key, Readable.from([Buffer.from('partial')]), { contentType: 'image/jpeg' });

  beforeAll(() => jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined));
  afterAll(() => jest.restoreAllMocks());
  beforeEach(() => {
    photos = new MemoryPhotos();
    storage = new MemoryStorage();
    sweeper = new StaleUploadSweeper(photos, storage);
  });

  it('fails an upload older than the limit with the reason and removes its files; a recent one and other photos stay', async () => {
    photos.rows.push(
      { id: 1, projectId: 7, status: 'uploading', createdAt: ago(STALE_UPLOAD_MS + 1000), failureReason: null },
      { id: 2, projectId: 7, status: 'uploading', createdAt: ago(STALE_UPLOAD_MS - 60_000), failureReason: null },
      { id: 3, projectId: 7, status: 'ready', createdAt: ago(10 * STALE_UPLOAD_MS), failureReason: null },
      { id: 10, projectId: 70, status: 'uploading', createdAt: ago(2 * STALE_UPLOAD_MS), failureReason: null },
    );
    await put(photoMediaKeys('7', '1').original);
    await put(photoMediaKeys('7', '2').original);
    await put(photoMediaKeys('7', '3').original);
    await put(photoMediaKeys('7', '3').thumb);
    await put(photoMediaKeys('7', '10').original); // photo 10 of project 7, which is not the stale photo 10 of project 70
    await put(photoMediaKeys('70', '10').original);

    expect(await sweeper.sweep(now)).toBe(2);

    expect(photos.rows.map((r) => [r.id, r.status, r.failureReason])).toEqual([
      [1, 'failed', INTERRUPTED_UPLOAD_REASON],
      [2, 'uploading', null],
      [3, 'ready', null],
      [10, 'failed', INTERRUPTED_UPLOAD_REASON],
    ]);
    expect([...storage.objects.keys()].sort()).toEqual([
      'projects/7/10/original',
      'projects/7/2/original',
      'projects/7/3/original',
      'projects/7/3/thumb.webp',
    ]);
    // nothing left: a second sweep (another instance, the next tick) changes nothing
    expect(await sweeper.sweep(now)).toBe(0);
  });

  it('goes through more stale rows than one batch', async () => {
    for (let id = 1; id <= 250; id++) {
      photos.rows.push({ id, projectId: 1, status: 'uploading', createdAt: ago(STALE_UPLOAD_MS + id), failureReason: null });
    }
    expect(await sweeper.sweep(now)).toBe(250);
    expect(photos.rows.every((r) => r.status === 'failed')).toBe(true);
  });

  it('leaves the row "uploading" when its files could not be removed, so the next sweep tries again', async () => {
    photos.rows.push({ id: 1, projectId: 7, status: 'uploading', createdAt: ago(2 * STALE_UPLOAD_MS), failureReason: null });
    const removePrefix = jest.spyOn(storage, 'removePrefix').mockRejectedValueOnce(new Error('storage is down'));
    await expect(sweeper.sweep(now)).rejects.toThrow('storage is down');
    expect(photos.rows[0].status).toBe('uploading');
    removePrefix.mockRestore();
    expect(await sweeper.sweep(now)).toBe(1);
    expect(photos.rows[0].status).toBe('failed');
  });
});
