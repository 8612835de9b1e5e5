import type { APIRequestContext } from '@playwright/test';
import { linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { connectToE2eDatabase } from './database';

/** A photo-like JPEG (a gradient with noise, so it is not a flat colour), `label` written on it. */
export async function photoJpeg(width: number, height: number, hue: number, label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360},45%,28%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.68}" cy="${height * 0.36}" r="${Math.min(width, height) * 0.18}" fill="hsl(${(hue + 180) % 360},70%,80%)" opacity="0.8"/>
    <text x="50%" y="82%" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(height / 9)}" fill="#fff" text-anchor="middle">${label}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Uploads the files as the admin (one request each) and waits until the project's photos are all ready. */
export async function uploadPhotos(admin: APIRequestContext, projectId: number, files: Array<{ name: string; body: Buffer }>) {
  for (const file of files) {
    const res = await admin.post(`/api/projects/${projectId}/photos`, {
      multipart: { file: { name: file.name, mimeType: 'image/jpeg', buffer: file.body } },
    });
    if (res.status() !== 201) throw new Error(`upload of ${file.name}: ${res.status()} ${await res.text()}`);
  }
  const deadline = Date.now() + 60_000;
  for (;;) {
    const list = (await (await admin.get(`/api/projects/${projectId}/photos`, { params: { range: '[0,499]' } })).json()) as Array<{
      status: string;
    }>;
    if (list.length === files.length && list.every((p) => p.status === 'ready')) return;
    if (list.some((p) => p.status === 'failed')) throw new Error('a photo failed to process');
    if (Date.now() > deadline) throw new Error('the photos were not processed within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * A big gallery without processing thousands of photos: `count` ready photo rows, each with its files in
 * the product's media folder (hard links to one processed set, written as the local storage writes them:
 * the bytes and a `.<name>.type` file beside them). For the browser tests and the Lighthouse bench.
 */
export async function seedGallery(projectId: number, count: number): Promise<void> {
  const media = join(process.env.E2E_DATA_DIR!, 'media');
  const source = join(media, `.seed-${projectId}`);
  mkdirSync(source, { recursive: true });
  const original = await photoJpeg(2400, 1600, 210, 'Seeded');
  const files: Record<string, { body: Buffer; type: string }> = {
    original: { body: original, type: 'image/jpeg' },
    'thumb.webp': { body: await sharp(original).resize(400, 400, { fit: 'inside' }).webp({ quality: 75 }).toBuffer(), type: 'image/webp' },
    'preview.jpg': { body: await sharp(original).resize(2048, 2048, { fit: 'inside' }).jpeg().toBuffer(), type: 'image/jpeg' },
    'preview-marked.jpg': {
      body: await sharp(original).resize(2048, 2048, { fit: 'inside' }).jpeg().toBuffer(),
      type: 'image/jpeg',
    },
  };
  for (const [name, file] of Object.entries(files)) writeFileSync(join(source, name), file.body);

  const db = await connectToE2eDatabase();
  try {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO photos (project_id, filename, content_type, size, width, height, status, processed_at)
       SELECT $1, 'IMG_' || lpad(n::text, 4, '0') || '.jpg', 'image/jpeg', $2, 2400, 1600, 'ready', now()
         FROM generate_series(1, $3::int) AS n
       RETURNING id`,
      [projectId, original.length, count],
    );
    for (const { id } of rows) {
      const folder = join(media, 'projects', String(projectId), String(id));
      mkdirSync(folder, { recursive: true });
      for (const [name, file] of Object.entries(files)) {
        linkSync(join(source, name), join(folder, name));
        writeFileSync(join(folder, `.${name}.type`), file.type);
      }
    }
    await db.query(
      `UPDATE projects SET photo_count = (SELECT count(*) FROM photos WHERE project_id = $1 AND status = 'ready') WHERE id = $1`,
      [projectId],
    );
  } finally {
    await db.end();
  }
}
