/**
 * The galleries' rows of `npm run bench` (BENCH_ONLY=galleries; CONTRACT §10, decision 0029), against the
 * product started as its own process:
 *
 * a. Processing rate: BENCH_PHOTOS (default 120) 24-megapixel JPEGs (made once with sharp, with grain, so
 *    each is a camera's ~10 MB) uploaded in one request, then photos made ready per second, while sign-in
 *    and the admin's Projects page are measured with autocannon; their p99 against the same calls idle,
 *    just before. With the default settings (a worker process at nice 10 with 2 lanes) and, when 3/s is
 *    missed, once more with BENCH_GALLERY_LANES (3).
 * b. Upload memory: one request of 20 file parts of 50 MB (1 GB; each part a real JPEG header and
 *    padding), the server's RSS (/proc/<pid>/status VmRSS every 50 ms) against the second before.
 * c. ZIP download: a paid project of 40 originals of 50 MB (2 GB, written through the storage layer and
 *    inserted as ready rows), GET /api/projects/{id}/photos.zip by its client, the bytes discarded:
 *    MB/s, and the RSS rise.
 */
import { readFileSync, statSync, createReadStream } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Client } from 'pg';
import sharp from 'sharp';
import { LocalMediaStorage } from '../src/modules/galleries/infrastructure/storage/local-media-storage';
import { photoMediaKeys } from '../src/modules/galleries';
import { generatedBody } from '../src/modules/galleries/testing/media-storage.test-support';
import { makePhoto } from './bench-photo';
import { sleep, type AppProcess, HttpSession } from '../test/support/processes';

export interface Timed {
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
  /** e.g. "503×21" for the answers that were not 2xx. */
  codes: string;
  errors: number;
  /** the paced rate asked for (requests a second) */
  rate: number;
}

export interface GalleriesContext {
  dbUrl: string;
  mediaDir: string;
  workDir: string;
  adminCookie: string;
  client: { id: number; cookie: string };
  /** Starts the product (its usual settings plus `env`); the section stops it. */
  startProduct(env: Record<string, string>): Promise<AppProcess>;
  /** Sign-in or the Projects page measured against `url` (warm-up, then DURATION s, autocannon). */
  measureCall(url: string, key: 'login' | 'projects'): Promise<Timed>;
}

export interface GalleriesRow {
  name: string;
  shown: string;
  figure: string;
  target: string;
  met: boolean;
}

const MB = 1e6;
const num = (name: string, dflt: number) => (process.env[name] ? Number(process.env[name]) : dflt);

/** The server's resident memory, read as `top` shows it. */
function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** The median RSS over a second (the baseline), then the peak while `action` runs, sampled every 50 ms. */
async function rssRiseDuring<T>(pid: number, action: () => Promise<T>): Promise<{ result: T; baseline: number; peak: number }> {
  const before: number[] = [];
  for (let i = 0; i < 20; i++) {
    before.push(rssOf(pid));
    await sleep(50);
  }
  before.sort((a, b) => a - b);
  const baseline = before[10];
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);
  try {
    const result = await action();
    peak = Math.max(peak, rssOf(pid));
    return { result, baseline, peak };
  } finally {
    clearInterval(timer);
  }
}

interface Part {
  filename: string;
  body: () => Readable;
}

/** One multipart/form-data POST streamed from the parts' own streams (nothing held whole), chunked. */
function uploadParts(base: string, path: string, cookie: string, parts: Part[]): Promise<{ status: number; text: string; bytes: number }> {
  const boundary = `----bench${Date.now()}`;
  let bytes = 0;
  async function* body(): AsyncGenerator<Buffer> {
    for (const part of parts) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      );
      for await (const chunk of part.body() as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        yield chunk;
      }
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method: 'POST',
        agent: new Agent({ keepAlive: false }),
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, bytes }));
      },
    );
    req.on('error', reject);
    Readable.from(body()).on('error', reject).pipe(req);
  });
}

