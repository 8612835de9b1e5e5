import { SmtpSink } from '../support/smtp-sink';
import {
  ADMIN,
  adminAgent,
  Agent,
  clientAgent,
  contentRange,
  createTestApp,
  eventually,
  listParams,
  newClient,
  TestApp,
} from '../support/test-app';

const tag = () => `${process.pid}${Math.random().toString(36).slice(2, 8)}`;

describe('E-mail system (spec §7 "E-mail", CONTRACT §5) against a real SMTP server', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp({ OUTBOX_RETRY_MS: '200' });
    admin = await adminAgent(t);
  });
  afterAll(async () => {
    // What reached the SMTP server in this file, by subject (a tag in a subject is shortened).
    const bySubject = new Map<string, number>();
    for (const m of t.smtp.messages) {
      const subject = m.subject.replace(/\d{3,}[a-z0-9]+/g, '…');
      bySubject.set(subject, (bySubject.get(subject) ?? 0) + 1);
    }
    console.log(
      `the SMTP server received ${t.smtp.messages.length} messages:\n` +
        [...bySubject].map(([subject, n]) => `  ${String(n).padStart(4)} × ${subject}`).join('\n'),
    );
    await t.close();
  });

  describe('who may call', () => {
    const calls: Array<[string, string, object | null]> = [
      ['get', '/api/email-status', null],
      ['post', '/api/admin/test-email', { email: 'x@example.com', type: 'welcome' }],
      ['post', '/api/send-test-welcome-email', null],
      ['post', '/api/send-test-project-email', null],
      ['post', '/api/admin/send-client-invitation', { email: 'x@example.com', clientName: 'Xavier' }],
      [
        'post',
        '/api/admin/send-custom-email',
        { recipients: ['x@example.com'], subject: 'Hi', htmlContent: '<p>Hi</p>', sendToAll: false },
      ],
      ['get', '/api/admin/email-outbox', null],
      ['get', '/api/admin/email-outbox/1', null],
      ['post', '/api/admin/email-outbox/1/resend', null],
    ];

    it.each(calls)('%s %s: 401 signed out, 403 for a client, and nothing is sent', async (method, url, body) => {
      const before = t.smtp.messages.length;
      const anon = t.http()[method as 'get'](url);
      await (body ? anon.send(body) : anon).expect(401);
      const { agent } = await clientAgent(t, 'nosy');
      const asClient = agent[method as 'get'](url);
      const res = await (body ? asClient.send(body) : asClient).expect(403);
      expect(typeof res.body.message).toBe('string');
      await new Promise((r) => setTimeout(r, 300));
      // The client's own welcome e-mail is the only new message for them, the admin or the address in the body.
      const concerned = [ADMIN.email, 'x@example.com'];
      expect(t.smtp.messages.slice(before).filter((m) => m.to.some((to) => concerned.includes(to)))).toEqual([]);
    });
  });

  describe('each kind of message arrives with its recipient, subject and link or code, in HTML and plain text', () => {
    it('welcome on registration', async () => {
      const c = newClient('welcome');
      await t.http().post('/api/register').send(c).expect(201);
      const m = await t.smtp.waitFor((x) => x.to.includes(c.email));
      expect(m.subject).toBe('Welcome to your photography client portal');
      expect(m.html).toContain('href="http://portal.test/projects"');
      expect(m.text).toContain(`Welcome, ${c.username}!`);
    });

    it('project notification when a project is created for a client', async () => {
      const c = await clientAgent(t, 'notify');
      const name = `Harbour Lane ${tag()}`;
      await admin
        .post('/api/projects')
        .send({ name, clientId: String(c.id), price: 250, services: [] })
        .expect(201);
      const m = await t.smtp.waitFor((x) => x.to.includes(c.email) && x.subject === `Your new project: ${name}`);
      expect(m.html).toContain(name);
      expect(m.text).toContain('$250.00');
      expect(m.text).toContain('http://portal.test/projects');
    });

    it('invitation with a link that opens Register pre-filled, and the custom message', async () => {
      const email = `invitee${tag()}@example.com`;
      const res = await admin
        .post('/api/admin/send-client-invitation')
        .send({ email, clientName: 'Ann & <Co>', customMessage: 'See you on Friday!\nBring a jacket.' })
        .expect(200);
      expect(res.body).toEqual({ success: true, message: `Invitation sent to ${email}` });
      const m = await t.smtp.waitFor((x) => x.to.includes(email));
      expect(m.subject).toBe('You are invited to your photography client portal');
      // the Register tab pre-filled, with the invitation's token (it verifies the address, CONTRACT §8)
      const link = `http://portal.test/auth?tab=register&email=${encodeURIComponent(email)}&invite=`;
      expect(m.html).toMatch(new RegExp(`href="${link.replace(/&/g, '&amp;').replace(/[?.]/g, '\\$&')}[A-Za-z0-9_-]{43}"`));
      expect(m.text).toContain(link);
      expect(m.html).toContain('Hello Ann &amp; &lt;Co&gt;,');
      expect(m.html).toContain('See you on Friday!');
      expect(m.text).toContain('Bring a jacket.');
    });

    it('password-reset code: 6 digits in both parts, and the body is not kept once sent', async () => {
      const c = await clientAgent(t, 'forgot');
      await t.http().post('/api/verify/request-code').send({ email: c.email }).expect(200);
      const m = await t.smtp.waitFor((x) => x.to.includes(c.email) && x.subject === 'Your password reset code');
      const code = /\b(\d{6})\b/.exec(m.text)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      expect(m.html).toContain(code);
      await eventually(async () => {
        const [row] = await t.db.query(`SELECT status, html, text FROM email_outbox WHERE to_address = $1 AND kind = 'password-reset'`, [
          c.email,
        ]);
        expect(row.status).toBe('sent');
        expect(row.html).not.toContain(code);
        expect(row.text).not.toContain(code);
      });
    });

    it("test e-mails: to any address, and to the admin's own address", async () => {
      const to = `tester${tag()}@example.com`;
      const welcome = await admin.post('/api/admin/test-email').send({ email: to, type: 'welcome' }).expect(200);
      expect(welcome.body).toEqual({ success: true, message: `Test welcome email sent to ${to}` });
      const project = await admin.post('/api/admin/test-email').send({ email: to, type: 'project' }).expect(200);
      expect(project.body.success).toBe(true);
      const got = t.smtp
        .to(to)
        .map((m) => m.subject)
        .sort();
      expect(got).toEqual([
        '[Test] Welcome to your photography client portal',
        '[Test] Your new project: Sample project: Harbour Lane listing',
      ]);

      const before = t.smtp.to(ADMIN.email).length;
      expect((await admin.post('/api/send-test-welcome-email').expect(200)).body).toEqual({
        success: true,
        message: `Test welcome email sent to ${ADMIN.email}`,
      });
      expect((await admin.post('/api/send-test-project-email').expect(200)).body).toEqual({
        success: true,
        message: `Test project notification email sent to ${ADMIN.email}`,
      });
      const mine = t.smtp.to(ADMIN.email).slice(before);
      expect(mine.map((m) => m.subject).sort()).toEqual([
        '[Test] Welcome to your photography client portal',
        '[Test] Your new project: Sample project: Harbour Lane listing',
      ]);
      expect(mine.find((m) => m.subject.includes('Welcome'))?.text).toContain(`Welcome, ${ADMIN.username}!`);
    });

    it('custom e-mail: the HTML exactly as written, a readable text part, each listed address once', async () => {
      const subject = `Spring mini-sessions ${tag()}`;
      const html =
        '<h1>Spring &amp; light</h1><p>Book <a href="https://studio.test/book">your slot</a>.</p><script>alert(1)</script><ul><li>Friday</li><li>Saturday</li></ul>';
      const a = `a${tag()}@example.com`;
      const b = `b${tag()}@example.com`;
      const res = await admin
        .post('/api/admin/send-custom-email')
        .send({ recipients: [a, b, a.toUpperCase()], subject, htmlContent: html, sendToAll: false })
        .expect(200);
      expect(res.body).toEqual({ success: true, queued: 2, message: 'Email sent to 2 recipients' });
      const m = await t.smtp.waitFor((x) => x.to.includes(a) && x.subject === subject);
      expect(m.html.trim()).toBe(html);
      expect(m.text).toContain('Spring & light');
      expect(m.text).toContain('your slot (https://studio.test/book)');
      expect(m.text).toContain('- Friday');
      expect(m.text).not.toContain('alert(1)');
      await t.smtp.waitFor((x) => x.to.includes(b) && x.subject === subject);
      expect(t.smtp.messages.filter((x) => x.subject === subject)).toHaveLength(2);
      // The body is stored once for the two messages.
      const rows = await t.db.query(`SELECT DISTINCT content_id FROM email_outbox WHERE subject = $1`, [subject]);
      expect(rows).toHaveLength(1);
      expect(rows[0].content_id).not.toBeNull();
    });

    it('sendToAll reaches every client once, not the admins, plus the listed addresses', async () => {
      await clientAgent(t, 'everyone');
      const extra = `friend${tag()}@example.com`;
      const subject = `Studio news ${tag()}`;
      const clients: Array<{ email: string }> = await t.db.query(
        `SELECT DISTINCT lower(email) AS email FROM users WHERE role = 'client' AND deleted_at IS NULL`,
      );
      const res = await admin
        .post('/api/admin/send-custom-email')
        .send({ recipients: [extra, clients[0].email.toUpperCase()], subject, htmlContent: '<p>News</p>', sendToAll: true })
        .expect(200);
      expect(res.body.success).toBe(true);
      const rows: Array<{ to_address: string }> = await t.db.query(`SELECT to_address FROM email_outbox WHERE subject = $1`, [subject]);
      const addresses = rows.map((r) => r.to_address.toLowerCase());
      expect(new Set(addresses).size).toBe(addresses.length);
      expect(res.body.queued).toBe(addresses.length);
      const created: Array<{ email: string }> = await t.db.query(
        `SELECT lower(email) AS email FROM users WHERE role = 'client' AND deleted_at IS NULL`,
      );
      for (const c of created) expect(addresses).toContain(c.email);
      expect(addresses).toContain(extra);
      expect(addresses).not.toContain(ADMIN.email);
      await eventually(async () => {
        const got = t.smtp.messages.filter((m) => m.subject === subject).flatMap((m) => m.to);
        expect(got.map((a) => a.toLowerCase()).sort()).toEqual([...addresses].sort());
      }, 20_000);
    });
  });

  describe('validation (spec §5): 400 with the spec message, nothing stored', () => {
    const cases: Array<[string, string, object, string]> = [
      ['test e-mail address', '/api/admin/test-email', { email: 'nope', type: 'welcome' }, 'Please enter a valid email address'],
      ['test e-mail type', '/api/admin/test-email', { email: 'ok@example.com', type: 'invoice' }, 'Type must be welcome or project'],
      ['invitation address', '/api/admin/send-client-invitation', { email: 'a@', clientName: 'Ann' }, 'Please enter a valid email address'],
      [
        'invitation name',
        '/api/admin/send-client-invitation',
        { email: 'ann@example.com', clientName: ' A ' },
        'Client name must be at least 2 characters',
      ],
      [
        'custom subject',
        '/api/admin/send-custom-email',
        { recipients: ['a@example.com'], subject: '  ', htmlContent: '<p>x</p>' },
        'Email subject is required',
      ],
      [
        'custom content',
        '/api/admin/send-custom-email',
        { recipients: ['a@example.com'], subject: 'Hi', htmlContent: ' ' },
        'Email content is required',
      ],
      [
        'custom recipient',
        '/api/admin/send-custom-email',
        { recipients: ['a@example.com', 'bad'], subject: 'Hi', htmlContent: '<p>x</p>' },
        'Invalid email address',
      ],
      [
        'custom recipient with an invisible character',
        '/api/admin/send-custom-email',
        { recipients: ['fz\uFEFF-a@example.com'], subject: 'Hi', htmlContent: '<p>x</p>' },
        'Invalid email address',
      ],
      [
        'custom recipient with sendToAll',
        '/api/admin/send-custom-email',
        { recipients: ['bad'], subject: 'Hi', htmlContent: '<p>x</p>', sendToAll: true },
        'Invalid email address',
      ],
      [
        'custom without recipients',
        '/api/admin/send-custom-email',
        { recipients: [], subject: 'Hi', htmlContent: '<p>x</p>', sendToAll: false },
        'At least one recipient is required when not sending to all clients',
      ],
      [
        'custom HTML too long',
        '/api/admin/send-custom-email',
        { recipients: ['a@example.com'], subject: 'Hi', htmlContent: 'x'.repeat(200_001) },
        'Email content must be at most 200000 characters',
      ],
    ];
    it.each(cases)('%s', async (_name, url, body, message) => {
      const [{ n: before }] = await t.db.query(`SELECT count(*)::int AS n FROM email_outbox`);
      const res = await admin.post(url).send(body).expect(400);
      expect(res.body.message).toBe(message);
      const [{ n: after }] = await t.db.query(`SELECT count(*)::int AS n FROM email_outbox WHERE kind IN ('test', 'invitation', 'custom')`);
      const [{ n: total }] = await t.db.query(`SELECT count(*)::int AS n FROM email_outbox`);
      expect(total - before).toBe(0);
      expect(after).toBeGreaterThanOrEqual(0);
    });

    it('an invitation to an address that already has an account is a 409', async () => {
      const c = await clientAgent(t, 'member');
      const res = await admin
        .post('/api/admin/send-client-invitation')
        .send({ email: c.email.toUpperCase(), clientName: 'Member' })
        .expect(409);
      expect(res.body.message).toBe('A client with this email already has an account');
    });
  });

  describe('the outbox list', () => {
    it('pages newest first with Content-Range, filters by state and text, and shows one message', async () => {
      const to = `listed${tag()}@example.com`;
      const others = Array.from({ length: 6 }, (_, i) => `page${i}x${tag()}@example.com`);
      await admin.post('/api/admin/send-custom-email').send({ recipients: others, subject: 'Paging', htmlContent: '<p>p</p>' }).expect(200);
      await admin.post('/api/admin/test-email').send({ email: to, type: 'welcome' }).expect(200);
      const page = await admin
        .get('/api/admin/email-outbox')
        .query(listParams(['createdAt', 'DESC'], [0, 4]))
        .expect(200);
      const range = contentRange(page.headers['content-range']);
      expect(range).toMatchObject({ resource: 'email-outbox', start: 0, end: 4 });
      expect(range.total).toBeGreaterThan(5);
      const times = page.body.map((r: { createdAt: string }) => Date.parse(r.createdAt));
      expect([...times].sort((x, y) => y - x)).toEqual(times);

      const found = await admin
        .get('/api/admin/email-outbox')
        .query(listParams(undefined, undefined, { q: to, status: 'sent' }))
        .expect(200);
      expect(found.body).toEqual([
        expect.objectContaining({
          to,
          kind: 'test',
          status: 'sent',
          attempts: 1,
          lastError: null,
          subject: '[Test] Welcome to your photography client portal',
        }),
      ]);
      expect(found.body[0].serverResponse).toMatch(/^250/);
      const detail = await admin.get(`/api/admin/email-outbox/${found.body[0].id}`).expect(200);
      expect(detail.body.html).toContain('<!doctype html>');
      expect(detail.body.text).toContain('Welcome, Sample Client!');

      await admin
        .get('/api/admin/email-outbox')
        .query({ filter: JSON.stringify({ status: 'lost' }) })
        .expect(400);
      await admin
        .get('/api/admin/email-outbox')
        .query({ sort: JSON.stringify(['html', 'ASC']) })
        .expect(400);
      await admin.get('/api/admin/email-outbox/999999999').expect(404);
      await admin.get('/api/admin/email-outbox/abc').expect(400);
    });

    it('never shows a password-reset code', async () => {
      const c = await clientAgent(t, 'hidden');
      await t.http().post('/api/verify/request-code').send({ email: c.email }).expect(200);
      const [row] = await eventually(async () => {
        const rows = await t.db.query(`SELECT id FROM email_outbox WHERE to_address = $1 AND kind = 'password-reset' AND status = 'sent'`, [
          c.email,
        ]);
        expect(rows).toHaveLength(1);
        return rows;
      });
      const detail = await admin.get(`/api/admin/email-outbox/${row.id}`).expect(200);
      expect(detail.body).toMatchObject({ kind: 'password-reset', html: null, text: null });
    });

    it('resends a failed message once, and refuses the others', async () => {
      const to = `retry${tag()}@example.com`;
      const [{ id }] = await t.db.query(
        `INSERT INTO email_outbox (kind, to_address, subject, html, text, status, attempts, last_error)
         VALUES ('custom', $1, 'Gave up earlier', '<p>Again</p>', 'Again', 'failed', 8, '421 try later') RETURNING id`,
        [to],
      );
      const res = await admin.post(`/api/admin/email-outbox/${id}/resend`).expect(200);
      expect(res.body).toEqual({ success: true, message: 'Email queued again' });
      await t.smtp.waitFor((m) => m.to.includes(to));
      await eventually(async () => {
        const [row] = await t.db.query(`SELECT status, attempts FROM email_outbox WHERE id = $1`, [id]);
        expect(row).toEqual({ status: 'sent', attempts: 1 });
      });
      const again = await admin.post(`/api/admin/email-outbox/${id}/resend`).expect(409);
      expect(again.body.message).toBe('Only a failed email can be sent again');
      await admin.post('/api/admin/email-outbox/999999999/resend').expect(404);
      expect(t.smtp.to(to)).toHaveLength(1);
    });
  });

  describe('email-status', () => {
    it('is connected when the server accepts the connection', async () => {
      expect((await admin.get('/api/email-status').expect(200)).body).toEqual({ status: 'connected' });
    });
  });
});

