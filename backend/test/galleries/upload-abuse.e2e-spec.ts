import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import sharp from 'sharp';
import { adminAgent, Agent, clientAgent, createTestApp, eventually, TestApp } from '../support/test-app';

interface Photo {
  id: number;
  filename: string;
  status: string;
  width: number | null;
  height: number | null;
  failureReason: string | null;
  thumbnailUrl: string | null;
  downloadUrl: string | null;
}

const smallJpeg = (width = 320, height = 240) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 30 } } })
    .jpeg()
    .toBuffer();

/** CRC-32 (ISO-HDLC), as PNG chunks carry it. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A real 8 × 8 PNG made by sharp whose IHDR is rewritten to declare `width` × `height` (with a correct
 * CRC, so the header reads): a hundred-odd bytes that a decoder trusting the header would size a buffer
 * of width × height × 3 bytes for.
 */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: 'white' } })
      .png()
      .toBuffer(),
  );
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A real small JPEG made by sharp whose frame header (SOF0) is rewritten to declare `width` × `height`. */
async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await smallJpeg(64, 48));
  let at = 2;
  while (at < jpeg.length && !(jpeg[at] === 0xff && jpeg[at + 1] >= 0xc0 && jpeg[at + 1] <= 0xc2)) at += 2 + jpeg.readUInt16BE(at + 2);
  expect(jpeg[at + 1]).toBe(0xc0);
  jpeg.writeUInt16BE(height, at + 5);
  jpeg.writeUInt16BE(width, at + 7);
  return jpeg;
}

interface Part {
  name?: string;
  /** Sent as it is in `filename="…"` (quotes escaped), bytes as UTF-8. */
  filename?: string;
  /** Sent percent-encoded in `filename*=UTF-8''…` (RFC 5987), so control characters get through the header. */
  filenameStar?: string;
  data: Buffer | string;
}

/** A multipart/form-data body written by hand: the names go to the server exactly as given, no client library tidies them. */
function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----abuse${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let disposition = `form-data; name="${p.name ?? 'file'}"`;
    if (p.filename !== undefined) disposition += `; filename="${p.filename.replace(/"/g, '\\"')}"`;
    if (p.filenameStar !== undefined) disposition += `; filename*=UTF-8''${encodeURIComponent(p.filenameStar)}`;
    const type = p.filename === undefined && p.filenameStar === undefined ? '' : 'Content-Type: application/octet-stream\r\n';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Every file under `dir`, relative to it, with forward slashes. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((d) => d.isFile())
    .map((d) =>
      relative(dir, join(d.parentPath ?? d.path, d.name))
        .split(sep)
        .join('/'),
    )
    .sort();
}

/**
 * Abuse at the upload (issue 18): decompression bombs, headers that claim absurd sizes, names that try
 * to leave the folder or break lines, malformed multipart bodies. Each is a clear 4xx with a message or a
 * photo that ends 'failed' with its reason; the project's other photos, the storage outside the photo's
 * own prefix and the next request are not disturbed.
 */
