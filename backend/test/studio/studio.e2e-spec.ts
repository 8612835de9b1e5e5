import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { databaseOnServer } from '../support/database';
import { changedTables, tableSnapshot } from '../support/table-snapshot';
import { adminAgent, Agent, clientAgent, createTestApp, TestApp } from '../support/test-app';

/**
 * CONTRACT §13, issue 28: the studio's settings. The file runs on a database of its own (the settings are
 * one row: a change here must not reach the other files of this Jest worker, nor their payments this one).
 */
const DEFAULT_PUBLIC = {
  name: 'Studio Portal',
  logoUrl: null,
  accentColor: '#1e3a8a',
  email: '',
  phone: '',
  address: '',
  website: '',
  currency: 'USD',
  timeZone: 'UTC',
  locale: 'en-US',
  bookingUrl: 'https://book.example/default',
};

const HARBOUR = {
  name: 'Harbour Light Photography',
  accentColor: '#0f766e',
  email: 'hello@harbourlight.example',
  phone: '+353 1 555 0100',
  address: '12 Quay Street, Galway',
  website: 'https://harbourlight.example',
  currency: 'EUR',
  timeZone: 'Europe/Dublin',
  locale: 'en-IE',
  taxRate: 23,
  taxName: 'VAT',
  taxInclusive: true,
  invoiceTerms: 'Payment is due within 30 days.',
  paymentDueDays: 30,
  reminderDays: [-3, 0, 7],
  emailFromName: 'Harbour Light',
  replyTo: 'studio@harbourlight.example',
  bookingUrl: 'https://harbourlight.example/book',
};

const snapshot = tableSnapshot({
  studio_settings: 'SELECT * FROM studio_settings',
  audit_events: "SELECT id FROM audit_events WHERE action LIKE 'studio.%'",
});

