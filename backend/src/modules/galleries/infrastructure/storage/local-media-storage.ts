import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { InvalidMediaKeyError } from '../../domain/media-key';
import {
  MediaRangeNotSatisfiableError,
  rangeBounds,
  MediaStorage,
  type ByteRange,
  type OpenedMedia,
  type PutOptions,
} from '../../application/ports/media-storage';
import { byteCounter } from './byte-counter';

/**
 * Media in a folder on the server's disk (`MEDIA_DIR`, by default `$DATA_DIR/media`): a key is a path
 * under the root. A body is streamed to a temporary file beside its target and renamed over it once
 * complete, so a reader sees the old object or the new one, never half of one, and a failed upload
 * leaves no object. The content type sits in a small `.<name>.type` file beside the object (a file
 * system keeps no such thing); dot-names can never be keys (domain/media-key), so neither these nor the
 * temporary files can be read, overwritten or listed through a key.
 */
export class LocalMediaStorage extends MediaStorage {
  private readonly root: string;

  constructor(root: string) {
    super();
    this.root = resolve(root);
  }

  protected async write(key: string, body: Readable, options: PutOptions): Promise<{ size: number }> {
    const path = this.pathOf(key);
    const folder = dirname(path);
    const temporary = join(folder, `.tmp-${randomUUID()}`);
    const temporaryType = `${temporary}.type`;
    const counter = byteCounter(options.size);
    try {
      await mkdir(folder, { recursive: true });
      // pipeline destroys every stream on an error, the caller's body included, and waits for the file to close.
      await pipeline(body, counter, createWriteStream(temporary, { flags: 'wx' }));
      await writeFile(temporaryType, options.contentType, { flag: 'wx' });
      // The type first: new bytes are never served with the old type. (Between the two renames the old
      // bytes go out with the new type; objects are replaced only by re-processing, with the same type.)
      await rename(temporaryType, this.typePathOf(path));
      await rename(temporary, path);
      return { size: counter.bytes };
    } catch (error) {
      body.destroy();
      await Promise.all([rm(temporary, { force: true }), rm(temporaryType, { force: true })]);
      throw error;
    }
  }

  protected async read(key: string, range?: ByteRange): Promise<OpenedMedia | null> {
    const path = this.pathOf(key);
    // One open file: a rename or a delete after this point does not change what is read.
    const file = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
      throw error;
    });
    if (!file) return null;
    try {
      const info = await file.stat();
      if (!info.isFile()) {
        await file.close();
        return null;
      }
      const size = info.size;
      const bounds = range ? rangeBounds(range, size) : { start: 0, end: size - 1 };
      if (!bounds) throw new MediaRangeNotSatisfiableError(size);
      const { start, end } = bounds;
      // The type file is in place before its object's bytes (write renames it first), so bytes without one are
      // an object being deleted right now (a project's folder goes in no set order): gone, not an untyped file.
      const contentType = await readFile(this.typePathOf(path), 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (contentType === null) {
        await file.close();
        return null;
      }
      // autoClose: the file is closed when the stream ends, fails or is destroyed.
      // An empty object (end -1) reads as an empty stream with no bounds given.
      const stream = file.createReadStream(size === 0 ? {} : { start, end });
      return { stream, size, contentType, start, end };
    } catch (error) {
      await file.close().catch(() => undefined);
      throw error;
    }
  }

  protected async has(key: string): Promise<boolean> {
    const info = await stat(this.pathOf(key)).catch(() => null);
    return info?.isFile() ?? false;
  }

  protected async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      const path = this.pathOf(key);
      await rm(path, { force: true });
      await rm(this.typePathOf(path), { force: true });
      await this.pruneEmptyFolders(dirname(path));
    }
  }

  protected async deletePrefix(prefix: string): Promise<void> {
    const folder = this.pathOf(prefix.slice(0, -1));
    await rm(folder, { recursive: true, force: true });
    await this.pruneEmptyFolders(dirname(folder));
  }

  /** A deleted photo's folder goes with its last file; stops at the first folder that still holds something, and never removes the root. */
  private async pruneEmptyFolders(folder: string): Promise<void> {
    while (folder.startsWith(this.root + sep)) {
      const removed = await rmdir(folder).then(
        () => true,
        () => false,
      );
      if (!removed) return;
      folder = dirname(folder);
    }
  }

  private pathOf(key: string): string {
    const path = join(this.root, ...key.split('/'));
    // The key was checked by the port; this second look costs nothing and holds even if that check changes.
    if (!path.startsWith(this.root + sep)) throw new InvalidMediaKeyError(key);
    return path;
  }

  private typePathOf(path: string): string {
    return join(dirname(path), `.${basename(path)}.type`);
  }
}
