import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { pdfText } from '../../../../../test/support/pdf-text';
import { Money } from '../../../../shared/domain/money';
import type { Receipt } from '../../domain/receipt';
import { ReceiptNumber } from '../../domain/receipt-number';
import { PdfkitReceiptRenderer, printable } from './pdfkit-receipt-renderer';

const receipt = (over: Partial<Receipt> = {}): Receipt => ({
  paymentId: 42,
  number: ReceiptNumber.of(123),
  studio: {
    name: 'Harbour Light Studio',
    contactLines: [],
    money: { currency: 'USD', locale: 'en-US' },
    accentColor: '#1e3a8a',
    logo: null,
    timeZone: 'UTC',
  },
  client: { id: 7, name: 'Zoë Ann Lee', email: 'zoe.ann.lee.photography@example.com' },
  subject: { kind: 'project', name: 'Harbour Lane listing' },
  amount: Money.ofCents(125_050),
  paidAt: new Date('2026-01-05T15:04:00Z'),
  providerPaymentId: 'pi_3MtwBwLkdIwHu7ix28a3tqPa',
  note: null,
  ...over,
});

describe('PdfkitReceiptRenderer', () => {
  const renderer = new PdfkitReceiptRenderer();

  it('makes a one-page PDF showing the studio, client, project, amount, method, date and number', async () => {
    const pdf = await renderer.render(receipt());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    const text = pdfText(pdf).join('\n');
    for (const shown of [
      'Harbour Light Studio',
      'RECEIPT',
      'R-000123',
      'Zoë Ann Lee',
      'zoe.ann.lee.photography@example.com', // on one line
      'Photography project: Harbour Lane listing',
      '$1,250.50',
      'Card (Stripe)',
      'January 5, 2026, 15:04 UTC',
      'pi_3MtwBwLkdIwHu7ix28a3tqPa', // on one line: a card provider's id is this long
      'PAID',
    ]) {
      expect(text).toContain(shown);
    }
  });

  it('says Manual and prints the studio note for a payment recorded by hand', async () => {
    const text = pdfText(await renderer.render(receipt({ providerPaymentId: null, note: 'Paid in cash at the shoot' }))).join('\n');
    expect(text).toContain('Manual');
    expect(text).toContain('Paid in cash at the shoot');
    expect(text).not.toContain('Reference');
  });

  it('names a credit bundle and its credits', async () => {
    const text = pdfText(await renderer.render(receipt({ subject: { kind: 'bundle', name: 'Starter', credits: 10 } }))).join('\n');
    expect(text).toContain('Credit bundle: Starter (10 credits)');
  });

  it('keeps long names on the page, wrapped', async () => {
    const long = 'A very long project name '.repeat(8).trim();
    const pdf = await renderer.render(
      receipt({ subject: { kind: 'project', name: long }, client: { id: 7, name: 'N'.repeat(50), email: null } }),
    );
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(pdfText(pdf).join('')).toContain('A very long project name');
  });

  it('makes the same file for the same receipt', async () => {
    expect((await renderer.render(receipt())).equals(await renderer.render(receipt()))).toBe(true);
  });

  it('prints what the built-in font cannot show as ?', () => {
    expect(printable('Zoë – “Łódź” 📷\tok')).toBe('Zoë – “?ód?” ? ok');
    expect(printable('75,00\u202f€')).toBe('75,00\u00a0€'); // fr-FR's narrow no-break space
  });

  describe("in the studio's brand (CONTRACT §13)", () => {
    const harbour = async (over: Partial<Receipt['studio']> = {}) =>
      receipt({
        amount: Money.ofCents(7500),
        studio: {
          name: 'Harbour Light Photography',
          contactLines: ['12 Quay Street\nGalway H91 X2Y3', '+353 91 555 0100', 'hello@harbourlight.ie', 'https://harbourlight.ie'],
          money: { currency: 'EUR', locale: 'en-IE' },
          accentColor: '#0f766e',
          timeZone: 'Europe/Dublin',
          logo: await sharp({ create: { width: 300, height: 100, channels: 3, background: '#0f766e' } })
            .png()
            .toBuffer(),
          ...over,
        },
      });

    it("shows the studio's name, contact lines and amounts in its currency and locale", async () => {
      const text = pdfText(await renderer.render(await harbour())).join('\n');
      for (const shown of [
        'Harbour Light Photography',
        '12 Quay Street, Galway H91 X2Y3',
        '+353 91 555 0100',
        'hello@harbourlight.ie',
        'https://harbourlight.ie',
        '€75.00',
      ]) {
        expect(text).toContain(shown);
      }
      expect(text).not.toContain('$');
      const deDe = pdfText(await renderer.render(await harbour({ money: { currency: 'EUR', locale: 'de-DE' } }))).join('\n');
      expect(deDe).toContain('75,00\u00a0€');
    });

    it('draws the logo as an image, and the accent colour as the top band', async () => {
      const withLogo = await renderer.render(await harbour());
      const raw = withLogo.toString('latin1');
      expect(raw).toMatch(/\/Subtype \/Image/);
      expect(raw).toMatch(/\/Width 300/);
      // The page's first drawing: the band across the top, filled with #0f766e (15, 118, 110 of 255).
      const content = (pdf: Buffer) => {
        const text = pdf.toString('latin1');
        const page = /\/Type \/Page\b[^]*?\/Contents (\d+) 0 R/.exec(text)![1];
        const start = text.indexOf('stream\n', text.indexOf(`\n${page} 0 obj`)) + 'stream\n'.length;
        return inflateSync(Buffer.from(text.slice(start, text.indexOf('endstream', start)), 'latin1')).toString('latin1');
      };
      const band = (pdf: Buffer) =>
        /0 0 612 8 re\n\/DeviceRGB cs\n([\d. ]+) scn/
          .exec(content(pdf))![1]
          .split(' ')
          .map((v) => Math.round(Number(v) * 255));
      expect(band(withLogo)).toEqual([15, 118, 110]);
      expect(band(await renderer.render(receipt()))).toEqual([30, 58, 138]); // the default #1e3a8a
      const without = (await renderer.render(await harbour({ logo: null }))).toString('latin1');
      expect(without).not.toMatch(/\/Subtype \/Image/);
      expect(pdfText(await renderer.render(await harbour({ logo: null }))).join('\n')).toContain('Harbour Light Photography');
    });

    it('still makes the receipt when the logo cannot be read', async () => {
      const pdf = await renderer.render(await harbour({ logo: Buffer.from('not an image') }));
      expect(pdfText(pdf).join('\n')).toContain('Harbour Light Photography');
    });
  });
});