describe('Photo uploads: abuse', () => {
  let t: TestApp;
  let admin: Agent;
  let owner: Awaited<ReturnType<typeof clientAgent>>;
  let projectId: number;
  let good: Photo;

  beforeAll(async () => {
    t = await createTestApp({ PHOTO_MAX_MB: '2', OUTBOX_POLL_MS: '100' });
    admin = await adminAgent(t);
    owner = await clientAgent(t, 'abuse');
    projectId = (
      await admin.post('/api/projects').send({ name: 'Abuse project', clientId: owner.id, price: '100', selectedServices: [] }).expect(201)
    ).body.id;
    // A photo of the project that every abuse below must leave as it is.
    await admin
      .post(`/api/projects/${projectId}/photos`)
      .attach('file', await smallJpeg(), 'keeper.jpg')
      .expect(201);
    good = await eventually(async () => {
      const [p] = await list();
      expect(p.status).toBe('ready');
      return p;
    }, 30_000);
  });
  afterAll(() => t.close());

  const list = async (id = projectId) => (await admin.get(`/api/projects/${id}/photos`).expect(200)).body as Photo[];
  const send = (parts: Part[], agent: Agent = admin, id = projectId) => {
    const { body, contentType } = multipart(parts);
    return agent.post(`/api/projects/${id}/photos`).set('Content-Type', contentType).send(body);
  };
  const settled = (ids: number[]) =>
    eventually(async () => {
      const photos = (await list()).filter((p) => ids.includes(p.id));
      expect(photos.map((p) => p.status).filter((s) => s === 'processing')).toEqual([]);
      expect(photos).toHaveLength(ids.length);
      return new Map(photos.map((p) => [p.id, p]));
    }, 60_000);
  const media = () => filesUnder(t.config.mediaDir);
  /** The worker done with every photo: the stored files stop changing. */
  const idle = () =>
    eventually(async () => {
      expect((await t.db.query(`SELECT count(*)::int AS n FROM photos WHERE status IN ('uploading', 'processing')`))[0].n).toBe(0);
    }, 60_000);
  /** The project's other photo still whole, every stored file under a photo's own folder, and the server answering. */
  const undisturbed = async () => {
    const keeper = (await list()).find((p) => p.id === good.id);
    expect(keeper).toMatchObject({ status: 'ready', filename: 'keeper.jpg', width: 320, height: 240 });
    await t.http().get(keeper!.thumbnailUrl!).expect(200);
    const rows: Array<{ id: number; project_id: number }> = await t.db.query(`SELECT id, project_id FROM photos`);
    const folders = new Set(rows.map((r) => `projects/${r.project_id}/${r.id}/`));
    for (const file of media()) expect([...folders].some((f) => file.startsWith(f)) ? file : `stray: ${file}`).toBe(file);
    await t.http().get('/api/health').expect(200);
  };

  it('fails images whose headers claim 50,000 × 50,000 or 400 megapixels, by their reason, without decoding them', async () => {
    const bigPng = await pngDeclaring(50_000, 50_000);
    const bigJpeg = await jpegDeclaring(50_000, 50_000);
    const bomb = await pngDeclaring(20_000, 20_000);
    expect(bigPng.length).toBeLessThan(200);
    const res = await send([
      { filename: 'wide.png', data: bigPng },
      { filename: 'wide.jpg', data: bigJpeg },
      { filename: 'bomb.png', data: bomb },
    ]).expect(201);
    expect(res.body.map((p: Photo) => p.filename)).toEqual(['wide.png', 'wide.jpg', 'bomb.png']);
    const photos = await settled(res.body.map((p: Photo) => p.id));
    const [png, jpg, many] = res.body.map((p: Photo) => photos.get(p.id)!);
    expect(png).toMatchObject({ status: 'failed', failureReason: 'The image is too large: no side may exceed 20,000 pixels' });
    expect(jpg).toMatchObject({ status: 'failed', failureReason: 'The image is too large: no side may exceed 20,000 pixels' });
    expect(many).toMatchObject({ status: 'failed', failureReason: 'The image is too large: at most 100 megapixels' });
    for (const p of [png, jpg, many]) expect(p).toMatchObject({ width: null, height: null, thumbnailUrl: null });
    await undisturbed();
  });

  it('processes a real decompression bomb at the limit (100 MP of one colour in a few hundred kB) without harm', async () => {
    const png = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: 'white' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(png.length).toBeLessThan(1024 * 1024);
    const res = await send([{ filename: 'bomb-at-limit.png', data: png }]).expect(201);
    // The server answers while the worker decodes it.
    await t.http().get('/api/health').expect(200);
    const photo = (await settled([res.body[0].id])).get(res.body[0].id)!;
    expect(photo).toMatchObject({ status: 'ready', width: 10_000, height: 10_000 });
    const preview = await sharp((await t.http().get(photo.thumbnailUrl!).expect(200)).body as Buffer).metadata();
    expect([preview.width, preview.height]).toEqual([400, 400]);
    await undisturbed();
  }, 90_000);

  it('keeps only the last segment of a name, without control characters, and stores every file under its photo', async () => {
    const image = await smallJpeg(64, 64);
    const res = await send([
      { filename: '../../etc/x.jpg', data: image },
      { filename: 'a\\b.jpg', data: image },
      { filename: 'C:\\Users\\me\\..\\IMG_2.jpg', data: image },
      { filenameStar: '../../../tmp/evil\u0000na\u0007me\t.jpg', data: image },
      { filenameStar: '\u202Egpj.exe', data: image },
      { filename: '..', data: image },
    ]).expect(201);
    expect(res.body.map((p: Photo) => p.filename)).toEqual(['x.jpg', 'b.jpg', 'IMG_2.jpg', 'evilname.jpg', 'gpj.exe', 'photo']);
    const photos = await settled(res.body.map((p: Photo) => p.id));
    for (const p of photos.values()) expect(p.status).toBe('ready');
    for (const p of photos.values()) {
      for (const f of ['original', 'thumb.webp', 'preview.jpg', 'preview-marked.jpg']) {
        expect(media()).toContain(`projects/${projectId}/${p.id}/${f}`);
      }
    }
    // nothing beside the media folder, nor where the names pointed
    const dataDir = join(t.config.mediaDir, '..');
    expect(readdirSync(dataDir).filter((n) => n !== 'media')).toEqual([]);
    expect(existsSync(join(t.config.mediaDir, '..', '..', 'etc', 'x.jpg'))).toBe(false);
    // A name with a line break: the multipart reader skips such a part, so this form holds no file.
    const skipped = await send([{ filenameStar: 'two\r\nlines.jpg', data: image }]).expect(400);
    expect(skipped.body).toMatchObject({ code: 'GALLERY.NO_FILE', message: 'Choose at least one photo: the upload has no file in it' });
    await undisturbed();
  });

  it('answers malformed multipart bodies and limits with a 4xx and a message, keeping nothing', async () => {
    await idle();
    const before = { rows: (await t.db.query(`SELECT count(*)::int AS n FROM photos`))[0].n as number, files: media() };
    const image = await smallJpeg(64, 64);
    // no boundary
    const noBoundary = await admin
      .post(`/api/projects/${projectId}/photos`)
      .set('Content-Type', 'multipart/form-data')
      .send(Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc\r\n--x--\r\n'));
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body).toMatchObject({ code: 'GALLERY.BAD_UPLOAD', message: expect.stringMatching(/not valid multipart/) });
    // a body cut off inside a file part: the closing boundary never comes
    const { body, contentType } = multipart([{ filename: 'cut.jpg', data: image }]);
    const cut = await admin
      .post(`/api/projects/${projectId}/photos`)
      .set('Content-Type', contentType)
      .send(body.subarray(0, body.length - 60));
    expect(cut.status).toBe(400);
    expect(cut.body).toMatchObject({ code: 'GALLERY.BAD_UPLOAD', message: expect.stringMatching(/incomplete/) });
    // more fields than the form takes
    const fields = await send(Array.from({ length: 25 }, (_, i) => ({ name: `f${i}`, data: 'x' }))).expect(413);
    expect(fields.body).toMatchObject({ code: 'GALLERY.TOO_MANY_PARTS', message: expect.stringMatching(/too many parts/) });
    // no file at all
    const none = await send([{ name: 'note', data: 'hello' }]).expect(400);
    expect(none.body).toMatchObject({ code: 'GALLERY.NO_FILE' });
    expect((await t.db.query(`SELECT count(*)::int AS n FROM photos`))[0].n).toBe(before.rows);
    expect(media()).toEqual(before.files);
    await undisturbed();
  });

  it('keeps nothing in storage for an upload to an unknown project, by a client, or signed out', async () => {
    await idle();
    const before = media();
    const rows = (await t.db.query(`SELECT count(*)::int AS n FROM photos`))[0].n as number;
    const image = await smallJpeg(64, 64);
    const unknown = await send([{ filename: 'x.jpg', data: image }], admin, 999_999).expect(404);
    expect(unknown.body.code).toBe('PROJECTS.NOT_FOUND');
    await send([{ filename: 'mine.jpg', data: image }], owner.agent).expect(403);
    await send([{ filename: 'anon.jpg', data: image }], t.agent()).expect(401);
    expect(media()).toEqual(before);
    expect(existsSync(join(t.config.mediaDir, 'projects', '999999'))).toBe(false);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM photos`))[0].n).toBe(rows);
    await undisturbed();
  });
});
