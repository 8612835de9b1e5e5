/**
 * Throughput of gallery processing (decision 0028): how many 24-megapixel JPEGs per second the
 * SharpImageProcessor turns into a thumbnail, a preview and a watermarked preview. Not a test: the
 * figure depends on the machine. Run from the repository root:
 *
 *   npx ts-node --transpile-only backend/scripts/imaging-bench.ts [photos] [lanes]
 *
 * `lanes` is how many photos are processed at once (the worker's concurrency; default 1).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { HEIGHT, makePhoto, WIDTH } from './bench-photo';
import { SharpImageProcessor } from '../src/modules/galleries/infrastructure/imaging/sharp-image-processor';

async function main(): Promise<void> {
  const photos = Number(process.argv[2] ?? 20);
  const lanes = Number(process.argv[3] ?? 1);
  const dir = await mkdtemp(join(tmpdir(), 'imaging-bench-'));
  try {
    const path = join(dir, 'photo.jpg');
    const size = await makePhoto(path);
    console.log(`input: ${WIDTH}×${HEIGHT} JPEG, ${(size / 1e6).toFixed(1)} MB; sharp concurrency ${sharp.concurrency()}, lanes ${lanes}`);
    const processor = new SharpImageProcessor();
    // One warm-up photo: loads the codecs and fontconfig's cache, which the steady state does not pay.
    const warm = await processor.derivatives(path, { watermark: 'Studio Bench & Co' });
    if (!warm.ok) throw new Error(warm.message);
    const sizes = [warm.thumbnail, warm.preview, warm.previewWatermarked!].map(
      (image) => `${image.width}×${image.height} ${(image.data.length / 1e3).toFixed(0)} kB`,
    );
    console.log(`derivatives: thumbnail ${sizes[0]}, preview ${sizes[1]}, watermarked ${sizes[2]}`);
    let next = 0;
    const started = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: lanes }, async () => {
        while (next++ < photos) {
          const result = await processor.derivatives(path, { watermark: 'Studio Bench & Co' });
          if (!result.ok) throw new Error(result.message);
        }
      }),
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    console.log(`${photos} photos in ${seconds.toFixed(2)} s: ${(photos / seconds).toFixed(2)} photos/s (target ≥ 3)`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
