import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

/**
 * Test helpers (not a spec: jest runs only *.spec.ts). Bodies are generated chunk by chunk, never held
 * whole, and hash themselves as they go, so a test can compare a 300 MB round trip byte for byte.
 */
const BLOCK = randomBytes(1024 * 1024 + 7);

export interface GeneratedBody {
  stream: Readable;
  /** The SHA-256 of every byte handed out so far (complete once the stream has ended). */
  digest(): string;
}

export function generatedBody(size: number, options: { failAfter?: number; closeAfter?: number; chunk?: number } = {}): GeneratedBody {
  const hash = createHash('sha256');
  const chunk = options.chunk ?? 64 * 1024;
  let sent = 0;
  let offset = 0;
  let digest: string | undefined;
  const stream = new Readable({
    read() {
      if (options.failAfter !== undefined && sent >= options.failAfter) return void this.destroy(new Error('the upload broke off'));
      if (options.closeAfter !== undefined && sent >= options.closeAfter) return void this.destroy();
      if (sent >= size) return void this.push(null);
      const length = Math.min(chunk, size - sent);
      // Copies of a random block at moving offsets: varied bytes, cheap to make, different every time.
      const piece = Buffer.allocUnsafe(length);
      for (let filled = 0; filled < length;) {
        const n = BLOCK.copy(piece, filled, offset, Math.min(BLOCK.length, offset + length - filled));
        filled += n;
        offset = (offset + n) % BLOCK.length;
      }
      hash.update(piece);
      sent += length;
      this.push(piece);
    },
  });
  return { stream, digest: () => (digest ??= hash.digest('hex')) };
}

export async function digestOf(stream: Readable): Promise<{ digest: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const piece of stream as AsyncIterable<Buffer>) {
    hash.update(piece);
    bytes += piece.length;
  }
  return { digest: hash.digest('hex'), bytes };
}

export async function textOf(stream: Readable): Promise<string> {
  const pieces: Buffer[] = [];
  for await (const piece of stream as AsyncIterable<Buffer>) pieces.push(piece);
  return Buffer.concat(pieces).toString('utf8');
}

/** Runs `action` while sampling this process's RSS every 10 ms; answers the largest growth over the RSS before it. */
export async function rssGrowthDuring(action: () => Promise<unknown>): Promise<{ growthBytes: number; baselineBytes: number }> {
  global.gc?.();
  const baselineBytes = process.memoryUsage().rss;
  let peak = baselineBytes;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    await action();
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return { growthBytes: peak - baselineBytes, baselineBytes };
}

/**
 * An S3-compatible server (s3rver) in a child process, on a free port, storing in `directory`, logging
 * nothing. A child, not in-process: the memory tests measure the client's memory, not the server's.
 * s3rver 3.7 makes its ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node 17 and later)
 * keeps in its legacy provider: without the flag a truncated listing answers 500.
 */
export async function startS3rver(directory: string, bucket: string): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const script = `
    const S3rver = require(${JSON.stringify(require.resolve('s3rver'))});
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: ${JSON.stringify(directory)},
      configureBuckets: [{ name: ${JSON.stringify(bucket)} }] });
    server.run().then(({ port }) => process.stdout.write('PORT ' + port + '\\n'));
    process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
  `;
  const child: ChildProcess = spawn(process.execPath, ['--openssl-legacy-provider', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (data: Buffer) => {
      out += data.toString();
      const found = /PORT (\d+)/.exec(out);
      if (found) resolve(Number(found[1]));
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before it listened`)));
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
