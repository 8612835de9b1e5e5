import sharp from 'sharp';
import { databaseOnServer } from '../support/database';
import { pdfText } from '../support/pdf-text';
import { adminAgent, Agent, clientAgent, createTestApp, eventually, TestApp } from '../support/test-app';

/**
 * CONTRACT §13, issue 28 (points 2 and 3): what the backend sends carries the studio's brand and money —
 * every e-mail (sender name, Reply-To, logo, accent colour, footer), receipts (PDF and e-mail), the card
 * payment's currency, refusals and CSV headers, the watermark, the authenticator's issuer, the booking
 * page. The file runs on a database of its own: the settings are one row, and the currency can change
 * only before the first payment.
 */
const HARBOUR = {
  name: 'Harbour Light Photography',
  accentColor: '#0f766e',
  email: 'hello@harbourlight.example',
  phone: '+353 91 555 0100',
  address: '12 Quay Street\nGalway H91 X2Y3',
  website: 'https://harbourlight.example',
  currency: 'EUR',
  locale: 'en-IE',
  replyTo: 'bookings@harbourlight.example',
};

/** A binary answer, read whole as bytes. */
const binary = (res: unknown, cb: (err: Error | null, body: Buffer) => void) => {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => cb(null, Buffer.concat(chunks)));
};

const photo = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();

