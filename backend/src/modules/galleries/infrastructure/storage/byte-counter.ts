import { Transform } from 'node:stream';

export class MediaSizeMismatchError extends Error {
  constructor(
    readonly expected: number,
    readonly received: number,
  ) {
    super(`Expected ${expected} bytes, received ${received}`);
  }
}

/**
 * A pass-through that counts the bytes going to storage. With an expected size it fails the stream
 * (so the adapter stores nothing) as soon as more arrive, or at the end if fewer did: a body cut short
 * by a dropped connection must not be kept as if it were the photo.
 */
export function byteCounter(expected?: number): Transform & { readonly bytes: number } {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (expected !== undefined && bytes > expected) return done(new MediaSizeMismatchError(expected, bytes));
      done(null, chunk);
    },
    flush(done) {
      done(expected !== undefined && bytes !== expected ? new MediaSizeMismatchError(expected, bytes) : null);
    },
  });
  return Object.defineProperty(counter, 'bytes', { get: () => bytes }) as Transform & { readonly bytes: number };
}