/** A GET whose answer is counted and dropped. */
function download(url: string, cookie: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { cookie } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function newProject(base: string, adminCookie: string, clientId: number, name: string): Promise<number> {
  const s = new HttpSession(base, 60_000);
  s.cookie = adminCookie;
  try {
    const res = await s.post('/api/projects', { name, clientId, price: '100', selectedServices: [] });
    if (res.status !== 201) throw new Error(`POST /api/projects answered ${res.status} ${res.text.slice(0, 200)}`);
    return res.body.id as number;
  } finally {
    s.close();
  }
}

const p99Row = (name: string, idle: Timed, loaded: Timed, note: string): GalleriesRow => {
  const limit = Math.max(2 * idle.p99, 1);
  return {
    name: `${name}, while photos are processed`,
    shown: note,
    figure:
      `p99 ${loaded.p99} ms (idle ${idle.p99} ms), p50 ${loaded.p50} ms (idle ${idle.p50}), ${Math.round(loaded.rps)} req/s (idle ${Math.round(idle.rps)}), ` +
      `non-2xx ${loaded.non2xx}${loaded.codes ? ` (${loaded.codes})` : ''}, errors ${loaded.errors}`,
    target: `p99 ≤ 2× idle (≤ ${limit} ms)`,
    met: loaded.p99 <= limit && loaded.non2xx === 0 && loaded.errors === 0,
  };
};

/** a. Photos ready per second while sign-in and the Projects page are measured; and those two idle, before. */
async function processingRate(ctx: GalleriesContext, app: AppProcess, photo: string, setting: string): Promise<GalleriesRow[]> {
  const count = num('BENCH_PHOTOS', 120);
  const size = statSync(photo).size;
  const sql = new Client({ connectionString: ctx.dbUrl });
  await sql.connect();
  try {
    const projectId = await newProject(app.url, ctx.adminCookie, ctx.client.id, `Bench gallery, ${setting}`);
    console.log(`  idle: sign-in, then the Projects page`);
    const idleLogin = await ctx.measureCall(app.url, 'login');
    const idleProjects = await ctx.measureCall(app.url, 'projects');
    console.log(`    sign-in p99 ${idleLogin.p99} ms, Projects p99 ${idleProjects.p99} ms`);

    const started = Date.now();
    const parts = Array.from({ length: count }, (_, i) => ({ filename: `IMG_${1000 + i}.jpg`, body: () => createReadStream(photo) }));
    const up = await uploadParts(app.url, `/api/projects/${projectId}/photos`, ctx.adminCookie, parts);
    if (up.status !== 201) throw new Error(`the upload answered ${up.status} ${up.text.slice(0, 300)}`);
    const uploadS = (Date.now() - started) / 1000;
    const done = async () =>
      (
        await sql.query(
          `SELECT count(*) FILTER (WHERE status = 'ready')::int AS ready, count(*) FILTER (WHERE status = 'failed')::int AS failed,
                  count(*) FILTER (WHERE status = 'processing')::int AS waiting
             FROM photos WHERE project_id = $1`,
          [projectId],
        )
      ).rows[0] as { ready: number; failed: number; waiting: number };
    console.log(
      `  ${count} photos of ${(size / MB).toFixed(1)} MB uploaded in ${uploadS.toFixed(1)} s; ${(await done()).ready} ready by then`,
    );

    console.log(`  while they are processed: sign-in, then the Projects page`);
    const clock = async () => (await sql.query(`SELECT now() AS t`)).rows[0].t as Date;
    const loadFrom = await clock();
    const loadedLogin = await ctx.measureCall(app.url, 'login');
    const afterLogin = await done();
    const loadedProjects = await ctx.measureCall(app.url, 'projects');
    const afterProjects = await done();
    const loadTo = await clock();
    console.log(
      `    sign-in p99 ${loadedLogin.p99} ms (${afterLogin.waiting} photos still waiting after it), Projects p99 ${loadedProjects.p99} ms (${afterProjects.waiting} waiting)`,
    );
    const deadline = Date.now() + 15 * 60_000;
    let state = afterProjects;
    while (state.waiting > 0 && Date.now() < deadline) {
      await sleep(500);
      state = await done();
    }
    const span = (
      await sql.query(
        `SELECT count(*) FILTER (WHERE processed_at BETWEEN $2 AND $3)::int AS during,
                count(*) FILTER (WHERE processed_at > $3)::int AS after,
                extract(epoch FROM max(processed_at) - $3)::float AS after_s,
                extract(epoch FROM $3::timestamptz - $2::timestamptz)::float AS during_s,
                extract(epoch FROM max(processed_at))::float * 1000 AS last
           FROM photos WHERE project_id = $1 AND status = 'ready'`,
        [projectId, loadFrom, loadTo],
      )
    ).rows[0] as { during: number; after: number; after_s: number; during_s: number; last: number };
    // Photos made ready while sign-in and Projects were measured (the backlog lasted: checked above), and
    // after, with nothing else asked of the server.
    const rate = span.during / span.during_s;
    const alone = span.after > 1 ? span.after / span.after_s : null;
    const wholeS = (span.last - started) / 1000;
    console.log(
      `  ${state.ready} ready, ${state.failed} failed: ${rate.toFixed(2)} photos/s during the measured calls (${span.during} in ${span.during_s.toFixed(1)} s), ` +
        `${alone === null ? 'none left after them' : `${alone.toFixed(2)}/s after them, alone (${span.after})`}; ${wholeS.toFixed(1)} s from the upload's start to the last`,
    );
    // The windows are only "during" while photos were still waiting at their end.
    const note = (left: number) => (left > 0 ? '' : ' (the backlog ran out before this window ended: partly idle)');
    return [
      {
        name: `Photo processing, ${setting}`,
        shown: `${count} × 6000×4000 JPEG (${(size / MB).toFixed(1)} MB each) in one POST /api/projects/{id}/photos; thumbnail + preview + watermarked preview each`,
        figure:
          `${rate.toFixed(2)} photos/s while sign-in and Projects are measured (${span.during} in ${span.during_s.toFixed(1)} s)` +
          `${alone === null ? '' : `; ${alone.toFixed(2)}/s after, with nothing else to do`}; ${state.ready} ready, ${state.failed} failed, ` +
          `upload ${uploadS.toFixed(1)} s, last ready ${wholeS.toFixed(1)} s after its start`,
        target: '≥ 3 photos/s',
        met: rate >= 3 && state.failed === 0,
      },
      p99Row(`Sign in (${setting})`, idleLogin, loadedLogin, `POST /api/login at ${idleLogin.rate}/s${note(afterLogin.waiting)}`),
      p99Row(
        `Admin projects, page 1 (${setting})`,
        idleProjects,
        loadedProjects,
        `GET /api/projects?sort=["date","DESC"]&range=[0,24] at ${idleProjects.rate}/s${note(afterProjects.waiting)}`,
      ),
    ];
  } finally {
    await sql.end();
  }
}

/** b. One request of 20 parts × 50 MB: the server's RSS rise while it streams them to storage. */
async function uploadMemory(ctx: GalleriesContext, app: AppProcess): Promise<GalleriesRow> {
  const projectId = await newProject(app.url, ctx.adminCookie, ctx.client.id, 'Bench upload memory');
  // A real JPEG header (64 × 48) and then zeros to 50 MB: the upload takes it by its first bytes, the
  // worker makes a small preview of it afterwards (its copy to a temporary file runs during the upload).
  const head = await sharp({ create: { width: 64, height: 48, channels: 3, background: 'gray' } })
    .jpeg()
    .toBuffer();
  const PART = 50 * MB;
  const PARTS = 20;
  const zeros = Buffer.alloc(1024 * 1024);
  const part = (): Readable =>
    Readable.from(
      (function* () {
        yield head;
        for (let left = PART - head.length; left > 0; left -= zeros.length) yield left >= zeros.length ? zeros : zeros.subarray(0, left);
      })(),
    );
  const parts = Array.from({ length: PARTS }, (_, i) => ({ filename: `big-${i}.jpg`, body: part }));
  let seconds = 0;
  const { result, baseline, peak } = await rssRiseDuring(app.pid, async () => {
    const t = Date.now();
    const r = await uploadParts(app.url, `/api/projects/${projectId}/photos`, ctx.adminCookie, parts);
    seconds = (Date.now() - t) / 1000;
    return r;
  });
  if (result.status !== 201) throw new Error(`the 1 GB upload answered ${result.status} ${result.text.slice(0, 300)}`);
  const rise = (peak - baseline) / 2 ** 20;
  console.log(
    `  1 GB in one request (${PARTS} × 50 MB): ${seconds.toFixed(1)} s (${(result.bytes / MB / seconds).toFixed(0)} MB/s); RSS ${(baseline / 2 ** 20).toFixed(0)} → peak ${(peak / 2 ** 20).toFixed(0)} MiB (+${rise.toFixed(1)} MiB)`,
  );
  return {
    name: 'Upload memory',
    shown: `POST /api/projects/{id}/photos, one request of ${PARTS} file parts × 50 MB (1 GB)`,
    figure: `RSS +${rise.toFixed(1)} MiB (${(baseline / 2 ** 20).toFixed(0)} → ${(peak / 2 ** 20).toFixed(0)} MiB); ${(result.bytes / MB / seconds).toFixed(0)} MB/s`,
    target: 'RSS rise ≤ 100 MB',
    met: rise * 2 ** 20 <= 100 * MB,
  };
}

/** c. A paid project of 2 GB of originals downloaded as one ZIP by its client. */
async function zipDownload(ctx: GalleriesContext, app: AppProcess): Promise<GalleriesRow[]> {
  const projectId = await newProject(app.url, ctx.adminCookie, ctx.client.id, 'Bench ZIP');
  const FILES = 40;
  const SIZE = 50 * MB;
  const sql = new Client({ connectionString: ctx.dbUrl });
  await sql.connect();
  const storage = new LocalMediaStorage(ctx.mediaDir);
  try {
    const t = Date.now();
    const ids = (
      await sql.query(
        `INSERT INTO photos (project_id, filename, content_type, size, width, height, status, processed_at)
         SELECT $1, 'DSC_' || n || '.jpg', 'image/jpeg', $2, 6000, 4000, 'ready', now() FROM generate_series(1, $3::int) AS n RETURNING id`,
        [projectId, SIZE, FILES],
      )
    ).rows.map((r: { id: number }) => r.id);
    for (const id of ids) {
      await storage.put(photoMediaKeys(String(projectId), String(id)).original, generatedBody(SIZE, { chunk: 1024 * 1024 }).stream, {
        contentType: 'image/jpeg',
      });
    }
    await sql.query(`UPDATE projects SET is_paid = true WHERE id = $1`, [projectId]);
    console.log(`  ${FILES} originals of 50 MB written in ${((Date.now() - t) / 1000).toFixed(1)} s; project paid`);
  } finally {
    await sql.end();
  }
  let seconds = 0;
  const { result, baseline, peak } = await rssRiseDuring(app.pid, async () => {
    const t = Date.now();
    const r = await download(`${app.url}/api/projects/${projectId}/photos.zip`, ctx.client.cookie);
    seconds = (Date.now() - t) / 1000;
    return r;
  });
  if (result.status !== 200 || result.bytes < FILES * SIZE) throw new Error(`the ZIP answered ${result.status} with ${result.bytes} bytes`);
  const rate = result.bytes / MB / seconds;
  const rise = (peak - baseline) / 2 ** 20;
  console.log(
    `  ZIP of ${(result.bytes / 1e9).toFixed(2)} GB in ${seconds.toFixed(1)} s: ${rate.toFixed(0)} MB/s; RSS ${(baseline / 2 ** 20).toFixed(0)} → peak ${(peak / 2 ** 20).toFixed(0)} MiB (+${rise.toFixed(1)} MiB)`,
  );
  const shown = `GET /api/projects/{id}/photos.zip by the client of a paid project of ${FILES} originals × 50 MB (2 GB), read and discarded`;
  return [
    {
      name: 'ZIP download, speed',
      shown,
      figure: `${rate.toFixed(0)} MB/s (${(result.bytes / 1e9).toFixed(2)} GB in ${seconds.toFixed(1)} s)`,
      target: '≥ 100 MB/s',
      met: rate >= 100,
    },
    {
      name: 'ZIP download, memory',
      shown,
      figure: `RSS +${rise.toFixed(1)} MiB (${(baseline / 2 ** 20).toFixed(0)} → ${(peak / 2 ** 20).toFixed(0)} MiB)`,
      target: 'RSS rise ≤ 100 MB',
      met: rise * 2 ** 20 <= 100 * MB,
    },
  ];
}

export async function benchGalleries(ctx: GalleriesContext): Promise<GalleriesRow[]> {
  const photo = join(ctx.workDir, 'photo-24mp.jpg');
  const size = await makePhoto(photo);
  console.log(`galleries: a 6000×4000 JPEG of ${(size / MB).toFixed(1)} MB made for the processing rows`);
  const rows: GalleriesRow[] = [];
  let app = await ctx.startProduct({});
  try {
    console.log(`galleries, product pid ${app.pid} (default settings): processing rate`);
    rows.push(...(await processingRate(ctx, app, photo, 'default settings: a worker process at nice 10, 2 lanes')));
    console.log('galleries: upload memory');
    rows.push(await uploadMemory(ctx, app));
    console.log('galleries: ZIP download');
    rows.push(...(await zipDownload(ctx, app)));
  } finally {
    await app.stop();
  }
  const lanes = num('BENCH_GALLERY_LANES', 3);
  if (!rows[0].met && lanes !== 2) {
    app = await ctx.startProduct({ PHOTO_WORKER_LANES: String(lanes) });
    try {
      console.log(`galleries, product pid ${app.pid} with PHOTO_WORKER_LANES=${lanes}: processing rate`);
      rows.push(...(await processingRate(ctx, app, photo, `PHOTO_WORKER_LANES=${lanes}`)));
    } finally {
      await app.stop();
    }
  }
  return rows;
}