describe('email-status against servers that refuse', () => {
  it('tells a refused login (authentication_failed) from an unreachable server, and both from the mock', async () => {
    const guarded = await new SmtpSink().start({ user: 'studio', pass: 'right-password' });
    const wrong = await createTestApp({ SMTP_URL: guarded.url({ user: 'studio', pass: 'wrong-password' }) });
    try {
      const res = await (await adminAgent(wrong)).get('/api/email-status').expect(200);
      expect(res.body).toMatchObject({ status: 'error', reason: 'authentication_failed' });
      expect(res.body.error).toMatch(/535|Invalid login/);
    } finally {
      await wrong.close();
    }
    const right = await createTestApp({ SMTP_URL: guarded.url({ user: 'studio', pass: 'right-password' }) });
    try {
      expect((await (await adminAgent(right)).get('/api/email-status').expect(200)).body).toEqual({ status: 'connected' });
    } finally {
      await right.close();
      await guarded.stop();
    }

    const gone = await new SmtpSink().start();
    await gone.stop();
    const unreachable = await createTestApp({ SMTP_URL: gone.url() });
    try {
      const res = await (await adminAgent(unreachable)).get('/api/email-status').expect(200);
      expect(res.body.status).toBe('error');
      expect(res.body.reason).toBeUndefined();
      expect(res.body.error).toMatch(/ECONNREFUSED/);
    } finally {
      await unreachable.close();
    }

    const mock = await createTestApp({ SMTP_URL: '' });
    try {
      expect((await (await adminAgent(mock)).get('/api/email-status').expect(200)).body).toEqual({
        status: 'mock',
        reason: 'no_credentials',
      });
      const test = await (
        await adminAgent(mock)
      )
        .post('/api/admin/test-email')
        .send({ email: 'x@example.com', type: 'welcome' })
        .expect(200);
      expect(test.body.success).toBe(false);
      expect(test.body.message).toMatch(/only logged/);
    } finally {
      await mock.close();
    }
  });
});
