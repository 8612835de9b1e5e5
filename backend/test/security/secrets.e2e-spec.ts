import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { signMediaUrl } from '../../src/modules/galleries';
import { PhotoGallery } from '../../src/modules/galleries/application/photo-gallery';
import { ADMIN, adminAgent, Agent, clientAgent, createTestApp, eventually, newClient, TestApp } from '../support/test-app';

/**
 * CONTRACT §12, "No secret travels into a log", and "a read token never causes a side effect": the
 * request log and the error log keep no query value, the outbox shows no live verification or
 * invitation token (the e-mail sent still works), media links live minutes, and no GET route sends
 * e-mail.
 */
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const verifyTokenIn = (text: string) => {
  const m = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error(`no verification link in: ${text}`);
  return m[1];
};
const inviteTokenIn = (text: string) => {
  const m = /[?&]invite=([A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error(`no invitation link in: ${text}`);
  return m[1];
};
const WELCOME = 'Welcome to your photography client portal';
const INVITED = 'You are invited to your photography client portal';

interface Photo {
  id: number;
  status: string;
  thumbnailUrl: string | null;
  previewUrl: string | null;
  downloadUrl: string | null;
}

async function uploadReadyPhoto(t: TestApp, admin: Agent, projectId: number): Promise<Photo> {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
  await admin.post(`/api/projects/${projectId}/photos`).attach('file', jpeg, 'IMG_1.jpg').expect(201);
  return eventually(async () => {
    const [photo] = (await admin.get(`/api/projects/${projectId}/photos`).expect(200)).body as Photo[];
    expect(photo.status).toBe('ready');
    return photo;
  }, 30_000);
}

describe('No secret in the request log or the error log', () => {
  let t: TestApp;
  let admin: Agent;
  let dir: string;
  let logFile: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-log-'));
    logFile = join(dir, 'app.log');
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logFile });
    admin = await adminAgent(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const log = () => readFileSync(logFile, 'utf8');
  /** The request lines of the log, parsed. */
  const requestLines = () =>
    log()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { level: number; msg: string; req?: { url: string }; res?: { statusCode: number } })
      .filter((l) => l.msg === 'request completed');

  it('logs the address of every request with no query value: tokens, invitations, API tokens, media signatures', async () => {
    // a verification link as the welcome e-mail gives it, opened in the browser (the app's page) and sent to the API's address
    const c = newClient('logged');
    await t.http().post('/api/register').send(c).expect(201);
    const welcome = await t.smtp.waitFor((m) => m.to.includes(c.email) && m.subject === WELCOME);
    const verify = verifyTokenIn(welcome.text);
    await t.http().get(`/verify-email?token=${verify}`);
    await t.http().get(`/api/verify-email?token=${verify}`).expect(404);
    // an invitation link
    const invited = newClient('loginvite').email;
    await admin.post('/api/admin/send-client-invitation').send({ email: invited, clientName: 'Ivy' }).expect(200);
    const invite = inviteTokenIn((await t.smtp.waitFor((m) => m.to.includes(invited) && m.subject === INVITED)).text);
    await t.http().get(`/auth?tab=register&email=${encodeURIComponent(invited)}&invite=${invite}`);
    // an API token put in the address: refused (401), and still logged
    const { token: apiToken } = (await admin.post('/api/api-tokens').send({ name: 'log test', scope: 'read' }).expect(201)).body as {
      token: string;
    };
    expect((await t.http().get(`/api/projects?access_token=${apiToken}`).expect(401)).body.code).toBe('AUTH.TOKEN_IN_QUERY');
    // a reset code in a query, an error answer (400) with a secret-looking query
    await t.http().get('/api/user?code=918273&sig=deadbeefcafe');
    // a signed media link, used (200) and altered (403)
    const { id: clientId } = await clientAgent(t, 'logmedia');
    const projectId = (
      await admin.post('/api/projects').send({ name: 'Logged gallery', clientId, price: '0', selectedServices: [] }).expect(201)
    ).body.id as number;
    const photo = await uploadReadyPhoto(t, admin, projectId);
    await t.http().get(photo.downloadUrl!).expect(200);
    await t.http().get(photo.thumbnailUrl!).expect(200);
    const sig = new URL(photo.downloadUrl!, 'http://x').searchParams.get('sig')!;
    await t
      .http()
      .get(photo.downloadUrl!.replace(/sig=\w+/, `sig=${'0'.repeat(64)}`))
      .expect(403);

    const secrets = {
      verify,
      invite,
      apiToken,
      sig,
      code: '918273',
      thumbSig: new URL(photo.thumbnailUrl!, 'http://x').searchParams.get('sig')!,
    };
    const lines = await eventually(async () => {
      const found = requestLines();
      expect(found.some((l) => l.req?.url.startsWith(`/api/media/projects/${projectId}/`) && l.res?.statusCode === 403)).toBe(true);
      return found;
    });
    // the lines are there, with the parameters' names and no value
    const urls = lines.map((l) => l.req!.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/verify-email?token=[redacted]',
        '/api/verify-email?token=[redacted]',
        '/auth?tab=[redacted]&email=[redacted]&invite=[redacted]',
        '/api/projects?access_token=[redacted]',
        '/api/user?code=[redacted]&sig=[redacted]',
        expect.stringMatching(/^\/api\/media\/projects\/\d+\/\d+\/original\?exp=\[redacted\]&sig=\[redacted\]$/),
      ]),
    );
    // refused requests are logged as warnings, with the same address
    expect(lines.find((l) => l.req?.url === '/api/projects?access_token=[redacted]')).toMatchObject({
      level: 40,
      res: { statusCode: 401 },
    });
    const text = log();
    for (const [name, value] of Object.entries(secrets)) expect({ [name]: text.includes(value) }).toEqual({ [name]: false });
    expect(text).not.toContain(c.password);
  }, 60_000);
});