describe('Studio settings (CONTRACT §13)', () => {
  let t: TestApp;
  let admin: Agent;
  let dropDb: () => Promise<void>;

  beforeAll(async () => {
    const workerUrl = process.env.TEST_DATABASE_URL!;
    const own = await databaseOnServer(workerUrl, `studio_${process.pid}_${Date.now().toString(36)}`);
    dropDb = own.drop;
    process.env.TEST_DATABASE_URL = own.url;
    try {
      t = await createTestApp({ BOOKING_URL: 'https://book.example/default' });
    } finally {
      process.env.TEST_DATABASE_URL = workerUrl;
    }
    admin = await adminAgent(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await dropDb?.();
  });

  const reset = () =>
    t.db.query(
      `UPDATE studio_settings SET name = 'Studio Portal', accent_color = '#1e3a8a', email = '', phone = '', address = '', website = '',
              currency = 'USD', time_zone = 'UTC', locale = 'en-US', tax_rate = 0, tax_name = 'Sales tax', tax_inclusive = false,
              invoice_terms = '', payment_due_days = 14, reminder_days = '{-3,0,7}', email_from_name = '', reply_to = '', booking_url = NULL`,
    );
  const studioEvents = async () =>
    (await t.db.query(`SELECT action, summary, actor_email FROM audit_events WHERE action LIKE 'studio.%' ORDER BY id`)) as Array<{
      action: string;
      summary: string;
      actor_email: string | null;
    }>;

  describe('reading and changing the settings', () => {
    beforeEach(reset);

    it('reads the default studio: Studio Portal in USD, en-US, no logo, the booking URL from BOOKING_URL', async () => {
      const res = await t.http().get('/api/studio').expect(200);
      expect(res.body).toEqual(DEFAULT_PUBLIC);
      const full = await admin.get('/api/studio/settings').expect(200);
      expect(full.body).toEqual({
        ...DEFAULT_PUBLIC,
        taxRate: 0,
        taxName: 'Sales tax',
        taxInclusive: false,
        invoiceTerms: '',
        paymentDueDays: 14,
        reminderDays: [-3, 0, 7],
        emailFromName: '',
        replyTo: '',
        bookingUrl: null,
        defaultBookingUrl: 'https://book.example/default',
        updatedAt: expect.any(String),
      });
    });

    it('changes every setting at once, shows it to everyone, and records the fields changed', async () => {
      const before = (await studioEvents()).length;
      const res = await admin.patch('/api/studio').send(HARBOUR).expect(200);
      expect(res.body).toMatchObject({ ...HARBOUR, logoUrl: null, defaultBookingUrl: 'https://book.example/default' });
      expect((await t.http().get('/api/studio').expect(200)).body).toEqual({
        name: 'Harbour Light Photography',
        logoUrl: null,
        accentColor: '#0f766e',
        email: 'hello@harbourlight.example',
        phone: '+353 1 555 0100',
        address: '12 Quay Street, Galway',
        website: 'https://harbourlight.example',
        currency: 'EUR',
        timeZone: 'Europe/Dublin',
        locale: 'en-IE',
        bookingUrl: 'https://harbourlight.example/book',
      });
      const [row] = await t.db.query(`SELECT name, currency, tax_rate::text AS tax_rate, reminder_days, booking_url FROM studio_settings`);
      expect(row).toEqual({
        name: 'Harbour Light Photography',
        currency: 'EUR',
        tax_rate: '23.000',
        reminder_days: [-3, 0, 7],
        booking_url: 'https://harbourlight.example/book',
      });
      const events = (await studioEvents()).slice(before);
      expect(events).toEqual([
        {
          action: 'studio.updated',
          actor_email: 'owner@studio.test',
          summary:
            'Changed the studio settings: name, accentColor, email, phone, address, website, currency, timeZone, locale, taxRate, taxName, taxInclusive, invoiceTerms, paymentDueDays, emailFromName, replyTo, bookingUrl',
        },
      ]);
      // the same values again: nothing changes, nothing is recorded
      await admin.patch('/api/studio').send(HARBOUR).expect(200);
      expect((await studioEvents()).length).toBe(before + 1);
    });

    it.each([
      [{ name: '  Lakeside Studio ' }, { name: 'Lakeside Studio' }],
      [{ accentColor: '#0F766E' }, { accentColor: '#0f766e' }],
      [{ accentColor: '#333' }, { accentColor: '#333333' }],
      [{ email: 'desk@lakeside.example' }, { email: 'desk@lakeside.example' }],
      [{ phone: '555-0100' }, { phone: '555-0100' }],
      [{ address: '1 Main St\nSpringfield' }, { address: '1 Main St\nSpringfield' }],
      [{ website: 'http://lakeside.example/' }, { website: 'http://lakeside.example/' }],
      [{ currency: 'gbp' }, { currency: 'GBP' }],
      [{ timeZone: 'America/New_York' }, { timeZone: 'America/New_York' }],
      [{ locale: 'de-de' }, { locale: 'de-DE' }],
      [{ taxRate: 8.875 }, { taxRate: 8.875 }],
      [{ taxName: 'GST' }, { taxName: 'GST' }],
      [{ taxInclusive: true }, { taxInclusive: true }],
      [{ invoiceTerms: 'Net 14' }, { invoiceTerms: 'Net 14' }],
      [{ paymentDueDays: 0 }, { paymentDueDays: 0 }],
      [{ paymentDueDays: 90 }, { paymentDueDays: 90 }],
      [{ reminderDays: [7, -30, 60, 7, 0] }, { reminderDays: [-30, 0, 7, 60] }],
      [{ reminderDays: [] }, { reminderDays: [] }],
      [{ emailFromName: 'Lakeside' }, { emailFromName: 'Lakeside' }],
      [{ replyTo: 'desk@lakeside.example' }, { replyTo: 'desk@lakeside.example' }],
      [{ bookingUrl: 'https://lakeside.example/book' }, { bookingUrl: 'https://lakeside.example/book' }],
      [{ bookingUrl: '' }, { bookingUrl: null }],
    ])('PATCH %j → %j, the other settings kept', async (change, stored) => {
      const res = await admin.patch('/api/studio').send(change).expect(200);
      expect(res.body).toMatchObject(stored);
      expect(res.body).toMatchObject({
        ...Object.fromEntries(Object.entries(DEFAULT_PUBLIC).filter(([k]) => !(k in change) && k !== 'bookingUrl')),
      });
      expect((await admin.get('/api/studio/settings').expect(200)).body).toMatchObject(stored);
    });

    it('takes null for the booking URL back to BOOKING_URL', async () => {
      await admin.patch('/api/studio').send({ bookingUrl: 'https://lakeside.example/book' }).expect(200);
      expect((await t.http().get('/api/studio')).body.bookingUrl).toBe('https://lakeside.example/book');
      const res = await admin.patch('/api/studio').send({ bookingUrl: null }).expect(200);
      expect(res.body).toMatchObject({ bookingUrl: null, defaultBookingUrl: 'https://book.example/default' });
      expect((await t.http().get('/api/studio')).body.bookingUrl).toBe('https://book.example/default');
    });

    it.each([
      ['currency', 'XYZ', 'Currency must be an ISO 4217 code such as USD, EUR or GBP'],
      ['currency', 'JPY', 'Currency JPY must be a currency with cents (2 decimals): amounts are kept in cents'],
      ['currency', 42, 'Currency must be an ISO 4217 code such as USD, EUR or GBP'],
      ['accentColor', '#7dd3fc', 'Accent colour #7dd3fc has a contrast of 1.6:1 with white text; choose one of at least 4.5:1 (AA)'],
      ['accentColor', 'teal', 'Accent colour must be a colour like #0f766e'],
      ['taxRate', 8.8751, 'Tax rate must have at most 3 decimals'],
      ['taxRate', 31, 'Tax rate must be between 0 and 30'],
      ['taxRate', -1, 'Tax rate must be between 0 and 30'],
      ['taxRate', '8', 'Tax rate must be a number between 0 and 30'],
      ['reminderDays', [-31, 0], 'Reminder days must be between −30 and 60'],
      ['reminderDays', [61], 'Reminder days must be between −30 and 60'],
      ['reminderDays', [1.5], 'Reminder days must be whole numbers of days'],
      ['reminderDays', '7', 'Reminder days must be whole numbers of days'],
      ['reminderDays', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 'At most 10 reminder days'],
      ['paymentDueDays', 91, 'Payment due days must be a whole number between 0 and 90'],
      ['paymentDueDays', 1.5, 'Payment due days must be a whole number between 0 and 90'],
      ['timeZone', 'Mars/Olympus', 'Time zone must be one such as Europe/Dublin or America/New_York'],
      ['locale', 'not a locale!', 'Locale must be a language tag such as en-US, en-IE or de-DE'],
      ['name', '   ', 'Studio name is required'],
      ['name', null, 'Studio name is required'],
      ['name', 'x'.repeat(101), 'Studio name must be at most 100 characters'],
      ['email', 'not-an-address', 'E-mail must be an e-mail address'],
      ['replyTo', 'nobody@', 'Reply-to address must be an e-mail address'],
      ['website', 'javascript:alert(1)', 'Website must be a web address starting with https:// or http://'],
      ['bookingUrl', 'ftp://lakeside.example', 'Booking URL must be a web address starting with https:// or http://'],
      ['address', 'x'.repeat(501), 'Address must be at most 500 characters'],
      ['invoiceTerms', 'x'.repeat(2001), 'Invoice terms must be at most 2000 characters'],
      ['taxName', 'x'.repeat(41), 'Tax name must be at most 40 characters'],
      ['emailFromName', 'Studio\r\nBcc: victim@example.com', 'Sender name must be on one line, without <, > or "'],
      ['taxInclusive', 'yes', 'Prices include tax must be true or false'],
    ])('refuses %s = %j: 400 "%s", nothing changed', async (field, value, message) => {
      const before = await snapshot(t.db);
      const res = await admin
        .patch('/api/studio')
        .send({ name: 'Would Change', [field]: value })
        .expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, message, errors: { [field]: message } });
      expect(changedTables(before, await snapshot(t.db))).toEqual([]);
    });

    it('refuses a field that is not a setting (400), and the logo URL or the clock among them, nothing changed', async () => {
      const before = await snapshot(t.db);
      for (const field of ['logoUrl', 'logoVersion', 'updatedAt', 'colour']) {
        const res = await admin
          .patch('/api/studio')
          .send({ name: 'Would Change', [field]: 'x' })
          .expect(400);
        expect(res.body).toMatchObject({
          code: 'STUDIO.UNKNOWN_FIELD',
          message: `${field} is not a studio setting`,
          errors: { [field]: `${field} is not a studio setting` },
        });
      }
      await admin
        .patch('/api/studio')
        .send([{ name: 'x' }])
        .expect(400);
      expect(changedTables(before, await snapshot(t.db))).toEqual([]);
    });

    it('names every bad field at once', async () => {
      const res = await admin
        .patch('/api/studio')
        .send({ currency: 'JPY', taxRate: 8.8751, reminderDays: [99] })
        .expect(400);
      expect(Object.keys(res.body.errors)).toEqual(['currency', 'taxRate', 'reminderDays']);
    });
  });

  describe('who may change them', () => {
    let client: Agent;
    let token: string;
    beforeAll(async () => {
      client = (await clientAgent(t, 'studioclient')).agent;
      token = (await admin.post('/api/api-tokens').send({ name: 'studio write token', scope: 'write' }).expect(201)).body.token;
    });

    it.each([
      ['PATCH', '/api/studio'],
      ['GET', '/api/studio/settings'],
      ['POST', '/api/studio/logo'],
      ['DELETE', '/api/studio/logo'],
    ])('%s %s: anonymous 401, a client 403, an API token 403 (account authority), nothing changed', async (method, url) => {
      const before = await snapshot(t.db);
      const send = (agent: Agent) => {
        const req = agent[method.toLowerCase() as 'get'](url);
        return method === 'PATCH' ? req.send({ name: 'Hijacked' }) : req;
      };
      expect((await send(t.agent())).body).toMatchObject({ statusCode: 401, code: 'AUTH.NOT_SIGNED_IN' });
      expect((await send(client)).body).toMatchObject({ statusCode: 403, code: 'AUTH.ADMIN_ONLY' });
      expect((await send(t.agent().set('Authorization', `Bearer ${token}`) as unknown as Agent)).body).toMatchObject({
        statusCode: 403,
        code: 'AUTH.SESSION_REQUIRED',
      });
      expect(changedTables(before, await snapshot(t.db))).toEqual([]);
    });

    it('lets anyone read the public studio, a client and a token too', async () => {
      expect((await client.get('/api/studio').expect(200)).body.name).toBeDefined();
      await t.agent().get('/api/studio').set('Authorization', `Bearer ${token}`).expect(200);
    });
  });

  describe('the logo', () => {
    const storedLogos = () => {
      const dir = join(t.config.mediaDir, 'studio');
      return existsSync(dir)
        ? readdirSync(dir)
            .filter((f) => !f.startsWith('.'))
            .sort()
        : [];
    };
    const png = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
        .png()
        .toBuffer();

    it('takes a PNG: resized to fit 512×512, served as a PNG cached for ever under its version', async () => {
      const before = (await studioEvents()).length;
      const res = await admin
        .post('/api/studio/logo')
        .attach('logo', await png(1200, 600), 'logo.png')
        .expect(200);
      const v = Number(/^\/api\/studio\/logo\?v=(\d+)$/.exec(res.body.logoUrl)![1]);
      expect((await t.http().get('/api/studio').expect(200)).body.logoUrl).toBe(`/api/studio/logo?v=${v}`);
      const served = await t.http().get(`/api/studio/logo?v=${v}`).buffer(true).expect(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ format: 'png', width: 512, height: 256 });
      expect((await t.http().get('/api/studio/logo').expect(200)).headers['cache-control']).toBe('no-cache');
      expect(storedLogos()).toEqual([`logo-${v}.png`]);
      expect((await studioEvents()).slice(before)).toEqual([
        { action: 'studio.logo_changed', summary: expect.stringMatching(/studio logo/), actor_email: 'owner@studio.test' },
      ]);
    });

    it('takes a JPEG, never enlarged, under a new version; the old address is no longer cached and its file is gone', async () => {
      const old = (await admin.get('/api/studio/settings').expect(200)).body.logoUrl as string;
      const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#1e3a8a' } })
        .jpeg()
        .toBuffer();
      const res = await admin.post('/api/studio/logo').attach('logo', jpeg, 'logo.jpg').expect(200);
      expect(res.body.logoUrl).not.toBe(old);
      const served = await t.http().get(res.body.logoUrl).buffer(true).expect(200);
      expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ format: 'png', width: 300, height: 200 });
      expect((await t.http().get(old).expect(200)).headers['cache-control']).toBe('no-cache');
      const v = /v=(\d+)/.exec(res.body.logoUrl)![1];
      expect(storedLogos()).toEqual([`logo-${v}.png`]);
    });

    it.each([
      ['a text file named .png', () => Buffer.from('this is not an image at all'), 'logo.png'],
      [
        'an SVG',
        () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'),
        'logo.svg',
      ],
      [
        'a WebP',
        () =>
          sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
            .webp()
            .toBuffer(),
        'logo.webp',
      ],
      ['a cut-off PNG', async () => (await png(400, 400)).subarray(0, 60), 'logo.png'],
    ])('refuses %s: 415, nothing stored', async (_what, make, filename) => {
      const before = await snapshot(t.db);
      const files = storedLogos();
      const res = await admin
        .post('/api/studio/logo')
        .attach('logo', await make(), filename)
        .expect(415);
      expect(res.body).toMatchObject({ code: 'STUDIO.LOGO_NOT_AN_IMAGE', message: 'The logo must be a PNG or JPEG image' });
      expect(changedTables(before, await snapshot(t.db))).toEqual([]);
      expect(storedLogos()).toEqual(files);
    });

    it('refuses an image over 2 MB: 413, nothing stored', async () => {
      const noise = Buffer.alloc(1000 * 1000 * 3);
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
      const big = await sharp(noise, { raw: { width: 1000, height: 1000, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(big.length).toBeGreaterThan(2.5 * 1024 * 1024);
      const before = await snapshot(t.db);
      const files = storedLogos();
      const res = await admin.post('/api/studio/logo').attach('logo', big, 'big.png');
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: 'STUDIO.LOGO_TOO_LARGE', message: 'The logo must be at most 2 MB' });
      expect(changedTables(before, await snapshot(t.db))).toEqual([]);
      expect(storedLogos()).toEqual(files);
    });

    it('refuses an upload without a `logo` part (400) or that is not multipart (415)', async () => {
      await admin
        .post('/api/studio/logo')
        .attach('file', await png(10, 10), 'logo.png')
        .expect(400);
      await admin.post('/api/studio/logo').send({ logo: 'x' }).expect(415);
    });

    it('removes the logo: the pages show the name alone, the address answers 404, a new upload takes a new version', async () => {
      const old = (await admin.get('/api/studio/settings').expect(200)).body.logoUrl as string;
      expect((await admin.delete('/api/studio/logo').expect(200)).body.logoUrl).toBeNull();
      expect((await t.http().get('/api/studio').expect(200)).body.logoUrl).toBeNull();
      expect((await t.http().get(old).expect(404)).body).toMatchObject({ code: 'STUDIO.NO_LOGO' });
      expect(storedLogos()).toEqual([]);
      await admin.delete('/api/studio/logo').expect(200);
      const again = await admin
        .post('/api/studio/logo')
        .attach('logo', await png(64, 64), 'logo.png')
        .expect(200);
      expect(Number(/v=(\d+)/.exec(again.body.logoUrl)![1])).toBeGreaterThan(Number(/v=(\d+)/.exec(old)![1]));
      const events = await studioEvents();
      expect(events.filter((e) => e.action === 'studio.logo_changed').map((e) => e.summary)).toEqual([
        'Added the studio logo',
        'Replaced the studio logo',
        'Removed the studio logo',
        'Added the studio logo',
      ]);
    });
  });

  describe('the currency once money has moved', () => {
    beforeAll(reset);

    it('changes freely before the first payment, then is fixed (409), while the other settings still change', async () => {
      await admin.patch('/api/studio').send({ currency: 'EUR' }).expect(200);
      await admin.patch('/api/studio').send({ currency: 'USD' }).expect(200);
      const owner = await clientAgent(t, 'studiopayer');
      const service = (await admin.post('/api/services').send({ name: 'Studio session', price: 75 }).expect(201)).body.id;
      const project = (
        await admin
          .post('/api/projects')
          .send({ name: 'Currency lock', clientId: String(owner.id), price: 1, selectedServices: [{ serviceId: service, quantity: 1 }] })
          .expect(201)
      ).body.id;
      await admin.patch(`/api/projects/${project}/mark-paid`).send({ note: 'Cash' }).expect(200);

      const before = await snapshot(t.db);
      const res = await admin.patch('/api/studio').send({ currency: 'EUR', name: 'Would Change' }).expect(409);
      const message = "The currency can't be changed after the first payment: amounts already paid are in USD.";
      expect(res.body).toMatchObject({ statusCode: 409, code: 'STUDIO.CURRENCY_LOCKED', message, errors: { currency: message } });
      expect(changedTables(before, await snapshot(t.db))).toEqual([]);
      // the same currency is no change, and the rest still changes
      const ok = await admin.patch('/api/studio').send({ currency: 'usd', name: 'Still Mine' }).expect(200);
      expect(ok.body).toMatchObject({ currency: 'USD', name: 'Still Mine' });
    });
  });

  it('keeps one row whatever is written around the domain: the CHECKs refuse what the domain refuses', async () => {
    for (const [sql, check] of [
      [
        `INSERT INTO studio_settings (id, name, accent_color, currency, time_zone, locale, tax_rate, tax_name, tax_inclusive, payment_due_days, reminder_days)
         VALUES (2, 'Second', '#1e3a8a', 'USD', 'UTC', 'en-US', 0, 'Tax', false, 14, '{}')`,
        'id',
      ],
      [`UPDATE studio_settings SET tax_rate = 30.001`, 'tax_rate'],
      [`UPDATE studio_settings SET reminder_days = '{-31}'`, 'reminder_days'],
      [`UPDATE studio_settings SET payment_due_days = 91`, 'payment_due_days'],
      [`UPDATE studio_settings SET accent_color = '#FFFFFF'`, 'accent_color'],
      [`UPDATE studio_settings SET currency = 'usd'`, 'currency'],
      [`UPDATE studio_settings SET name = ' '`, 'name'],
      [`UPDATE studio_settings SET email_from_name = E'a\\nb'`, 'email_from_name'],
      [`UPDATE studio_settings SET logo_version = logo_uploads + 1`, 'check'],
    ]) {
      await expect(t.db.query(sql)).rejects.toThrow(new RegExp(`violates check constraint "studio_settings_${check}`));
    }
  });
});
