import { open } from 'node:fs/promises';
import sharp from 'sharp';
import type { DerivativesResult, EncodedImage, ImageRefusal, ProbeResult } from '../../application/ports/image-processor';
import { ImageProcessor } from '../../application/ports/image-processor';
import { detectImageFormat, IMAGE_SIGNATURE_BYTES, type ImageFormat } from '../../domain/image-format';
import { imageSizeProblem, MAX_IMAGE_PIXELS, PREVIEW_SIZE, THUMBNAIL_SIZE } from '../../domain/image-limits';
import { IMAGE_PROBLEM_MESSAGES, type ImageProblem } from '../../domain/image-problem';
import { watermarkSvg } from './watermark-svg';

/** libvips' names for the formats we accept (HEIC is its 'heif' loader). */
const SHARP_FORMATS: Record<ImageFormat, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', heic: 'heif' };

/**
 * Thumbnails in WebP (small, many on a screen: the grid's weight), previews in JPEG (one at a time, in
 * the lightbox): at 2048 px libjpeg-turbo encodes in about a third of WebP's time even at effort 0, and
 * the two previews are most of a photo's encoding (decision 0028).
 */
const THUMBNAIL_FORMAT = { format: 'webp', options: { quality: 80, effort: 0 }, contentType: 'image/webp' } as const;
const PREVIEW_FORMAT = { format: 'jpeg', options: { quality: 82 }, contentType: 'image/jpeg' } as const;
type OutputFormat = typeof THUMBNAIL_FORMAT | typeof PREVIEW_FORMAT;

/**
 * The ImageProcessor on sharp (libvips).
 *
 * Safety: every decode carries `limitInputPixels` (the header is trusted for the size check, which
 * `probe` has already made, and this is the second guard for a caller that skipped it) and
 * `failOn: 'truncated'`, so a file cut short fails instead of becoming a grey-bottomed preview, while
 * the harmless warnings real cameras produce (odd markers, extra bytes after the image) still pass.
 *
 * Privacy: no `withMetadata`/`keepMetadata`, so EXIF (GPS included), XMP, IPTC and the ICC profile are
 * all dropped; pixels are converted to sRGB first, so a Display P3 or Adobe RGB photo keeps its colours
 * once its profile is gone.
 *
 * Speed (decision 0028, `scripts/imaging-bench.ts`): the original is decoded once, scaled on load
 * (JPEG's DCT scaling decodes a 24 MP file at 1/2 size directly), to preview size; the thumbnail is made
 * from those preview pixels and not from the original again; the encodes run in parallel.
 */
export class SharpImageProcessor extends ImageProcessor {
  /**
   * Rendered watermarks, by text and size. Rendering the SVG's text costs as much as encoding the
   * preview (~90 ms at 2048 px), and a gallery's previews come in two or three sizes (landscape,
   * portrait, the odd square), all with the same studio name. Raw RGBA, so compositing does not decode
   * it again: ~11 MB an entry at 2048 × 1365, hence few entries.
   */
  private readonly overlays = new Map<string, Promise<sharp.OverlayOptions>>();
  private static readonly OVERLAY_CACHE_SIZE = 4;

  constructor() {
    super();
    // Each original is decoded once: libvips' operation cache would only hold memory between photos.
    sharp.cache(false);
    // One libvips thread per operation (sharp's default on glibc, made explicit for other platforms):
    // a photo's three encodes already run side by side on the libuv pool, and on a small server the
    // web requests need the remaining core.
    sharp.concurrency(1);
  }

  async probe(path: string): Promise<ProbeResult> {
    const format = detectImageFormat(await readHead(path));
    if (format === null) return refusal('not_an_image');
    let metadata: sharp.Metadata;
    try {
      // Reads the header only: no pixel is decoded, so a 50,000 × 50,000 header costs nothing. sharp's
      // own pixel limit is lifted here so that the domain's limits give the reason (side or megapixels).
      metadata = await sharp(path, { failOn: 'none', limitInputPixels: false }).metadata();
    } catch (error) {
      return refusal(problemOf(format, error), error);
    }
    if (metadata.format !== SHARP_FORMATS[format]) return refusal('unreadable');
    // As displayed: an EXIF orientation of 5-8 swaps the sides.
    const { width, height } = metadata.autoOrient ?? metadata;
    const sizeProblem = imageSizeProblem(width, height);
    if (sizeProblem) return refusal(sizeProblem);
    return { ok: true, format, width, height };
  }

