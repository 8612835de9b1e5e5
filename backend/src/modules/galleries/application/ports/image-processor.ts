import type { ImageFormat } from '../../domain/image-format';
import type { ImageProblem } from '../../domain/image-problem';

/** What the header says: the format by its bytes, and the size as displayed (EXIF orientation applied). */
export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
}

export interface ImageRefusal {
  problem: ImageProblem;
  /** The sentence shown beside the file (IMAGE_PROBLEM_MESSAGES), with detail where it helps. */
  message: string;
}

export type ProbeResult = ({ ok: true } & ImageInfo) | ({ ok: false } & ImageRefusal);

/** One encoded derivative, ready to store. All are WebP, uncropped, with no metadata at all. */
export interface EncodedImage {
  data: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export interface Derivatives {
  /** Fits THUMBNAIL_SIZE: the grid. Never watermarked: too small to be worth taking. */
  thumbnail: EncodedImage;
  /** Fits PREVIEW_SIZE, without the watermark: served once the project is paid. */
  preview: EncodedImage;
  /** The same preview with the studio's name across it, served while unpaid; null when no watermark was asked. */
  previewWatermarked: EncodedImage | null;
}

export type DerivativesResult = ({ ok: true } & Derivatives) | ({ ok: false } & ImageRefusal);

/**
 * Port: reads an original and makes what the gallery shows of it. Both methods take a local file path:
 * the worker copies an object-storage original to a temporary file first, because decoders (HEIF above
 * all) need to seek, and a path lets the decoder read only what it needs. Neither method throws for a
 * bad image: a refusal is a result, and the caller turns it into a 4xx or a 'failed' photo.
 *
 * Both previews are made at once so that paying or un-paying a project only switches which stored
 * file is served, with no re-processing of a 2,000-photo gallery; the watermark text is fixed when the
 * photo is processed (a renamed studio means re-making previews, which the worker can do on demand).
 */
export abstract class ImageProcessor {
  /** The header only: format, displayed size and the size limits, without decoding the pixels. */
  abstract probe(path: string): Promise<ProbeResult>;

  /** Decodes the original once and makes the thumbnail and the preview(s). */
  abstract derivatives(path: string, options: { watermark: string | null }): Promise<DerivativesResult>;
}
