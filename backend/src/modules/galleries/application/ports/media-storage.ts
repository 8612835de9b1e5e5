import type { Readable } from 'node:stream';
import { mediaKey, mediaPrefix } from '../../domain/media-key';

/**
 * As in an HTTP Range header: bytes `start` to `end`, both included (no `end`: to the last byte), or the
 * last `suffix` bytes (`bytes=-500`; the whole object when it is shorter).
 */
export type ByteRange = { start: number; end?: number; suffix?: undefined } | { suffix: number; start?: undefined; end?: undefined };

export interface PutOptions {
  contentType: string;
  /** When known (a multipart part's declared length, a derivative's buffer): a body of another length is refused and nothing is stored. */
  size?: number;
}

export interface OpenedMedia {
  /** Holds an open file or connection until it ends: a caller that stops early (a client gone) destroys it. */
  stream: Readable;
  /** The whole object's size, whatever the range (what a 206 answer's Content-Range ends with). */
  size: number;
  contentType: string;
  /** The bytes the stream carries, both ends included. */
  start: number;
  end: number;
}

/** A range that starts at or past the end of the object, or a suffix of no bytes (an HTTP 416, which names the size). */
export class MediaRangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super(`The range starts past the end of the object (${size} bytes)`);
  }
}

/**
 * Port: where photos and their derivatives are kept (the local folder or S3-compatible object storage).
 * Everything streams: no method holds an object whole in memory.
 *
 * The public methods check every key and prefix (domain/media-key) and then call the adapter, so an
 * adapter never sees a key that could leave its root, and a fake in a handler test gets the same
 * checks for free.
 */
export abstract class MediaStorage {
  /**
   * Streams `body` to `key`, replacing what was there once the whole body is stored. If the body errors
   * or is cut short, nothing new is left under the key (the old object, if any, stays) and the promise
   * rejects with the stream's error.
   */
  async put(key: string, body: Readable, options: PutOptions): Promise<{ size: number }> {
    try {
      mediaKey(key);
      if (options.size !== undefined && !(Number.isSafeInteger(options.size) && options.size >= 0)) {
        throw new Error(`Not a size: ${options.size}`);
      }
    } catch (error) {
      // Nobody will read the body now; destroying it lets its source (an upload) end instead of waiting.
      body.destroy();
      throw error;
    }
    return this.write(key, body, options);
  }

  /** The object's bytes (or a range of them), or null when there is no object under the key. */
  async open(key: string, range?: ByteRange): Promise<OpenedMedia | null> {
    if (range && !isByteRange(range)) throw new Error(`Not a byte range: ${JSON.stringify(range)}`);
    return this.read(mediaKey(key), range);
  }

  async exists(key: string): Promise<boolean> {
    return this.has(mediaKey(key));
  }

  /** Removes these objects; a key with no object is not an error (a retried delete finishes the job). */
  async remove(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.delete(keys.map(mediaKey));
  }

  /** Removes every object whose key starts with `prefix` (which ends with a slash): a project's whole folder. */
  async removePrefix(prefix: string): Promise<void> {
    return this.deletePrefix(mediaPrefix(prefix));
  }

  protected abstract write(key: string, body: Readable, options: PutOptions): Promise<{ size: number }>;
  protected abstract read(key: string, range?: ByteRange): Promise<OpenedMedia | null>;
  protected abstract has(key: string): Promise<boolean>;
  protected abstract delete(keys: readonly string[]): Promise<void>;
  protected abstract deletePrefix(prefix: string): Promise<void>;
}

function isByteRange(range: ByteRange): boolean {
  const natural = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
  if (range.suffix !== undefined) return natural(range.suffix) && range.start === undefined && range.end === undefined;
  return natural(range.start) && (range.end === undefined || (natural(range.end) && range.end >= range.start));
}

/** The bytes a range selects of an object of `size` bytes, both ends included (what a 206 names), or null when it selects none. */
export function rangeBounds(range: ByteRange, size: number): { start: number; end: number } | null {
  if (range.suffix !== undefined)
    return range.suffix === 0 || size === 0 ? null : { start: Math.max(0, size - range.suffix), end: size - 1 };
  if (range.start >= size) return null;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}
