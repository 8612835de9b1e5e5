import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  MediaRangeNotSatisfiableError,
  rangeBounds,
  MediaStorage,
  type ByteRange,
  type OpenedMedia,
  type PutOptions,
} from '../../application/ports/media-storage';
import { byteCounter } from './byte-counter';

/** What the app maps from S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY. */
export interface S3MediaStorageOptions {
  bucket: string;
  /** For S3-compatible services (MinIO, R2, B2, Scaleway…); none for AWS itself. */
  endpoint?: string;
  region: string;
  /** Both or neither; with neither, the SDK's own chain (environment, instance role) is used. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path instead of the host name: what most S3-compatible servers expect. Default: true with an endpoint. */
  forcePathStyle?: boolean;
  /** Bytes per multipart part (at least 5 MiB, S3's minimum). Default 8 MiB. */
  partSize?: number;
  /** Parts in flight at once. Default 2. */
  queueSize?: number;
  /** Keys per listing page and per DeleteObjects call: at most 1,000 (S3's limit), the default. */
  batchSize?: number;
}

const MIB = 1024 * 1024;
/** DeleteObjects takes at most 1,000 keys, as ListObjectsV2 returns at most 1,000 per page. */
const MAX_BATCH = 1000;

/**
 * Media in an S3 bucket. A body of unknown length goes up as a multipart upload (lib-storage's Upload):
 * it holds at most about (queueSize + 1) parts in memory, 24 MiB with the defaults, whatever the file's
 * size. A body that fails or is cut short aborts the multipart upload, so no object appears under the
 * key (S3 makes an object visible only when the upload completes; a body smaller than one part is
 * sent as a single PutObject only once it has been read whole).
 */
export class S3MediaStorage extends MediaStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly partSize: number;
  private readonly queueSize: number;
  private readonly batchSize: number;

  constructor(options: S3MediaStorageOptions) {
    super();
    this.bucket = options.bucket;
    this.partSize = Math.max(options.partSize ?? 8 * MIB, 5 * MIB);
    this.queueSize = Math.max(options.queueSize ?? 2, 1);
    this.batchSize = Math.min(Math.max(options.batchSize ?? MAX_BATCH, 1), MAX_BATCH);
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? options.endpoint !== undefined,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // The SDK's newer default adds CRC checksums to every upload (streamed as aws-chunked bodies), which
      // several S3-compatible services do not accept; AWS needs them only where an operation requires one
      // (DeleteObjects), and "when required" still sends those.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Closes the client's sockets (at shutdown, and after a test). */
  close(): void {
    this.client.destroy();
  }

  protected async write(key: string, body: Readable, options: PutOptions): Promise<{ size: number }> {
    const counter = byteCounter(options.size);
    // The first thing that went wrong on our side (the body failed or closed early, or the size was
    // wrong). The upload then fails too, maybe with the abort's own error; the caller is told this one.
    let failure: unknown;
    body.once('error', (error) => (failure ??= error));
    counter.once('error', (error) => (failure ??= error));
    // pipeline, not pipe: a body that fails, or closes before its end, fails the counter too, so the
    // upload reading it stops instead of waiting for bytes that will never come.
    pipeline(body, counter).catch(() => undefined);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counter, ContentType: options.contentType },
      partSize: this.partSize,
      queueSize: this.queueSize,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
      return { size: counter.bytes };
    } catch (error) {
      // As with pipeline in the local adapter: the caller's body is not read any further.
      body.destroy();
      counter.destroy();
      throw failure ?? error;
    }
  }

  protected async read(key: string, range?: ByteRange): Promise<OpenedMedia | null> {
    if (range?.suffix !== undefined) {
      // The last n bytes, asked as first-last after one HEAD: S3 reads `bytes=-n` as a suffix, but not every
      // S3-compatible server does (s3rver 3.7 answers bytes 0-n), and `bytes=-0` is answered differently by
      // each. Suffix ranges are rare (a resumed download asks `bytes=a-`), so the extra request is cheap.
      const size = await this.sizeOf(key);
      if (size === null) return null;
      const bounds = rangeBounds(range, size);
      if (!bounds) throw new MediaRangeNotSatisfiableError(size);
      return this.read(key, bounds);
    }
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error('The S3 client gave no Node stream');
      const contentRange = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '');
      const size = contentRange ? Number(contentRange[3]) : (answer.ContentLength ?? 0);
      const start = contentRange ? Number(contentRange[1]) : 0;
      const end = contentRange ? Number(contentRange[2]) : size - 1;
      if (range && size === 0) {
        // No byte of an empty object is in any range (servers answer it as a 200, a 206 or a 416).
        answer.Body.destroy();
        throw new MediaRangeNotSatisfiableError(0);
      }
      return { stream: answer.Body, size, contentType: answer.ContentType ?? 'application/octet-stream', start, end };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      if (statusOf(error) === 416) {
        // S3's 416 does not say the size, which the HTTP answer must; one HEAD finds it.
        const size = await this.sizeOf(key);
        if (size === null) return null;
        throw new MediaRangeNotSatisfiableError(size);
      }
      throw error;
    }
  }

  protected async has(key: string): Promise<boolean> {
    return (await this.sizeOf(key)) !== null;
  }

  protected async delete(keys: readonly string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += this.batchSize) {
      const batch = keys.slice(i, i + this.batchSize);
      const answer = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
      // A batch answers 200 even when some keys failed; those are only in Errors.
      if (answer.Errors?.length) {
        const first = answer.Errors[0];
        throw new Error(`S3 did not delete ${answer.Errors.length} object(s), first ${first.Key}: ${first.Code} ${first.Message}`);
      }
    }
  }

  protected async deletePrefix(prefix: string): Promise<void> {
    let token: string | undefined;
    do {
      // One page of up to batchSize keys, deleted in one batch. The continuation token names a key, not a
      // position, so deleting the page does not make the next listing skip anything.
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: this.batchSize }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      if (keys.length) await this.delete(keys);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  private async sizeOf(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }
}

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}
