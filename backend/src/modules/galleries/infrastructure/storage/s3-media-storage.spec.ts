import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { photoMediaKeys, projectMediaPrefix } from '../../domain/media-key';
import { describeMediaStorageContract } from '../../testing/media-storage.contract';
import { digestOf, generatedBody, rssGrowthDuring, startS3rver } from '../../testing/media-storage.test-support';
import { S3MediaStorage } from './s3-media-storage';

const MIB = 1024 * 1024;
const BUCKET = 'studio-media-test';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }; // s3rver's fixed pair

describe('S3MediaStorage (against s3rver)', () => {
  let directory: string;
  let server: { endpoint: string; stop: () => Promise<void> };
  let storage: S3MediaStorage;
  let inspector: S3Client;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'media-s3-'));
    server = await startS3rver(directory, BUCKET);
    // The smallest part S3 allows, so the contract's 11 MB bodies go up as three parts.
    storage = new S3MediaStorage({ bucket: BUCKET, endpoint: server.endpoint, region: 'us-east-1', ...CREDENTIALS, partSize: 5 * MIB });
    inspector = new S3Client({
      endpoint: server.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: CREDENTIALS,
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
  }, 20_000);
  afterAll(async () => {
    storage?.close();
    inspector?.destroy();
    await server?.stop();
    await rm(directory, { recursive: true, force: true });
  });

  describeMediaStorageContract('S3', () => storage);

  it('removes a prefix of several list pages, a batch at a time', async () => {
    // Pages of 50 here (1,000 in use), so 130 objects make several pages and batches.
    const batched = new S3MediaStorage({ bucket: BUCKET, endpoint: server.endpoint, region: 'us-east-1', ...CREDENTIALS, batchSize: 50 });
    const keys = Array.from({ length: 130 }, (_, i) => `${projectMediaPrefix('many')}${i}/thumb.webp`);
    // Made with plain PutObject, many at once: this test is about the listing and the batches, not about put.
    await Promise.all(keys.map((Key) => inspector.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body: 'x' }))));
    const kept = photoMediaKeys('many-not', 'x').thumb;
    await storage.put(kept, generatedBody(16).stream, { contentType: 'image/webp' });
    await batched.remove([...keys.slice(0, 60), photoMediaKeys('many', 'absent').original]);
    expect((await inspector.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'projects/many/' }))).KeyCount).toBe(70);
    await batched.removePrefix(projectMediaPrefix('many'));
    batched.close();
    const left = await inspector.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'projects/many' }));
    expect((left.Contents ?? []).map((o) => o.Key)).toEqual([kept]);
  });

  it('streams a 64 MB body up in parts and back with RSS growth well under 100 MB', async () => {
    const size = 64 * MIB;
    const key = photoMediaKeys('big', 'big').original;
    const body = generatedBody(size);
    const upload = await rssGrowthDuring(() => storage.put(key, body.stream, { contentType: 'image/jpeg' }));
    let read: { digest: string; bytes: number } | undefined;
    const download = await rssGrowthDuring(async () => (read = await digestOf((await storage.open(key))!.stream)));
    console.log(
      `S3 64 MB: RSS +${(upload.growthBytes / MIB).toFixed(1)} MB uploading, +${(download.growthBytes / MIB).toFixed(1)} MB downloading ` +
        `(baseline ${(upload.baselineBytes / MIB).toFixed(0)} MB)`,
    );
    expect(read).toEqual({ digest: body.digest(), bytes: size });
    expect(upload.growthBytes).toBeLessThan(50 * MIB);
    expect(download.growthBytes).toBeLessThan(50 * MIB);
    await storage.removePrefix('projects/big/');
  }, 30_000);
});