describe('The outbox hides live verification and invitation tokens (the e-mail sent keeps a working link)', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  /** The outbox's newest message of `subject` to `to`, as the back office reads it (list, then detail). */
  async function outboxMessage(to: string, subject: string) {
    return eventually(async () => {
      const list = await admin
        .get('/api/admin/email-outbox')
        .query({ filter: JSON.stringify({ q: to }) })
        .expect(200);
      const row = (list.body as Array<{ id: number; subject: string; status: string }>).find((r) => r.subject === subject);
      expect(row?.status).toBe('sent');
      const detail = await admin.get(`/api/admin/email-outbox/${row!.id}`).expect(200);
      return { list: JSON.stringify(list.body), detail: detail.body as { html: string; text: string }, id: row!.id };
    });
  }

  it("the welcome e-mail: the verification link's token shows as [hidden]; the mail received verifies the address", async () => {
    const c = newClient('outboxwelcome');
    const agent = t.agent();
    await agent.post('/api/register').send(c).expect(201);
    const received = await t.smtp.waitFor((m) => m.to.includes(c.email) && m.subject === WELCOME);
    const token = verifyTokenIn(received.text);
    expect(received.html).toContain(`/verify-email?token=${token}`);

    const shown = await outboxMessage(c.email, WELCOME);
    expect(shown.detail.text).toContain('http://portal.test/verify-email?token=[hidden]');
    expect(shown.detail.html).toContain('/verify-email?token=[hidden]');
    expect(JSON.stringify(shown.detail)).not.toContain(token);
    expect(shown.list).not.toContain(token);
    // nor is it kept in the table once sent
    const [row] = (await t.db.query('SELECT html, text FROM email_outbox WHERE id = $1', [shown.id])) as Array<{
      html: string;
      text: string;
    }>;
    expect(`${row.html}${row.text}`).not.toContain(token);

    await t.http().post('/api/verify-email').send({ token }).expect(200);
    expect((await agent.get('/api/user').expect(200)).body.emailVerified).toBe(true);
  });

  it("'Confirm your email address' (a new link asked for): hidden in the outbox, working in the mail", async () => {
    const c = newClient('outboxresend');
    const agent = t.agent();
    await agent.post('/api/register').send(c).expect(201);
    await t.smtp.waitFor((m) => m.to.includes(c.email) && m.subject === WELCOME);
    await agent.post('/api/verify-email/resend').expect(200);
    const received = await t.smtp.waitFor((m) => m.to.includes(c.email) && m.subject === 'Confirm your email address');
    const token = verifyTokenIn(received.text);

    const shown = await outboxMessage(c.email, 'Confirm your email address');
    expect(shown.detail.text).toContain('/verify-email?token=[hidden]');
    expect(JSON.stringify(shown.detail)).not.toContain(token);
    await t.http().post('/api/verify-email').send({ token }).expect(200);
  });

  it("the invitation: the link's invite token shows as [hidden]; registering from the mail's link starts verified", async () => {
    const c = newClient('outboxinvite');
    await admin.post('/api/admin/send-client-invitation').send({ email: c.email, clientName: 'Ivy' }).expect(200);
    const received = await t.smtp.waitFor((m) => m.to.includes(c.email) && m.subject === INVITED);
    const invite = inviteTokenIn(received.text);

    const shown = await outboxMessage(c.email, INVITED);
    expect(shown.detail.text).toMatch(/[?&]invite=\[hidden\]/);
    expect(shown.detail.html).toMatch(/(&amp;|&)invite=\[hidden\]/);
    expect(JSON.stringify(shown.detail)).not.toContain(invite);
    const [row] = (await t.db.query('SELECT html, text FROM email_outbox WHERE id = $1', [shown.id])) as Array<{
      html: string;
      text: string;
    }>;
    expect(`${row.html}${row.text}`).not.toContain(invite);

    const res = await t
      .http()
      .post('/api/register')
      .send({ ...c, invite })
      .expect(201);
    expect(res.body.emailVerified).toBe(true);
  });
});

