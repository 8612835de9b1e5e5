/**
 * The photo formats a gallery accepts (CONTRACT §10): JPEG, PNG, WebP and HEIC. The type is read from
 * the file's first bytes, never from its name or the Content-Type the browser sent: a text file named
 * `.jpg` is not a JPEG, and a JPEG named `.png` is still a JPEG.
 */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'heic';

/** How many leading bytes `detectImageFormat` needs: enough for every signature below. */
export const IMAGE_SIGNATURE_BYTES = 12;

export const IMAGE_MIME_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
};

/**
 * ISO-BMFF major brands of HEIC/HEIF still images and sequences. AVIF (`avif`, `avis`) shares the
 * container but is not one of the contract's formats, so it is not here.
 */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1']);

const ascii = (head: Uint8Array, from: number, to: number): string => String.fromCharCode(...head.subarray(from, to));

/** The format the bytes are in, or null: not an image we accept (whatever the file is called). */
export function detectImageFormat(head: Uint8Array): ImageFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => head[i] === byte)) {
    return 'png';
  }
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  // ISO-BMFF: a 4-byte box size, then the `ftyp` box type, then the major brand.
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(head, 8, 12))) return 'heic';
  return null;
}