  async derivatives(path: string, options: { watermark: string | null }): Promise<DerivativesResult> {
    const head = await readHead(path);
    const format = detectImageFormat(head);
    if (format === null) return refusal('not_an_image');
    try {
      // One decode: oriented, sRGB, scaled to preview size, kept as raw pixels for the encoders below.
      const { data, info } = await sharp(path, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' })
        .autoOrient()
        .toColourspace('srgb')
        .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: 'inside', withoutEnlargement: true, fastShrinkOnLoad: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      const [preview, previewWatermarked, thumbnail] = await Promise.all([
        encode(sharp(data, raw), PREVIEW_FORMAT),
        options.watermark === null
          ? Promise.resolve(null)
          : this.watermarkOverlay(options.watermark, info.width, info.height).then((overlay) =>
              encode(sharp(data, raw).composite([overlay]), PREVIEW_FORMAT),
            ),
        encode(sharp(data, raw).resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true }), THUMBNAIL_FORMAT),
      ]);
      return { ok: true, thumbnail, preview, previewWatermarked };
    } catch (error) {
      return refusal(problemOf(format, error), error);
    }
  }

  private watermarkOverlay(text: string, width: number, height: number): Promise<sharp.OverlayOptions> {
    const key = `${width}x${height}:${text}`;
    let overlay = this.overlays.get(key);
    if (overlay) {
      // Most recently used last: the Map's order is the eviction order.
      this.overlays.delete(key);
    } else {
      overlay = sharp(watermarkSvg(text, width, height))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true })
        .then(({ data, info }) => ({ input: data, raw: { width: info.width, height: info.height, channels: 4 as const } }));
      // A failed render is not kept: the next photo tries again.
      overlay.catch(() => this.overlays.delete(key));
    }
    this.overlays.set(key, overlay);
    while (this.overlays.size > SharpImageProcessor.OVERLAY_CACHE_SIZE) {
      this.overlays.delete(this.overlays.keys().next().value!);
    }
    return overlay;
  }
}

async function readHead(path: string): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(IMAGE_SIGNATURE_BYTES);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

async function encode(image: sharp.Sharp, output: OutputFormat): Promise<EncodedImage> {
  const { data, info } = await image.toFormat(output.format, output.options).toBuffer({ resolveWithObject: true });
  return { data, contentType: output.contentType, width: info.width, height: info.height };
}

function problemOf(format: ImageFormat, error: unknown): ImageProblem {
  if (isMissingCodec(format, error)) return 'unsupported_codec';
  // limitInputPixels: only reached by a caller that did not probe first.
  if (/exceeds pixel limit/i.test(String(error))) return 'too_many_pixels';
  return 'unreadable';
}

/**
 * The prebuilt libvips that sharp ships reads HEIF containers but has no HEVC decoder (patents): the
 * header is read, the pixels are not. Recognised by libheif's message, so a server whose libvips has
 * libde265 makes HEIC previews with no change here.
 */
function isMissingCodec(format: ImageFormat, error: unknown): boolean {
  return format === 'heic' && /compression format has not been built in|no decoding plugin|unsupported codec/i.test(String(error));
}

function refusal(problem: ImageProblem, error?: unknown): { ok: false } & ImageRefusal {
  // libvips' message names the file's path (a temporary file): keep only what says what is wrong.
  const detail = error instanceof Error ? lastLine(error.message) : '';
  const message = detail && problem === 'unreadable' ? `${IMAGE_PROBLEM_MESSAGES[problem]} (${detail})` : IMAGE_PROBLEM_MESSAGES[problem];
  return { ok: false, problem, message };
}

function lastLine(message: string): string {
  const lines = message.split('\n').map((line) => line.replace(/^[^:]*\/[^:]*:\s*/, '').trim());
  return lines.filter(Boolean).pop()?.slice(0, 200) ?? '';
}
