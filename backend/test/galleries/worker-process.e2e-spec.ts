import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { ADMIN, AppProcess, HttpSession, scratchDatabase, ScratchDatabase, sleep, startAppProcess } from '../support/processes';
import { PHOTO_WORKER_NICENESS } from '../../src/photo-worker-process';

/** The processes whose parent is `pid`, with their niceness (field 19 of /proc/<pid>/stat). */
function childrenOf(pid: number): Array<{ pid: number; nice: number }> {
  const found: Array<{ pid: number; nice: number }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // the command is in parentheses and may hold spaces: the fields after it are space-separated
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === pid) found.push({ pid: Number(entry), nice: Number(fields[16]) });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

let output = () => '';

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the web process said:\n${output()}`);
    await sleep(100);
  }
}

/**
 * PHOTO_WORKER=process, `npm start`'s default (decision 0029): the web process starts the photo worker as
 * a process of its own at a lower priority; it makes the photos from the shared job table, is started
 * again when it dies, and stops with the web process.
 */
describe('The photo worker as a process of its own', () => {
  let scratch: ScratchDatabase;
  let app: AppProcess | undefined;
  const mediaDir = mkdtempSync(join(tmpdir(), 'media-worker-process-'));
  jest.setTimeout(120_000);

  beforeAll(async () => {
    scratch = await scratchDatabase('workerproc');
  });
  afterAll(async () => {
    await app?.stop();
    await scratch?.drop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('makes the photos at a lower priority, is started again when it dies, and stops with the web process', async () => {
    app = await startAppProcess({ name: 'web', databaseUrl: scratch.url, env: { PHOTO_WORKER: 'process', MEDIA_DIR: mediaDir } });
    const started = app;
    output = () => started.output();
    // The web process lowers the child's priority just after forking it: /proc can show the child in between.
    const atLowPriority = (c: { nice: number }) => c.nice === PHOTO_WORKER_NICENESS;
    const worker = await until('the worker process at nice 10', () => childrenOf(app!.pid).find(atLowPriority));

    const admin = new HttpSession(app.url);
    expect((await admin.post('/api/login', { email: ADMIN.email, password: ADMIN.password })).status).toBe(200);
    const client = await admin.post('/api/register', {
      username: 'Worker Client',
      email: 'worker@example.com',
      password: 'secret123',
      role: 'client',
    });
    const project = await admin.post('/api/projects', {
      name: 'Worker shoot',
      clientId: client.body.id,
      price: '10',
      selectedServices: [],
    });
    const image = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#468' } })
      .jpeg()
      .toBuffer();
    const upload = async (name: string) =>
      (
        await request(app!.url)
          .post(`/api/projects/${project.body.id}/photos`)
          .set('Cookie', admin.cookie!)
          .attach('file', image, name)
          .expect(201)
      ).body[0].id as number;
    const statusOf = async (id: number) =>
      ((await admin.get(`/api/projects/${project.body.id}/photos`)).body as Array<{ id: number; status: string }>).find((p) => p.id === id)
        ?.status;

    const first = await upload('first.jpg');
    await until('the first photo ready', async () => ((await statusOf(first)) === 'ready' ? true : undefined));

    // killed: another takes its place, and the work goes on
    process.kill(worker.pid, 'SIGKILL');
    const next = await until('a new worker process at nice 10', () =>
      childrenOf(app!.pid).find((c) => c.pid !== worker.pid && atLowPriority(c)),
    );
    const second = await upload('second.jpg');
    await until('the second photo ready', async () => ((await statusOf(second)) === 'ready' ? true : undefined));
    admin.close();

    const webPid = app.pid;
    await app.stop();
    app = undefined;
    await until('no worker process left', () => {
      try {
        process.kill(next.pid, 0);
        return undefined;
      } catch {
        return true;
      }
    });
    expect(childrenOf(webPid)).toEqual([]);
  });
});
