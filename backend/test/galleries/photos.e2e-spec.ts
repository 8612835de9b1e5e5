import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { adminAgent, Agent, clientAgent, contentRange, createTestApp, eventually, TestApp } from '../support/test-app';

const jpeg = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .toBuffer();

/** superagent's parser for a binary answer: the bytes as one Buffer. */
const binaryBody = (res: NodeJS.EventEmitter, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

interface Photo {
  id: number;
  filename: string;
  size: number;
  width: number | null;
  height: number | null;
  status: string;
  failureReason: string | null;
  thumbnailUrl: string | null;
  previewUrl: string | null;
  downloadUrl: string | null;
}

/** CONTRACT §10, slice 2: uploads streamed to storage, processed in the background, listed with signed URLs. */
describe('Photos', () => {
  let t: TestApp;
  let admin: Agent;
  let owner: Awaited<ReturnType<typeof clientAgent>>;
  let projectId: number;

  beforeAll(async () => {
    t = await createTestApp({ PHOTO_MAX_MB: '2', OUTBOX_POLL_MS: '100' });
    admin = await adminAgent(t);
    owner = await clientAgent(t, 'gallery');
    projectId = (
      await admin
        .post('/api/projects')
        .send({ name: 'Gallery project', clientId: owner.id, price: '100', selectedServices: [] })
        .expect(201)
    ).body.id;
  });
  afterAll(() => t.close());

  const list = async (agent: Agent, id = projectId) => (await agent.get(`/api/projects/${id}/photos`).expect(200)).body as Photo[];
  const ready = (agent: Agent) =>
    eventually(async () => {
      const photos = await list(agent);
      expect(photos.every((p) => p.status !== 'processing')).toBe(true);
      return photos;
    }, 30_000);

  it('takes JPEG and PNG uploads, makes their derivatives, and lists them with signed URLs', async () => {
    const original = await jpeg();
    const png = await sharp({ create: { width: 300, height: 500, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
    const res = await admin
      .post(`/api/projects/${projectId}/photos`)
      .attach('file', original, '../../etc/IMG_0001.jpg')
      .attach('file', png, 'poster\n.png')
      .expect(201);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({ filename: 'IMG_0001.jpg', size: original.length, status: 'processing' });
    expect(res.body[1].filename).not.toMatch(/[\n/]/);

    const photos = await ready(admin);
    const [first, second] = photos;
    // EXIF orientation 6: 1200x800 is shown 800x1200
    expect(first).toMatchObject({ status: 'ready', width: 800, height: 1200, failureReason: null });
    expect(second).toMatchObject({ status: 'ready', width: 300, height: 500 });

    const thumb = await t.http().get(first.thumbnailUrl!).expect(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const thumbMeta = await sharp(thumb.body as Buffer).metadata();
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBe(400);
    expect(thumbMeta.height).toBeGreaterThan(thumbMeta.width!);
    expect(thumbMeta.exif).toBeUndefined();
    // the admin gets the original byte for byte
    const download = await t
      .http()
      .get(first.downloadUrl!)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(download.status).toBe(200);
    expect(Buffer.compare(download.body as Buffer, original)).toBe(0);
  });

  it('sends images as they are to a browser that accepts gzip, and a short list too (decision 0034)', async () => {
    const listed = await admin.get(`/api/projects/${projectId}/photos`).set('Accept-Encoding', 'gzip').expect(200);
    // two photos: a few hundred bytes, under the API's 32 kB threshold
    expect(listed.headers['content-encoding']).toBeUndefined();
    const photos = listed.body as Photo[];
    expect(photos.length).toBeGreaterThan(0);
    // a WebP, a JPEG: already packed, sent as stored
    for (const url of [photos[0].thumbnailUrl!, photos[0].previewUrl!]) {
      const image = await t.http().get(url).set('Accept-Encoding', 'gzip').buffer(true).parse(binaryBody).expect(200);
      expect(image.headers['content-encoding']).toBeUndefined();
      expect(Number(image.headers['content-length'])).toBe((image.body as Buffer).length);
    }
  });

  it('shows the client of an unpaid project watermarked previews and no originals; paid, the clean ones', async () => {
    const photos = await ready(owner.agent);
    expect(photos.length).toBeGreaterThan(0);
    for (const p of photos) expect(p.downloadUrl).toBeNull();
    const adminView = await list(admin);
    expect(photos[0].previewUrl).not.toBe(adminView[0].previewUrl);
    expect(photos[0].previewUrl).toContain('preview-marked.jpg');
    const marked = await t.http().get(photos[0].previewUrl!).expect(200);
    const clean = await t.http().get(adminView[0].previewUrl!).expect(200);
    expect(Buffer.compare(marked.body as Buffer, clean.body as Buffer)).not.toBe(0);

    await admin.patch(`/api/projects/${projectId}/mark-paid`).send({}).expect(200);
    const paid = await list(owner.agent);
    expect(paid[0].downloadUrl).not.toBeNull();
    expect(paid[0].previewUrl).toContain('/preview.jpg');
  });

  it('streams the originals as a ZIP to the admin and, once paid, to the client; not before', async () => {
    const unpaid = (
      await admin.post('/api/projects').send({ name: 'Zip unpaid', clientId: owner.id, price: '10', selectedServices: [] }).expect(201)
    ).body;
    const same = await jpeg(300, 200);
    await admin.post(`/api/projects/${unpaid.id}/photos`).attach('file', same, 'same.jpg').attach('file', same, 'same.jpg').expect(201);
    const refused = await owner.agent.get(`/api/projects/${unpaid.id}/photos.zip`).expect(403);
    expect(refused.body).toMatchObject({ code: 'GALLERY.UNPAID', message: 'Pay for this project to download its photos' });
    const res = await admin.get(`/api/projects/${unpaid.id}/photos.zip`).buffer(true).parse(binaryBody).expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const dir = mkdtempSync(join(tmpdir(), 'zip-'));
    writeFileSync(join(dir, 'photos.zip'), res.body as Buffer);
    const names = execFileSync('zipinfo', ['-1', join(dir, 'photos.zip')], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(names).toEqual(['same.jpg', 'same (2).jpg']);
    const unpacked = execFileSync('unzip', ['-p', join(dir, 'photos.zip'), 'same (2).jpg']);
    expect(Buffer.compare(unpacked, same)).toBe(0);
    // the main project was paid above: its client downloads it
    const paid = await owner.agent.get(`/api/projects/${projectId}/photos.zip`).buffer(true).parse(binaryBody).expect(200);
    expect((paid.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    const stranger = await clientAgent(t, 'zipstranger');
    await stranger.agent.get(`/api/projects/${projectId}/photos.zip`).expect(404);
  });

  it("keeps the client's favorites: marked and unmarked by the client only, filtered by the admin", async () => {
    const [first, second] = await list(owner.agent);
    await owner.agent.put(`/api/photos/${first.id}/favorite`).expect(204);
    await owner.agent.put(`/api/photos/${first.id}/favorite`).expect(204);
    const favorites = (await admin.get(`/api/projects/${projectId}/photos`).query({ filter: '{"favorite":true}' }).expect(200))
      .body as Photo[];
    expect(favorites.map((p) => p.id)).toEqual([first.id]);
    expect((await list(owner.agent)).find((p) => p.id === first.id)).toMatchObject({ favorite: true });
    expect((await list(owner.agent)).find((p) => p.id === second.id)).toMatchObject({ favorite: false });
    expect((await admin.put(`/api/photos/${second.id}/favorite`).expect(403)).body.code).toBe('GALLERY.CLIENT_ONLY');
    const stranger = await clientAgent(t, 'notmine');
    await stranger.agent.put(`/api/photos/${first.id}/favorite`).expect(404);
    await owner.agent.delete(`/api/photos/${first.id}/favorite`).expect(204);
    expect((await admin.get(`/api/projects/${projectId}/photos`).query({ filter: '{"favorite":true}' }).expect(200)).body).toEqual([]);
  });

  it('refuses other types (415), files over PHOTO_MAX_MB (413), clients, strangers and unknown projects, keeping nothing', async () => {
    const before = (await t.db.query(`SELECT count(*)::int AS n FROM photos`))[0].n;
    const text = await admin
      .post(`/api/projects/${projectId}/photos`)
      .attach('file', Buffer.from('not an image at all, whatever the name says'), 'holiday.jpg')
      .expect(415);
    expect(text.body).toMatchObject({ code: 'GALLERY.UNSUPPORTED_TYPE', message: 'holiday.jpg is not a JPEG, PNG, WebP or HEIC image' });
    // shorter than any image's signature, even one that starts like a JPEG; and an empty file
    await admin
      .post(`/api/projects/${projectId}/photos`)
      .attach('file', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'tiny.jpg')
      .expect(415);
    await admin.post(`/api/projects/${projectId}/photos`).attach('file', Buffer.alloc(0), 'empty.jpg').expect(415);
    const big = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: 'white' } })
      .jpeg({ quality: 100 })
      .toBuffer()
      .then((b) => Buffer.concat([b, Buffer.alloc(2.5 * 1024 * 1024, 1)]));
    const tooLarge = await admin.post(`/api/projects/${projectId}/photos`).attach('file', big, 'huge.jpg').expect(413);
    expect(tooLarge.body).toMatchObject({ code: 'GALLERY.TOO_LARGE', message: 'huge.jpg is larger than 2 MB' });
    await owner.agent
      .post(`/api/projects/${projectId}/photos`)
      .attach('file', await jpeg(), 'mine.jpg')
      .expect(403);
    await admin
      .post(`/api/projects/999999/photos`)
      .attach('file', await jpeg(), 'x.jpg')
      .expect(404);
    await admin.post(`/api/projects/${projectId}/photos`).send({ file: 'x' }).expect(415);
    const stranger = await clientAgent(t, 'stranger');
    await stranger.agent.get(`/api/projects/${projectId}/photos`).expect(404);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM photos`))[0].n).toBe(before);
  });

  it('refuses altered, guessed and expired links (403) before reading anything', async () => {
    const [photo] = await list(admin);
    const url = new URL(photo.thumbnailUrl!, 'http://portal.test');
    const other = url.pathname.replace(`/${photo.id}/`, `/${photo.id + 1}/`) + url.search;
    expect((await t.http().get(other).expect(403)).body.code).toBe('GALLERY.BAD_LINK');
    const tampered = `${url.pathname}?exp=${Number(url.searchParams.get('exp')) + 60}&sig=${url.searchParams.get('sig')}`;
    await t.http().get(tampered).expect(403);
    await t.http().get(url.pathname).expect(403);
    await t
      .http()
      .get(`/api/media/projects/${projectId}/../../etc/passwd?exp=9999999999&sig=00`)
      .expect((r) => expect([403, 404]).toContain(r.status));
  });

  it('serves one byte range of a file (206 with Content-Range), and answers a range outside it 416', async () => {
    const [photo] = await list(admin);
    const whole = (await t.http().get(photo.downloadUrl!).buffer(true).parse(binaryBody).expect(200)) as {
      body: Buffer;
      headers: Record<string, string>;
    };
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = whole.body.length;
    const ranged = (range: string, extra: Record<string, string> = {}) =>
      t
        .http()
        .get(photo.downloadUrl!)
        .set({ Range: range, ...extra })
        .buffer(true)
        .parse(binaryBody);
    for (const [range, start, end] of [
      ['bytes=0-9', 0, 9],
      ['bytes=100-', 100, size - 1],
      ['bytes=-50', size - 50, size - 1],
      [`bytes=10-${size + 1000}`, 10, size - 1],
      ['bytes=-999999999', 0, size - 1],
    ] as const) {
      const res = await ranged(range).expect(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(Buffer.compare(res.body as Buffer, whole.body.subarray(start, end + 1))).toBe(0);
    }
    for (const range of [`bytes=${size}-`, 'bytes=9-3', 'bytes=-0', `bytes=${size}-${size + 5}`]) {
      const res = await t.http().get(photo.downloadUrl!).set('Range', range).expect(416);
      expect(res.headers['content-range']).toBe(`bytes */${size}`);
      expect(res.body).toMatchObject({
        code: 'GALLERY.RANGE_NOT_SATISFIABLE',
        message: `The range asked for is not in the file (${size} bytes)`,
      });
    }
    // several ranges, another unit, nonsense, or a conditional range: the whole file
    for (const extra of [
      { Range: 'bytes=0-1,5-9' },
      { Range: 'items=0-9' },
      { Range: 'bytes=x-y' },
      { Range: 'bytes=0-9', 'If-Range': '"abc"' },
    ]) {
      const res = await t.http().get(photo.downloadUrl!).set(extra).buffer(true).parse(binaryBody).expect(200);
      expect((res.body as Buffer).length).toBe(size);
    }
    // the signature is checked first: a range on a bad link is a 403, not a 206 or a 416
    await t
      .http()
      .get(`${photo.downloadUrl!.split('&sig=')[0]}&sig=00`)
      .set('Range', 'bytes=0-9')
      .expect(403);
    // a thumbnail too
    const thumb = await t.http().get(photo.thumbnailUrl!).set('Range', 'bytes=0-3').buffer(true).parse(binaryBody).expect(206);
    expect((thumb.body as Buffer).toString('latin1')).toBe('RIFF');
  });

  it('marks a truncated image failed with its reason, and deletes a photo with its files', async () => {
    const whole = await jpeg(1600, 1200);
    const res = await admin.post(`/api/projects/${projectId}/photos`).attach('file', whole.subarray(0, 2000), 'cut.jpg').expect(201);
    const id = res.body[0].id as number;
    const failed = await eventually(async () => {
      const p = (await list(admin)).find((x) => x.id === id)!;
      expect(p.status).toBe('failed');
      return p;
    }, 30_000);
    expect(failed.failureReason).toBeTruthy();
    const page = await admin.get(`/api/projects/${projectId}/photos`).query({ range: '[0,0]' }).expect(200);
    expect(contentRange(page.headers['content-range']).total).toBe(3);
    // The client is shown the finished photos only.
    const clientPage = await owner.agent.get(`/api/projects/${projectId}/photos`).query({ range: '[0,9]' }).expect(200);
    expect(contentRange(clientPage.headers['content-range']).total).toBe(2);
    expect(clientPage.body.map((p: { status: string }) => p.status)).toEqual(['ready', 'ready']);

    const [first] = await list(admin);
    await owner.agent.delete(`/api/photos/${first.id}`).expect(403);
    await admin.delete(`/api/photos/${first.id}`).expect(204);
    await admin.delete(`/api/photos/${first.id}`).expect(404);
    await t.http().get(first.downloadUrl!).expect(404);
    await t.http().get(first.thumbnailUrl!).expect(404);
  });

  it("counts a project's ready photos, and deleting the project removes its photos and files", async () => {
    const project = (
      await admin
        .post('/api/projects')
        .send({ name: 'Gone soon', clientId: owner.id, price: '50', selectedServices: [], photoCount: 99 })
        .expect(201)
    ).body;
    await admin
      .post(`/api/projects/${project.id}/photos`)
      .attach('file', await jpeg(600, 400), 'a.jpg')
      .attach('file', await jpeg(400, 600), 'b.jpg')
      .expect(201);
    const photos = await eventually(async () => {
      const p = await list(admin, project.id);
      expect(p.map((x) => x.status)).toEqual(['ready', 'ready']);
      return p;
    }, 30_000);
    expect((await admin.get(`/api/projects/${project.id}`).expect(200)).body.photoCount).toBe(2);
    await t.http().get(photos[0].thumbnailUrl!).expect(200);

    await admin.delete(`/api/projects/${project.id}`).expect((r) => expect([200, 204]).toContain(r.status));
    expect((await t.db.query(`SELECT count(*)::int AS n FROM photos WHERE project_id = $1`, [project.id]))[0].n).toBe(0);
    await eventually(async () => {
      await t.http().get(photos[0].thumbnailUrl!).expect(404);
      await t.http().get(photos[1].downloadUrl!).expect(404);
    });
    // the payments of other projects are untouched, and this project's photos list is gone with it
    await admin.get(`/api/projects/${project.id}/photos`).expect(404);
  });
});
