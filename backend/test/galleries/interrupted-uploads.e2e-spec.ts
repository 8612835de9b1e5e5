import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { adminAgent, createTestApp, eventually, TestApp } from '../support/test-app';

const REASON = 'The upload did not finish (the connection was lost or the server restarted). Delete this photo and upload it again.';

/**
 * Restart safety (decision 0029): a photo row is 'uploading' while its original streams to storage. A crash
 * then leaves the row and part of a file; the next start (and every ten minutes) marks such rows older than
 * an hour 'failed' with the reason and removes their files. Two app instances on one database and one
 * MEDIA_DIR, the first standing in for the one that crashed.
 */
describe('Photo uploads cut off by a crash', () => {
  const mediaDir = mkdtempSync(join(tmpdir(), 'media-restart-'));
  let first: TestApp;
  let second: TestApp | undefined;
  afterAll(async () => {
    await second?.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('are failed with the reason and their files removed at the next start; recent uploads and other photos stay', async () => {
    first = await createTestApp({ MEDIA_DIR: mediaDir, OUTBOX_POLL_MS: '100' });
    const admin = await adminAgent(first);
    const { id: clientId } = (
      await first
        .http()
        .post('/api/register')
        .send({ username: 'Crash Client', email: `crash${process.pid}@example.com`, password: 'secret123' })
        .expect(201)
    ).body;
    const projectId: number = (
      await admin.post('/api/projects').send({ name: 'Crash project', clientId, price: '10', selectedServices: [] }).expect(201)
    ).body.id;
    const image = await sharp({ create: { width: 200, height: 100, channels: 3, background: 'teal' } })
      .jpeg()
      .toBuffer();
    const kept = (await admin.post(`/api/projects/${projectId}/photos`).attach('file', image, 'kept.jpg').expect(201)).body[0].id as number;
    await eventually(async () => {
      const [row] = await first.db.query(`SELECT status FROM photos WHERE id = $1`, [kept]);
      expect(row.status).toBe('ready');
    }, 30_000);

    // What a crash mid-upload leaves: the row, and the local adapter's temporary file in the photo's folder.
    const interrupted = async (startedAgo: string) => {
      const [{ id }] = await first.db.query(
        `INSERT INTO photos (project_id, filename, content_type, created_at) VALUES ($1, 'IMG_9.jpg', 'image/jpeg', now() - $2::interval) RETURNING id`,
        [projectId, startedAgo],
      );
      const folder = join(mediaDir, 'projects', String(projectId), String(id));
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, '.tmp-0a1b2c3d'), image.subarray(0, 500));
      return { id: id as number, folder };
    };
    const old = await interrupted('2 hours');
    const recent = await interrupted('5 minutes'); // still arriving, on another instance
    await first.close();

    second = await createTestApp({ MEDIA_DIR: mediaDir, OUTBOX_POLL_MS: '100' });
    const t = second;
    const admin2 = await adminAgent(t);
    const photo = await eventually(async () => {
      const photos = (await admin2.get(`/api/projects/${projectId}/photos`).expect(200)).body as Array<{
        id: number;
        status: string;
        failureReason: string | null;
        filename: string;
      }>;
      const found = photos.find((p) => p.id === old.id);
      expect(found?.status).toBe('failed');
      return found!;
    });
    expect(photo).toMatchObject({ filename: 'IMG_9.jpg', failureReason: REASON });
    expect(existsSync(old.folder)).toBe(false);
    // the recent upload is not touched (nor listed: it is still arriving), nor the ready photo
    const [row] = await t.db.query(`SELECT status FROM photos WHERE id = $1`, [recent.id]);
    expect(row.status).toBe('uploading');
    expect(existsSync(join(recent.folder, '.tmp-0a1b2c3d'))).toBe(true);
    const listed = (await admin2.get(`/api/projects/${projectId}/photos`).expect(200)).body as Array<{
      id: number;
      status: string;
      thumbnailUrl: string;
    }>;
    expect(listed.map((p) => p.id).sort((a, b) => a - b)).toEqual([kept, old.id]);
    await t
      .http()
      .get(listed.find((p) => p.id === kept)!.thumbnailUrl)
      .expect(200);
    // the photographer deletes the failed row
    await admin2.delete(`/api/photos/${old.id}`).expect(204);
    expect(await t.db.query(`SELECT id FROM photos WHERE id = $1`, [old.id])).toEqual([]);
  }, 60_000);
});
