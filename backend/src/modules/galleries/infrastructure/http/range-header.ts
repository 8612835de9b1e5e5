import type { ByteRange } from '../../application/ports/media-storage';

/**
 * The one range of an HTTP `Range` header (RFC 9110 §14.1.2): `bytes=a-b`, `bytes=a-` or `bytes=-n`.
 * Answers null when the whole file should be sent: no header, another unit, several ranges (a
 * multipart/byteranges answer is not made: the whole file is a valid answer to them), or text that is
 * not a range at all (a server may ignore a Range it does not understand). A range whose last byte is
 * before its first is 'unsatisfiable' (a 416), as is a first byte too large to be a position.
 */
export function parseRangeHeader(header: unknown): ByteRange | 'unsatisfiable' | null {
  if (typeof header !== 'string' || header.length > 200) return null;
  const spec = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!spec) return null;
  const [, first, last] = spec;
  if (first === '' && last === '') return null;
  const clamp = (digits: string) => Math.min(Number(digits), Number.MAX_SAFE_INTEGER);
  if (first === '') return { suffix: clamp(last) };
  const start = Number(first);
  if (!Number.isSafeInteger(start)) return 'unsatisfiable';
  if (last === '') return { start };
  const end = clamp(last);
  return end < start ? 'unsatisfiable' : { start, end };
}