describe('Media links live minutes, not hours', () => {
  let t: TestApp;
  let admin: Agent;
  let photo: Photo;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    const { id: clientId } = await clientAgent(t, 'shortlinks');
    const projectId = (
      await admin.post('/api/projects').send({ name: 'Short links', clientId, price: '0', selectedServices: [] }).expect(201)
    ).body.id as number;
    photo = await uploadReadyPhoto(t, admin, projectId);
  }, 60_000);
  afterAll(() => t.close());

  const secondsLeft = (url: string) => Number(new URL(url, 'http://x').searchParams.get('exp')) - Date.now() / 1000;

  it('an original lives about 5 minutes (at most 6), a thumbnail or preview at most half an hour; fresh ones work', async () => {
    expect(secondsLeft(photo.downloadUrl!)).toBeGreaterThan(4 * 60);
    expect(secondsLeft(photo.downloadUrl!)).toBeLessThanOrEqual(6 * 60);
    for (const url of [photo.thumbnailUrl!, photo.previewUrl!]) {
      expect(secondsLeft(url)).toBeGreaterThan(4 * 60);
      expect(secondsLeft(url)).toBeLessThanOrEqual(30 * 60);
    }
    const original = await t.http().get(photo.downloadUrl!).expect(200);
    // the browser may not keep the file longer than the link lives
    const maxAge = Number(/max-age=(\d+)/.exec(original.headers['cache-control'])?.[1]);
    expect(maxAge).toBeLessThanOrEqual(Math.ceil(secondsLeft(photo.downloadUrl!)));
    await t.http().get(photo.previewUrl!).expect(200);
  });

  it('an expired link is refused (403 GALLERY.LINK_EXPIRED), a fresh one of the same file works', async () => {
    const key = new URL(photo.downloadUrl!, 'http://x').pathname.replace('/api/media/', '');
    const secret = t.app.get(PhotoGallery).mediaUrlSecret;
    const expired = signMediaUrl(key, new Date(Date.now() - 1000), secret);
    expect((await t.http().get(expired).expect(403)).body.code).toBe('GALLERY.LINK_EXPIRED');
    const fresh = (await admin.get(`/api/projects/${key.split('/')[1]}/photos`).expect(200)).body[0] as Photo;
    await t.http().get(fresh.downloadUrl!).expect(200);
  });
});

describe('No e-mail is sent by a GET: the test e-mails are POSTs', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  const queued = async () =>
    ((await t.db.query(`SELECT count(*)::int AS n FROM email_outbox WHERE kind = 'test'`)) as Array<{ n: number }>)[0].n;

  it.each([
    ['/api/send-test-welcome-email', `Test welcome email sent to ${ADMIN.email}`],
    ['/api/send-test-project-email', `Test project notification email sent to ${ADMIN.email}`],
  ])('%s: GET sends nothing (404), for the admin, a read token or a cross-site link; POST sends it', async (path, sent) => {
    const { token: readToken } = (
      await admin
        .post('/api/api-tokens')
        .send({ name: `reader ${path}`, scope: 'read' })
        .expect(201)
    ).body as {
      token: string;
    };
    const before = await queued();
    expect((await admin.get(path).expect(404)).body.message).toBe(`No route for GET ${path}`);
    await t.http().get(path).set(bearer(readToken)).expect(404);
    // a link on another site, followed by the admin's browser (SameSite=Lax sends the cookie on a top-level GET)
    await admin.get(path).set('Sec-Fetch-Site', 'cross-site').expect(404);
    // a read token never sends, whatever the method; a cross-site POST is refused
    await t.http().post(path).set(bearer(readToken)).expect(403);
    expect((await admin.post(path).set('Origin', 'https://evil.example').expect(403)).body.code).toBe('CSRF.FOREIGN_ORIGIN');
    expect(await queued()).toBe(before);

    expect((await admin.post(path).expect(200)).body).toEqual({ success: true, message: sent });
    expect(await queued()).toBe(before + 1);
  });
});
