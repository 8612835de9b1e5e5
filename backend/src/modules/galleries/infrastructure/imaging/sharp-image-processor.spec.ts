import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { EncodedImage } from '../../application/ports/image-processor';
import { SharpImageProcessor } from './sharp-image-processor';

/** Every image here is made by sharp in the test (no fixtures), small unless its size is the point. */
describe('SharpImageProcessor', () => {
  const processor = new SharpImageProcessor();
  let dir: string;
  const file = async (name: string, data: Buffer | string): Promise<string> => {
    const path = join(dir, name);
    await writeFile(path, data);
    return path;
  };
  const solid = (width: number, height: number, colour = '#6688aa') =>
    sharp({ create: { width, height, channels: 3, background: colour } });
  const noisy = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } });
  const derivativesOf = async (path: string, watermark: string | null = null) => {
    const result = await processor.derivatives(path, { watermark });
    if (!result.ok) throw new Error(result.message);
    return result;
  };
  const pixel = async (image: EncodedImage, x: number, y: number) => {
    const { data, info } = await sharp(image.data).raw().toBuffer({ resolveWithObject: true });
    const at = (y * info.width + x) * info.channels;
    return [data[at], data[at + 1], data[at + 2]];
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'imaging-spec-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('applies EXIF orientation: sizes reported as displayed, derivatives turned upright and fitted', async () => {
    // Stored 3000 × 1000, its left third red; orientation 6 means "turn 90° clockwise to display":
    // displayed 1000 × 3000 with the red third at the top.
    const stored = await solid(3000, 1000, '#0000ff')
      .composite([{ input: await solid(1000, 1000, '#ff0000').png().toBuffer(), left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const path = await file('rotated.jpg', stored);

    expect(await processor.probe(path)).toEqual({ ok: true, format: 'jpeg', width: 1000, height: 3000 });
    const { thumbnail, preview } = await derivativesOf(path);
    expect([preview.width, preview.height]).toEqual([683, 2048]);
    expect([thumbnail.width, thumbnail.height]).toEqual([133, 400]);
    const [red, , blue] = await pixel(preview, 340, 100);
    expect(red).toBeGreaterThan(200);
    expect(blue).toBeLessThan(60);
    const [red2, , blue2] = await pixel(preview, 340, 1900);
    expect(red2).toBeLessThan(60);
    expect(blue2).toBeGreaterThan(200);
    // Decoded as they are, with no orientation tag left to apply twice.
    expect((await sharp(preview.data).metadata()).orientation).toBeUndefined();
  });

  it('strips every metadata field: EXIF with GPS, the ICC profile; colours converted to sRGB', async () => {
    const path = await file(
      'gps.jpg',
      await solid(800, 600)
        .jpeg()
        .withExif({
          IFD0: { Make: 'Camera', Model: 'Secret Model', Copyright: 'someone' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' },
        })
        .withIccProfile('p3')
        .toBuffer(),
    );
    const input = await sharp(path).metadata();
    expect(input.exif?.toString('latin1')).toContain('Secret Model');
    expect(input.icc).toBeDefined();

    const { thumbnail, preview, previewWatermarked } = await derivativesOf(path, 'Studio');
    const formats = [
      [thumbnail, 'webp'],
      [preview, 'jpeg'],
      [previewWatermarked!, 'jpeg'],
    ] as const;
    for (const [image, format] of formats) {
      const metadata = await sharp(image.data).metadata();
      expect(metadata.format).toBe(format);
      expect(image.contentType).toBe(`image/${format}`);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      expect(metadata.space).toBe('srgb');
      expect(image.data.includes('Secret Model')).toBe(false);
    }
  });

  it.each([
    ['PNG', 'png', () => solid(500, 300).png()],
    ['WebP', 'webp', () => solid(500, 300).webp()],
    ['PNG with alpha', 'png', () => sharp({ create: { width: 500, height: 300, channels: 4, background: '#33669980' } }).png()],
    ['greyscale PNG', 'png', () => solid(500, 300).greyscale().png()],
    ['16-bit PNG', 'png', () => solid(500, 300).toColourspace('rgb16').png()],
    ['CMYK JPEG', 'jpeg', () => solid(500, 300).toColourspace('cmyk').jpeg()],
  ] as const)('accepts a %s and makes its derivatives', async (_name, format, make) => {
    const path = await file(`accepted.${format}`, await make().toBuffer());
    expect(await processor.probe(path)).toEqual({ ok: true, format, width: 500, height: 300 });
    const { thumbnail, preview, previewWatermarked } = await derivativesOf(path, 'Studio');
    expect([thumbnail.width, thumbnail.height]).toEqual([400, 240]);
    // Never enlarged.
    expect([preview.width, preview.height]).toEqual([500, 300]);
    expect([previewWatermarked!.width, previewWatermarked!.height]).toEqual([500, 300]);
  });

  it('refuses a text file named .jpg, and a JPEG is a JPEG whatever its name', async () => {
    const text = await file('holiday.jpg', 'Dear client, this is not a photo.\n'.repeat(20));
    expect(await processor.probe(text)).toEqual({ ok: false, problem: 'not_an_image', message: expect.stringContaining('not a JPEG') });
    expect(await processor.derivatives(text, { watermark: null })).toMatchObject({ ok: false, problem: 'not_an_image' });
    const misnamed = await file('actually-a-jpeg.png', await solid(20, 10).jpeg().toBuffer());
    expect(await processor.probe(misnamed)).toMatchObject({ ok: true, format: 'jpeg' });
  });

  it('a truncated JPEG fails with a reason (its header still reads)', async () => {
    const whole = await noisy(600, 400).jpeg({ quality: 90 }).toBuffer();
    const path = await file('truncated.jpg', whole.subarray(0, Math.floor(whole.length * 0.6)));
    expect(await processor.probe(path)).toMatchObject({ ok: true, width: 600, height: 400 });
    const result = await processor.derivatives(path, { watermark: 'Studio' });
    expect(result).toMatchObject({ ok: false, problem: 'unreadable' });
    expect(result.ok || result.message).toMatch(/damaged or incomplete/);
    expect(result.ok || result.message).not.toContain(dir); // no server path in a message the back office shows
  });

  it('refuses a PNG whose header claims 50,000 × 50,000 without decoding it', async () => {
    const path = await file('bomb.png', pngHeaderOnly(50_000, 50_000));
    const started = process.hrtime.bigint();
    expect(await processor.probe(path)).toEqual({ ok: false, problem: 'side_too_long', message: expect.stringContaining('20,000') });
    // 7.5 GB of pixels if decoded: the derivatives refuse before allocating any of it.
    expect(await processor.derivatives(path, { watermark: null })).toMatchObject({ ok: false, problem: 'too_many_pixels' });
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(2000);
    expect(await processor.probe(await file('big.png', pngHeaderOnly(12_000, 9_000)))).toMatchObject({ problem: 'too_many_pixels' });
  });

  it('refuses a file whose first bytes look like an image but is not one', async () => {
    const path = await file('fake.heic', Buffer.concat([Buffer.from('\0\0\0\x18ftypheic\0\0\0\0', 'latin1'), Buffer.alloc(100, 7)]));
    expect(await processor.probe(path)).toMatchObject({ ok: false, problem: 'unreadable' });
  });

  it('draws the watermark across the whole preview, and a name with <&"\' is drawn, not parsed', async () => {
    const path = await file('plain.png', await solid(1200, 800, '#777777').png().toBuffer());
    const names = ['Studio Lumière', `Smith & Sons <Photo> "Studio" 'Ltd'`, '</text><script>alert(1)</script>'];
    const { preview, previewWatermarked } = await derivativesOf(path, names[0]);
    expect(previewWatermarked).not.toBeNull();
    const plain = await sharp(preview.data).raw().toBuffer();
    for (const name of names) {
      const marked = (await derivativesOf(path, name)).previewWatermarked!;
      expect([marked.width, marked.height]).toEqual([1200, 800]);
      const pixels = await sharp(marked.data).raw().toBuffer();
      // Every quarter of the image carries some of the mark: it cannot be cropped away.
      for (const [left, top] of [
        [0, 0],
        [600, 0],
        [0, 400],
        [600, 400],
      ]) {
        let changed = 0;
        for (let y = top; y < top + 400; y += 2) {
          for (let x = left; x < left + 600; x += 2) {
            const at = (y * 1200 + x) * 3;
            if (Math.abs(pixels[at] - plain[at]) > 20) changed++;
          }
        }
        expect(changed).toBeGreaterThan(300 * 200 * 0.02);
      }
    }
    expect((await derivativesOf(path, null)).previewWatermarked).toBeNull();
  });
});

/** A valid PNG signature and IHDR (right CRC) declaring any size, the start of its pixel data, and IEND: under 100 bytes. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
