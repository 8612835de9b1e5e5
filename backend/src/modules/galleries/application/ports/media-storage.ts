import type { Readable } from 'node:stream';
import { mediaKey, mediaPrefix } from '../../domain/media-key';

/** Bytes `start` to `end`, both included, as in an HTTP Range header; no `end` means to the last byte. */
export interface ByteRange {
  start: number;
  end?: number;
}

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

/** A range that starts at or past the end of the object (an HTTP 416, which names the size). */
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
    if (range && !(Number.isSafeInteger(range.start) && range.start >= 0 && (range.end === undefined || Number.isSafeInteger(range.end)))) {
      throw new Error(`Not a byte range: ${JSON.stringify(range)}`);
    }
    if (range?.end !== undefined && range.end < range.start) throw new Error(`Not a byte range: ${JSON.stringify(range)}`);
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
