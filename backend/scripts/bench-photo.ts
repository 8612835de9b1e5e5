/** The bench's test photo (imaging-bench.ts, and the galleries rows of bench.ts). */
import { stat } from 'node:fs/promises';
import sharp from 'sharp';

export const WIDTH = 6000;
export const HEIGHT = 4000;

/**
 * A photo-like 24 MP JPEG: smooth gradients and shapes (what compresses well) under sensor-like noise
 * (what does not), at the quality cameras use, so the file is the size of a real one (~8-12 MB).
 */
export async function makePhoto(path: string): Promise<number> {
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
