import type { Request, Response } from 'express';
import etag from 'etag';
import { gzipSync } from 'node:zlib';

/**
 * The version of what the project lists show (migration ListVersion), as a SQL expression. Read in
 * the same statement as the session on every signed-in request, and in the same statement as a list
 * when one is built: PostgreSQL gives each statement one snapshot, so the rows and the version agree.
 */
export const LIST_VERSION_SQL = `(SELECT n FROM row_counts WHERE name = 'list_version')`;

const versions = new WeakMap<Request, string>();

/** Records the list version the request's session statement read. */
export function setListVersion(req: Request, version: string | null | undefined): void {
  if (version !== null && version !== undefined) versions.set(req, String(version));
}

/** The list version this request's session statement read, if it read one. */
export function listVersionOf(req: Request): string | undefined {
  return versions.get(req);
}

/** A list answer as it goes on the wire. */
export interface CachedList {
  /** the list version the rows were read with */
  version: string;
  /** what the caller keyed it by ('' for an answer that was not kept) */
  key: string;
  /** the JSON body, encoded once */
  body: Buffer;
  /** the same gzipped, made the first time a client that accepts gzip asks for it */
  gzipped?: Buffer;
  /** the ETag Express would compute for that body (weak: the same for the gzipped body) */
  etag: string;
  /** headers that come with it (Content-Range) */
  headers: Record<string, string>;
  /** what it holds in memory, roughly: the bodies' and the key's bytes */
  bytes: number;
}

export interface ListCacheOptions {
  maxEntries: number;
  maxBytes: number;
}

/**
 * Answers of list calls this instance built, by their request (the caller's key), each tagged with
 * the list version it was read with. An answer is given again only to a request whose session
 * statement read the same version: nothing the list shows has changed in between, on any instance.
 * Bounded in entries and bytes; the least recently used goes first.
 */
export class ListCache {
  private readonly entries = new Map<string, CachedList>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly options: ListCacheOptions) {}

  /** The answer for `key` if it was built at `version`. */
  get(key: string, version: string | undefined): CachedList | undefined {
    if (version === undefined) return undefined;
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) {
      this.misses++;
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits++;
    return entry;
  }

  /** Whether an answer (of any version) is kept for `key`; neither a hit nor a miss. */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Keeps `body` (already JSON) as the answer for `key` at `version`, and returns the entry. */
  put(key: string, version: string, body: string, headers: Record<string, string> = {}): CachedList {
    const entry = answer(body, headers, version, key);
    this.remove(key);
    if (entry.bytes > this.options.maxBytes) return entry;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    while (this.entries.size > this.options.maxEntries || this.bytes > this.options.maxBytes) {
      const oldest = this.entries.keys().next().value as string;
      this.remove(oldest);
    }
    return entry;
  }

  /** Whether `entry` is the answer kept for its key now. */
  holds(entry: CachedList): boolean {
    return this.entries.get(entry.key) === entry;
  }

  /** The gzipped body of a kept answer, made once and counted in its bytes. */
  gzipped(entry: CachedList): Buffer {
    if (!entry.gzipped) {
      entry.gzipped = gzipSync(entry.body);
      entry.bytes += entry.gzipped.length;
      if (this.holds(entry)) this.bytes += entry.gzipped.length;
    }
    return entry.gzipped;
  }

  get size(): number {
    return this.entries.size;
  }

  get sizeInBytes(): number {
    return this.bytes;
  }

  private remove(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.bytes;
  }
}

/** A freshly read list: its rows, the list version read in the same statement (none: do not keep it), its headers. */
export interface BuiltList {
  rows: unknown;
  version: string | undefined;
  headers?: Record<string, string>;
}

/**
 * Answers a list call from `cache` when the request's session statement read the version the kept
 * answer was built at, otherwise builds it, keeps it and answers it. Sends it (with its ETag, so a
 * matching If-None-Match gets a 304), gzipped for a client that accepts it when it was kept: a kept
 * answer is compressed once, not once per request.
 */
export async function answerList(req: Request, res: Response, cache: ListCache, key: string, build: () => Promise<BuiltList>): Promise<void> {
  let entry = cache.get(key, listVersionOf(req));
  let kept = entry !== undefined;
  if (!entry) {
    const built = await build();
    const body = JSON.stringify(built.rows);
    entry = built.version !== undefined ? cache.put(key, built.version, body, built.headers) : answer(body, built.headers, '', '');
    // Too big for the cache, or a cache of size 0 (LIST_CACHE_MB=0): sent as it is, like any answer.
    kept = cache.holds(entry);
  }
  const gzip = kept && entry.body.length >= GZIP_FROM && req.acceptsEncodings('gzip', 'identity') === 'gzip';
  const headers = answerHeaders(entry, gzip);
  for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i], headers[i + 1]);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.send(gzip ? cache.gzipped(entry) : entry.body);
}

/**
 * The headers of a list answer besides its type and length, as a flat [name, value, ...] list: its own
 * (Content-Range), the ETag, Vary, and Content-Encoding when it goes gzipped. answerList and the
 * kept-answer lane send the same.
 */
export function answerHeaders(entry: CachedList, gzip: boolean): string[] {
  const headers = Object.entries(entry.headers).flat();
  headers.push('ETag', entry.etag, 'Vary', 'Accept-Encoding');
  if (gzip) headers.push('Content-Encoding', 'gzip');
  return headers;
}

/** Smaller answers go as they are (as the compression middleware's 1 kB threshold). */
export const GZIP_FROM = 1024;

function answer(json: string, headers: Record<string, string> = {}, version: string, key: string): CachedList {
  const body = Buffer.from(json);
  return { version, key, body, etag: etag(body, { weak: true }), headers, bytes: body.length + key.length };
}
