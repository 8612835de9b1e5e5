/**
 * Throughput of gallery processing (decision 0028): how many 24-megapixel JPEGs per second the
 * SharpImageProcessor turns into a thumbnail, a preview and a watermarked preview. Not a test: the
 * figure depends on the machine. Run from the repository root:
 *
 *   npx ts-node --transpile-only backend/scripts/imaging-bench.ts [photos] [lanes]
 *
 * `lanes` is how many photos are processed at once (the worker's concurrency; default 1).
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { SharpImageProcessor } from '../src/modules/galleries/infrastructure/imaging/sharp-image-processor';

const WIDTH = 6000;
const HEIGHT = 4000;

/**
 * A photo-like 24 MP JPEG: smooth gradients and shapes (what compresses well) under sensor-like noise
 * (what does not), at the quality cameras use, so the file is the size of a real one (~8-12 MB).
 */
async function makePhoto(path: string): Promise<number> {
  const background = await sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: { r: 90, g: 120, b: 160 } },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
            `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4d8a8"/><stop offset="1" stop-color="#1c3550"/></linearGradient></defs>` +
            `<rect width="100%" height="100%" fill="url(#g)"/>` +
            `<circle cx="2000" cy="1800" r="1100" fill="#c0563a" fill-opacity="0.7"/>` +
            `<rect x="3400" y="900" width="1800" height="2600" fill="#3d7a4f" fill-opacity="0.6"/></svg>`,
        ),
      },
    ])
    .raw()
    .toBuffer();
  // Texture at two scales: coarse grain that survives down to preview size (as a real photo's detail
  // does, so the encoders work as hard as they would) and fine sensor noise that only the decoder sees.
  const grain = (width: number, height: number, sigma: number) =>
    sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } });
  const coarse = await sharp(
    await grain(WIDTH / 4, HEIGHT / 4, 18)
      .png()
      .toBuffer(),
  )
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const fine = await grain(WIDTH, HEIGHT, 7).raw().toBuffer();
  const pixels = Buffer.alloc(background.length);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.max(0, Math.min(255, background[i] + coarse[i] + fine[i] - 256));
  await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90, chromaSubsampling: '4:2:0' })
    .withExif({ IFD0: { Make: 'Bench', Model: 'Camera', Orientation: '1' } })
    .toFile(path);
  return (await stat(path)).size;
}

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
