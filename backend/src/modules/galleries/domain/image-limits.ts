/**
 * Sizes and limits of gallery images (CONTRACT §10, decision 0028).
 *
 * The limits are checked against the dimensions a file's header declares, before any pixel is decoded:
 * a 50,000 × 50,000 PNG is a few hundred bytes on disk and 10 GB once decoded, so the header is where it
 * must be stopped. 100 megapixels leaves room for every camera a studio uses (the largest medium-format
 * backs are 100-150 MP, and those photographers export smaller JPEGs for clients); 20,000 px on a side
 * lets panoramas through while refusing absurd strips.
 */
export const MAX_IMAGE_PIXELS = 100_000_000;
export const MAX_IMAGE_SIDE = 20_000;

/** Longest side of the grid thumbnail and of the lightbox preview, uncropped. */
export const THUMBNAIL_SIZE = 400;
export const PREVIEW_SIZE = 2048;

export type ImageSizeProblem = 'empty' | 'side_too_long' | 'too_many_pixels';

/** Why an image of this size is refused, or null when it is within the limits. */
export function imageSizeProblem(width: number, height: number): ImageSizeProblem | null {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) return 'empty';
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) return 'side_too_long';
  if (width * height > MAX_IMAGE_PIXELS) return 'too_many_pixels';
  return null;
}

/**
 * The size of an image scaled to fit a square box, keeping its proportions and never enlarged: the
 * dimensions of a derivative. Rounded the way libvips rounds, so the numbers match the files.
 */
export function fitInside(width: number, height: number, box: number): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= box) return { width, height };
  const scale = box / longest;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
