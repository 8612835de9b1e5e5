import { detectImageFormat, type ImageFormat } from './image-format';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? Array.from(Buffer.from(part, 'latin1')) : part)));

describe('image formats by their first bytes (CONTRACT §10)', () => {
  it.each<[string, Uint8Array, ImageFormat]>([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'jpeg'],
    ['JPEG with EXIF first', bytes([0xff, 0xd8, 0xff, 0xe1], 'Exif'), 'jpeg'],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'png'],
    ['WebP', bytes('RIFF', [0x24, 0x10, 0, 0], 'WEBPVP8 '), 'webp'],
    ['HEIC', bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0]), 'heic'],
    ['HEIF mif1 (iPhone and libheif files)', bytes([0, 0, 0, 0x1c], 'ftypmif1'), 'heic'],
    ...['heix', 'hevc', 'hevx', 'msf1'].map(
      (brand) => [`HEIF ${brand}`, bytes([0, 0, 0, 0x18], `ftyp${brand}`), 'heic'] as [string, Uint8Array, ImageFormat],
    ),
  ])('%s', (_name, head, format) => {
    expect(detectImageFormat(head)).toBe(format);
  });

  it.each([
    ['a text file, whatever it is called', bytes('hello, this is not a photo')],
    ['empty', bytes()],
    ['two bytes of a JPEG', bytes([0xff, 0xd8])],
    ['PNG signature cut short', bytes([0x89], 'PNG', [0x0d, 0x0a])],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['AVIF (not one of the four)', bytes([0, 0, 0, 0x1c], 'ftypavif')],
    ['MP4 video', bytes([0, 0, 0, 0x18], 'ftypisom')],
    ['GIF', bytes('GIF89a')],
    ['PDF', bytes('%PDF-1.7')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
  ])('refuses %s', (_name, head) => {
    expect(detectImageFormat(head)).toBeNull();
  });
});
