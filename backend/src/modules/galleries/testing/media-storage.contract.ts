import { Readable } from 'node:stream';
import { InvalidMediaKeyError, photoMediaKeys, projectMediaPrefix } from '../domain/media-key';
import { MediaRangeNotSatisfiableError, type MediaStorage } from '../application/ports/media-storage';
import { MediaSizeMismatchError } from '../infrastructure/storage/byte-counter';
import { digestOf, generatedBody, textOf } from './media-storage.test-support';

const MIB = 1024 * 1024;
const text = (value: string) => Readable.from([Buffer.from(value)]);

/**
 * What every MediaStorage adapter must do, run by each adapter's spec against the real thing (a temporary
 * folder, an S3-compatible server). `bigSize` crosses the S3 adapter's part size, so it goes up in parts.
 */
export function describeMediaStorageContract(name: string, storage: () => MediaStorage, bigSize = 11 * MIB): void {
  describe(`${name}: the MediaStorage contract`, () => {
    const keys = photoMediaKeys('p1', 'photo-a');

    it('stores a streamed body and gives it back byte for byte, with its size and type', async () => {
      const body = generatedBody(bigSize);
      await expect(storage().put(keys.original, body.stream, { contentType: 'image/jpeg' })).resolves.toEqual({ size: bigSize });
      const opened = await storage().open(keys.original);
      expect(opened).toMatchObject({ size: bigSize, contentType: 'image/jpeg', start: 0, end: bigSize - 1 });
      expect(await digestOf(opened!.stream)).toEqual({ digest: body.digest(), bytes: bigSize });
      expect(await storage().exists(keys.original)).toBe(true);
    });

    it('stores small and empty bodies, and replaces an object put again under the same key', async () => {
      await storage().put(keys.thumb, text('first'), { contentType: 'image/webp', size: 5 });
      await storage().put(keys.thumb, text('second version'), { contentType: 'image/png' });
      const opened = await storage().open(keys.thumb);
      expect(opened).toMatchObject({ size: 14, contentType: 'image/png' });
      expect(await textOf(opened!.stream)).toBe('second version');

      await expect(storage().put(keys.preview, Readable.from([]), { contentType: 'image/webp', size: 0 })).resolves.toEqual({ size: 0 });
      const empty = await storage().open(keys.preview);
      expect(empty).toMatchObject({ size: 0 });
      expect(await textOf(empty!.stream)).toBe('');
    });

    it('reads ranges: both ends included, an open end, an end past the last byte; a start past it is refused with the size', async () => {
      const key = photoMediaKeys('p1', 'ranges').original;
      await storage().put(key, text('0123456789'), { contentType: 'image/jpeg' });
      const read = async (start: number, end?: number) => {
        const opened = await storage().open(key, { start, end });
        return { text: await textOf(opened!.stream), size: opened!.size, start: opened!.start, end: opened!.end };
      };
      expect(await read(2, 4)).toEqual({ text: '234', size: 10, start: 2, end: 4 });
      expect(await read(7)).toEqual({ text: '789', size: 10, start: 7, end: 9 });
      expect(await read(8, 100)).toEqual({ text: '89', size: 10, start: 8, end: 9 });
      // One byte. Not bytes=0-0: s3rver 3.7 reads an end of 0 as no end (AWS does not), which would test the server.
      expect(await read(5, 5)).toEqual({ text: '5', size: 10, start: 5, end: 5 });
      const refused = await storage()
        .open(key, { start: 10 })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(MediaRangeNotSatisfiableError);
      expect((refused as MediaRangeNotSatisfiableError).size).toBe(10);
    });

    it('reads suffix ranges (the last n bytes; the whole object when shorter); a suffix of 0 or of an empty object is refused with the size', async () => {
      const key = photoMediaKeys('p1', 'suffixes').original;
      await storage().put(key, text('0123456789'), { contentType: 'image/jpeg' });
      const read = async (suffix: number) => {
        const opened = await storage().open(key, { suffix });
        return { text: await textOf(opened!.stream), size: opened!.size, start: opened!.start, end: opened!.end };
      };
      expect(await read(3)).toEqual({ text: '789', size: 10, start: 7, end: 9 });
      expect(await read(1)).toEqual({ text: '9', size: 10, start: 9, end: 9 });
      expect(await read(25)).toEqual({ text: '0123456789', size: 10, start: 0, end: 9 });
      const refusal = (k: string, range: { suffix: number } | { start: number }) =>
        storage()
          .open(k, range)
          .catch((e: unknown) => e);
      const zero = await refusal(key, { suffix: 0 });
      expect(zero).toBeInstanceOf(MediaRangeNotSatisfiableError);
      expect((zero as MediaRangeNotSatisfiableError).size).toBe(10);
      const emptyKey = photoMediaKeys('p1', 'suffixes').thumb;
      await storage().put(emptyKey, text(''), { contentType: 'image/webp' });
      for (const range of [{ suffix: 4 }, { start: 0 }]) {
        const empty = await refusal(emptyKey, range);
        expect(empty).toBeInstanceOf(MediaRangeNotSatisfiableError);
        expect((empty as MediaRangeNotSatisfiableError).size).toBe(0);
      }
      expect(await storage().open(photoMediaKeys('p1', 'nothing-here').original, { suffix: 5 })).toBeNull();
      // not ranges: refused before any adapter is asked
      for (const bad of [{ suffix: -1 }, { suffix: 1.5 }, { start: 5, end: 2 }, { start: -1 }]) {
        await expect(storage().open(key, bad as { start: number })).rejects.toThrow('Not a byte range');
      }
    });

    it('a body that fails half-way rejects with its error and leaves nothing under the key', async () => {
      const key = photoMediaKeys('p1', 'broken').original;
      const body = generatedBody(bigSize, { failAfter: Math.floor(bigSize / 2) });
      await expect(storage().put(key, body.stream, { contentType: 'image/jpeg' })).rejects.toThrow('the upload broke off');
      expect(body.stream.destroyed).toBe(true);
      expect(await storage().exists(key)).toBe(false);
      expect(await storage().open(key)).toBeNull();
    });

    it('a body that closes before its end (a dropped connection) rejects and leaves nothing; an old object stays as it was', async () => {
      const key = photoMediaKeys('p1', 'dropped').original;
      await storage().put(key, text('the old bytes'), { contentType: 'image/jpeg' });
      const body = generatedBody(bigSize, { closeAfter: 6 * MIB });
      await expect(storage().put(key, body.stream, { contentType: 'image/png' })).rejects.toThrow();
      const opened = await storage().open(key);
      expect(opened).toMatchObject({ size: 13, contentType: 'image/jpeg' });
      expect(await textOf(opened!.stream)).toBe('the old bytes');
    });

    it('a body shorter or longer than its declared size is refused and not stored', async () => {
      const key = photoMediaKeys('p1', 'sized').original;
      await expect(storage().put(key, text('12345'), { contentType: 'image/jpeg', size: 9 })).rejects.toBeInstanceOf(
        MediaSizeMismatchError,
      );
      await expect(storage().put(key, text('12345'), { contentType: 'image/jpeg', size: 3 })).rejects.toBeInstanceOf(
        MediaSizeMismatchError,
      );
      expect(await storage().exists(key)).toBe(false);
    });

    it('answers null and false for a key with no object', async () => {
      expect(await storage().open(photoMediaKeys('p1', 'never').original)).toBeNull();
      expect(await storage().open(photoMediaKeys('p1', 'never').original, { start: 3 })).toBeNull();
      expect(await storage().exists(photoMediaKeys('p1', 'never').original)).toBe(false);
      // A key that names a folder of other objects is not an object either.
      expect(await storage().open('projects/p1')).toBeNull();
    });

    it("remove deletes a photo's files (a missing one is no error) and nothing else", async () => {
      const gone = photoMediaKeys('p2', 'gone');
      const kept = photoMediaKeys('p2', 'kept');
      for (const key of [gone.original, gone.thumb, kept.original]) await storage().put(key, text(key), { contentType: 'image/webp' });
      await storage().remove([gone.original, gone.thumb, gone.preview]);
      await storage().remove([]);
      expect(await storage().exists(gone.original)).toBe(false);
      expect(await storage().exists(gone.thumb)).toBe(false);
      expect(await textOf((await storage().open(kept.original))!.stream)).toBe(kept.original);
    });

    it("removePrefix deletes every object of a project and none of another's, even one whose id starts the same", async () => {
      const doomed = ['a', 'b', 'c'].flatMap((photo) => Object.values(photoMediaKeys('p3', photo)));
      const others = [photoMediaKeys('p30', 'a').original, photoMediaKeys('p4', 'a').thumb, 'projects/p3x/loose'];
      for (const key of [...doomed, ...others]) await storage().put(key, text(key), { contentType: 'image/webp' });
      await storage().removePrefix(projectMediaPrefix('p3'));
      for (const key of doomed) expect(await storage().exists(key)).toBe(false);
      for (const key of others) expect(await storage().exists(key)).toBe(true);
      await expect(storage().removePrefix(projectMediaPrefix('p-empty'))).resolves.toBeUndefined();
    });

    it('refuses every key that is not a plain relative name, before touching storage', async () => {
      const bad = [
        '../x',
        'projects/../../etc/passwd',
        '/etc/passwd',
        'a//b',
        'a/./b',
        './a',
        '.hidden',
        'a/.tmp-x',
        'a\\b',
        'a b',
        '',
        'a/',
        'caf\u00e9',
        '%2e%2e/x',
        'a\u0000b',
        'x'.repeat(513),
      ];
      for (const key of bad) {
        const body = text('nope');
        await expect(storage().put(key, body, { contentType: 'image/jpeg' })).rejects.toBeInstanceOf(InvalidMediaKeyError);
        expect(body.destroyed).toBe(true);
        await expect(storage().open(key)).rejects.toBeInstanceOf(InvalidMediaKeyError);
        await expect(storage().exists(key)).rejects.toBeInstanceOf(InvalidMediaKeyError);
        await expect(storage().remove([photoMediaKeys('p1', 'x').original, key])).rejects.toBeInstanceOf(InvalidMediaKeyError);
      }
      for (const prefix of ['projects/p1', '../', '/', '', 'projects//', 'projects/../']) {
        await expect(storage().removePrefix(prefix)).rejects.toBeInstanceOf(InvalidMediaKeyError);
      }
    });
  });
}
