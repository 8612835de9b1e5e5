import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/processes';
import { adminAgent, Agent, clientAgent, createTestApp, eventually, TestApp } from '../support/test-app';

/**
 * docs/integrations.md cannot rot: its examples (the fenced blocks marked `test=…`) are run here, as
 * an integrator would run them, against this portal listening on a real port.
 */
const GUIDE = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'integrations.md'), 'utf8');
const examples = Object.fromEntries([...GUIDE.matchAll(/```\w+ test=([\w-]+)\n([\s\S]*?)```/g)].map((m) => [m[1], m[2]]));

describe('The integration guide (docs/integrations.md)', () => {
  let t: TestApp;
  let admin: Agent;
  let url: string;
  let token: string;
  let readToken: string;
  const dir = mkdtempSync(join(tmpdir(), 'guide-'));
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
    await t.app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    admin = await adminAgent(t);
    token = (await admin.post('/api/api-tokens').send({ name: 'Guide write', scope: 'write' }).expect(201)).body.token;
    readToken = (await admin.post('/api/api-tokens').send({ name: 'Guide read', scope: 'read' }).expect(201)).body.token;
  });
  afterAll(async () => {
    children.forEach((c) => c.kill());
    await t.close();
  });

  it('has the examples this test runs', () => {
    expect(Object.keys(examples).sort()).toEqual(['list-projects', 'node-receiver', 'python-receiver', 'read-only-refused', 'whoami']);
  });

  /** Runs a shell example (asynchronously: the portal answers from this same process). */
  const sh = async (script: string): Promise<string> => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], {
      cwd: dir,
      env: { ...process.env, PORTAL_URL: url, PORTAL_TOKEN: token, PORTAL_READ_TOKEN: readToken },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    return stdout;
  };

  it('whoami: the token acts for its admin', async () => {
    expect(JSON.parse(await sh(examples.whoami))).toMatchObject({ role: 'admin' });
  });

  it('list-projects: reads every project page by page, 50 at a time, each once', async () => {
    const owner = await clientAgent(t, 'guide');
    await t.db.query(
      `INSERT INTO projects (name, client_id, price_cents, date) SELECT 'Guide project ' || n, $1, 1000, now() FROM generate_series(1, 120) AS n`,
      [owner.id],
    );
    const all = (await admin.get('/api/projects').expect(200)).body as Array<{ id: number }>;
    const pages = (await sh(examples['list-projects']))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Array<{ id: number }>);
    expect(pages.length).toBe(Math.ceil(all.length / 50));
    expect(pages.flat().map((p) => p.id)).toEqual(all.map((p) => p.id).sort((a, b) => a - b));
  });

  it('read-only-refused: a read token cannot change anything, and says why', async () => {
    expect(JSON.parse(await sh(examples['read-only-refused']))).toMatchObject({ statusCode: 403, code: 'AUTH.TOKEN_READ_ONLY' });
  });

  it.each([
    ['node-receiver', 'receiver.js', process.execPath],
    ['python-receiver', 'receiver.py', 'python3'],
  ])('%s: verifies a real delivery from the portal and refuses a forged one', async (name, file, command) => {
    writeFileSync(join(dir, file), examples[name]);
    const port = await freePort();
    const endpoint = (
      await admin
        .post('/api/webhook-endpoints')
        .send({ url: `http://127.0.0.1:${port}/webhooks`, events: ['client.created'], description: name })
        .expect(201)
    ).body;
    const child = spawn(command, [join(dir, file)], {
      env: { ...process.env, PORT: String(port), WEBHOOK_SECRET: endpoint.secret },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    await eventually(async () => expect(out).toContain('listening'));

    const ping = (await admin.post(`/api/webhook-endpoints/${endpoint.id}/test`).expect(202)).body;
    await eventually(async () => expect(out).toContain(`verified ping ${ping.eventId}`));
    await clientAgent(t, 'hooked');
    await eventually(async () => expect(out).toMatch(/verified client\.created evt_/));
    const log = (await admin.get(`/api/webhook-endpoints/${endpoint.id}/deliveries`).expect(200)).body;
    expect(log.map((d: { status: string; lastStatusCode: number }) => [d.status, d.lastStatusCode])).toEqual([
      ['succeeded', 200],
      ['succeeded', 200],
    ]);

    const forged = await fetch(`http://127.0.0.1:${port}/webhooks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Studio-Signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      body: JSON.stringify({ id: 'evt_forged', type: 'project.paid', createdAt: new Date().toISOString(), data: {} }),
    });
    expect(forged.status).toBe(400);
    expect(out).not.toContain('evt_forged');
    child.kill();
    await admin.delete(`/api/webhook-endpoints/${endpoint.id}`).expect(204);
  });
});
