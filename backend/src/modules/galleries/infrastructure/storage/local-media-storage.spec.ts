import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { photoMediaKeys } from '../../domain/media-key';
import { LocalMediaStorage } from './local-media-storage';
import { describeMediaStorageContract } from '../../testing/media-storage.contract';
import { digestOf, generatedBody, rssGrowthDuring } from '../../testing/media-storage.test-support';

const MIB = 1024 * 1024;

describe('LocalMediaStorage', () => {
  let parent: string;
  let root: string;
  let storage: LocalMediaStorage;

  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'media-local-'));
    root = join(parent, 'media');
    storage = new LocalMediaStorage(root);
  });
  afterAll(() => rm(parent, { recursive: true, force: true }));

  describeMediaStorageContract('local folder', () => storage);

  it('keeps everything under its root: nothing was written beside it, and no temporary file is left', async () => {
    expect(await readdir(parent)).toEqual(['media']);
    const names = await readdir(root, { recursive: true });
    expect(names.filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  it('removes a deleted photo’s emptied folder and a deleted project’s folder', async () => {
    const keys = photoMediaKeys('p9', 'only');
    for (const key of Object.values(keys)) await storage.put(key, generatedBody(10).stream, { contentType: 'image/webp' });
    await storage.remove(Object.values(keys));
    expect(await readdir(join(root, 'projects'))).not.toContain('p9');
  });

  it('reads an object whose type file is already gone (a folder being deleted) as missing, not as untyped bytes', async () => {
    const key = photoMediaKeys('p8', 'going').thumb;
    await storage.put(key, generatedBody(10).stream, { contentType: 'image/webp' });
    await rm(join(root, 'projects', 'p8', 'going', '.thumb.webp.type'));
    expect(await storage.open(key)).toBeNull();
    await storage.removePrefix('projects/p8/');
  });

  it('streams a 300 MB body to disk and back with RSS growth well under 100 MB', async () => {
    const size = 300 * MIB;
    const key = photoMediaKeys('big', 'big').original;
    const body = generatedBody(size);
    const upload = await rssGrowthDuring(() => storage.put(key, body.stream, { contentType: 'image/jpeg' }));
    let read: { digest: string; bytes: number } | undefined;
    const download = await rssGrowthDuring(async () => (read = await digestOf((await storage.open(key))!.stream)));
    console.log(
      `local 300 MB: RSS +${(upload.growthBytes / MIB).toFixed(1)} MB writing, +${(download.growthBytes / MIB).toFixed(1)} MB reading ` +
        `(baseline ${(upload.baselineBytes / MIB).toFixed(0)} MB)`,
    );
    expect(read).toEqual({ digest: body.digest(), bytes: size });
    expect(upload.growthBytes).toBeLessThan(50 * MIB);
    expect(download.growthBytes).toBeLessThan(50 * MIB);
    await storage.removePrefix('projects/big/');
  }, 30_000);
});