describe("The studio's brand and money in what the backend sends (CONTRACT §13)", () => {
  let t: TestApp;
  let admin: Agent;
  let client: Awaited<ReturnType<typeof clientAgent>>;
  let dropDb: () => Promise<void>;

  beforeAll(async () => {
    const own = await databaseOnServer(process.env.TEST_DATABASE_URL!, `brand_${process.pid}_${Date.now().toString(36)}`);
    dropDb = own.drop;
    t = await createTestApp(
      { MAIL_FROM: 'Portal Software <no-reply@portal.test>', BOOKING_URL: 'https://book.example/default', OUTBOX_POLL_MS: '100' },
      { databaseUrl: own.url },
    );
    admin = await adminAgent(t);
    client = await clientAgent(t, 'brand');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await dropDb?.();
  });

  const project = async (name: string, price = '75') =>
    (await admin.post('/api/projects').send({ name, clientId: client.id, price, selectedServices: [] }).expect(201)).body.id as number;
  const mailAbout = (subject: string) => t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === subject);
  const marked = async (projectId: number) => {
    const photos = await eventually(async () => {
      const list = (await client.agent.get(`/api/projects/${projectId}/photos`).expect(200)).body as Array<{
        status: string;
        previewUrl: string | null;
      }>;
      expect(list.length).toBe(1);
      expect(list[0].status).toBe('ready');
      return list;
    }, 30_000);
    expect(photos[0].previewUrl).toContain('preview-marked.jpg');
    return (await t.http().get(photos[0].previewUrl!).buffer(true).parse(binary).expect(200)).body as Buffer;
  };

  describe('the default studio', () => {
    it("sends as 'Studio Portal' with no Reply-To, its name in the header, money as '$75.00'", async () => {
      await project('Default shoot');
      const mail = await mailAbout('Your new project: Default shoot');
      expect(mail.parsed.from?.value).toEqual([{ name: 'Studio Portal', address: 'no-reply@portal.test' }]);
      expect(mail.parsed.replyTo).toBeUndefined();
      expect(mail.html).toContain('letter-spacing:.3px">Studio Portal</td>');
      expect(mail.html).toContain('background:#1e3a8a');
      expect(mail.html).not.toContain('<img');
      expect(mail.text).toContain('Total: $75.00');
      expect((await t.http().get('/api/public-config').expect(200)).body.bookingUrl).toBe('https://book.example/default');
    });
  });

  describe('Harbour Light Photography, in EUR (en-IE), with a logo and a teal accent', () => {
    let logoUrl: string;

    beforeAll(async () => {
      await admin.patch('/api/studio').send(HARBOUR).expect(200);
      const logo = await sharp({ create: { width: 600, height: 200, channels: 4, background: '#0f766e' } })
        .png()
        .toBuffer();
      const uploaded = await admin.post('/api/studio/logo').attach('logo', logo, 'logo.png').expect(200);
      logoUrl = uploaded.body.logoUrl as string;
      expect(logoUrl).toMatch(/^\/api\/studio\/logo\?v=\d+$/);
    });

    it("sends e-mails under the studio's name and Reply-To, with its logo, accent colour and contact footer, money in euro", async () => {
      await project('Harbour shoot');
      const mail = await mailAbout('Your new project: Harbour shoot');
      expect(mail.parsed.from?.value).toEqual([{ name: 'Harbour Light Photography', address: 'no-reply@portal.test' }]);
      expect(mail.parsed.replyTo?.value).toEqual([{ name: '', address: 'bookings@harbourlight.example' }]);
      // The logo by its absolute, versioned address, 600 × 200 drawn at 144 × 48, named by the studio.
      expect(mail.html).toContain(`<img src="http://portal.test${logoUrl}" alt="Harbour Light Photography" width="144" height="48"`);
      expect(mail.html).toContain('background:#0f766e');
      expect(mail.html).not.toContain('#1e3a8a');
      expect(mail.html).not.toContain('Studio Portal');
      for (const line of [
        '12 Quay Street\nGalway H91 X2Y3',
        '+353 91 555 0100',
        'hello@harbourlight.example',
        'https://harbourlight.example',
      ]) {
        expect(mail.html).toContain(line);
        expect(mail.text).toContain(line);
      }
      expect(mail.text).toContain('Total: €75.00');
      // The logo's address answers the PNG.
      const image = await t.http().get(logoUrl).buffer(true).parse(binary).expect(200);
      expect(image.headers['content-type']).toBe('image/png');

      // A sender name of its own replaces the studio's name in From only.
      await admin.patch('/api/studio').send({ emailFromName: 'Harbour Light Bookings' }).expect(200);
      await project('Named sender shoot');
      const named = await mailAbout('Your new project: Named sender shoot');
      expect(named.parsed.from?.value).toEqual([{ name: 'Harbour Light Bookings', address: 'no-reply@portal.test' }]);
      expect(named.html).toContain('alt="Harbour Light Photography"');
      await admin.patch('/api/studio').send({ emailFromName: '' }).expect(200);
    });

    it("takes a card payment in 'eur', and its receipt (e-mail and PDF) shows the studio and '€75.00'", async () => {
      const projectId = await project('Harbour prints');
      const intent = await client.agent.post('/api/create-payment-intent').send({ projectId }).expect(200);
      const intentId = intent.body.paymentIntentId as string;
      const [recorded] = await t.db.query(`SELECT currency, amount_cents::int AS amount_cents FROM card_payment_intents WHERE id = $1`, [
        intentId,
      ]);
      expect(recorded).toEqual({ currency: 'eur', amount_cents: 7500 });
      const [emulated] = await t.db.query(`SELECT currency FROM emulated_payment_intents WHERE id = $1`, [intentId]);
      expect(emulated.currency).toBe('eur');
      const confirmed = await client.agent
        .post(`/api/payment-emulator/payment_intents/${intentId}/confirm`)
        .send({ payment_method: 'pm_card_visa' })
        .expect(200);
      expect(confirmed.body.currency).toBe('eur');
      await client.agent.post('/api/confirm-payment').send({ projectId, paymentIntentId: intentId }).expect(200);

      const mail = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject.startsWith('Your receipt'));
      expect(mail.subject).toMatch(/^Your receipt R-\d{6} from Harbour Light Photography$/);
      expect(mail.text).toContain('Amount paid: €75.00');
      expect(mail.parsed.from?.value[0].name).toBe('Harbour Light Photography');
      const attached = mail.parsed.attachments.find((a) => a.contentType === 'application/pdf')!;
      const [payment] = await t.db.query(`SELECT id FROM payments WHERE project_id = $1`, [projectId]);
      const downloaded = (await client.agent.get(`/api/payments/${payment.id}/receipt.pdf`).buffer(true).parse(binary).expect(200))
        .body as Buffer;
      for (const pdf of [attached.content, downloaded]) {
        const text = pdfText(pdf).join('\n');
        for (const shown of [
          'Harbour Light Photography',
          '12 Quay Street, Galway H91 X2Y3',
          '+353 91 555 0100',
          'hello@harbourlight.example',
          'https://harbourlight.example',
          '€75.00',
        ]) {
          expect(text).toContain(shown);
        }
        expect(text).not.toContain('$');
        expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/); // the logo
      }

      // Refusals name amounts in euro; the CSV's headers name the currency, its cells stay plain numbers.
      const tooMuch = await admin.post(`/api/payments/${payment.id}/refunds`).send({ amount: '80', reason: 'Too much' }).expect(400);
      expect(tooMuch.body.message).toBe('The refund cannot be more than the €75.00 still refundable');
      const csv = (await admin.get('/api/payments/export.csv').expect(200)).text.replace(/^\uFEFF/, '');
      const [header, ...rows] = csv.trim().split('\n');
      expect(header).toBe('ID,Date,Project,Client,Amount (EUR),Refunded (EUR),Payment Method,Status,Note');
      expect(rows.find((r) => r.includes('Harbour prints'))).toContain(',75.00,0.00,');

      // The refund goes back in the payment's currency.
      await admin.post(`/api/payments/${payment.id}/refunds`).send({ amount: '10', reason: 'One print missing' }).expect(201);
      const [refund] = await t.db.query(`SELECT currency FROM emulated_refunds WHERE payment_intent = $1`, [intentId]);
      expect(refund.currency).toBe('eur');
      const log = (
        await admin
          .get('/api/audit-events')
          .query({ filter: JSON.stringify({ action: 'payment.refunded' }) })
          .expect(200)
      ).body as Array<{ summary: string }>;
      expect(log[0].summary).toContain('Refunded €10.00 of payment');
    });

    it("writes the studio's name across unpaid previews, as it is when the photo is processed", async () => {
      const before = await project('Watermark before');
      const jpeg = await photo();
      await admin.post(`/api/projects/${before}/photos`).attach('file', jpeg, 'a.jpg').expect(201);
      const harbourMarked = await marked(before);
      await admin.patch('/api/studio').send({ name: 'Quayside Studio' }).expect(200);
      const after = await project('Watermark after');
      await admin.post(`/api/projects/${after}/photos`).attach('file', jpeg, 'a.jpg').expect(201);
      const quaysideMarked = await marked(after);
      // The same photo, marked with another name, is another image.
      expect(Buffer.compare(harbourMarked, quaysideMarked)).not.toBe(0);
      await admin.patch('/api/studio').send({ name: HARBOUR.name }).expect(200);
      const again = await project('Watermark again');
      await admin.post(`/api/projects/${again}/photos`).attach('file', jpeg, 'a.jpg').expect(201);
      expect(Buffer.compare(harbourMarked, await marked(again))).toBe(0);
    });

    it("lists two-factor under the studio's name, and embeds the studio's booking page", async () => {
      const res = await client.agent.post('/api/2fa/setup').send({ currentPassword: 'secret123' }).expect(200);
      const url = new URL(res.body.otpauthUrl as string);
      expect(decodeURIComponent(url.pathname)).toBe(`/Harbour Light Photography:${client.email}`);
      expect(url.searchParams.get('issuer')).toBe('Harbour Light Photography');

      await admin.patch('/api/studio').send({ bookingUrl: 'https://harbourlight.example/book' }).expect(200);
      expect((await t.http().get('/api/public-config').expect(200)).body.bookingUrl).toBe('https://harbourlight.example/book');
      await admin.patch('/api/studio').send({ bookingUrl: null }).expect(200);
      expect((await t.http().get('/api/public-config').expect(200)).body.bookingUrl).toBe('https://book.example/default');
    });
  });
});
