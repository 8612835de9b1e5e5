import { Injectable } from '@nestjs/common';
import PDFDocument from 'pdfkit';
import { ReceiptRenderer } from '../../application/ports/receipt-renderer';
import { formatMoney } from '../../../../shared/domain/money-format';
import { receiptDate, receiptDescription, receiptMethod, type Receipt } from '../../domain/receipt';

const INK = '#0f172a';
const MUTED = '#64748b';
const RULE = '#e2e8f0';
const PAID = '#15803d';

/**
 * The PDF's built-in Helvetica covers Windows-1252 (Latin letters with their accents, € and the usual
 * punctuation); anything else (another script, an emoji in a name) would print as a wrong glyph, so it
 * is shown as '?' instead. Embedding a Unicode font is the way to more scripts (decision 0031).
 */
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function printable(text: string): string {
  return Array.from(text.normalize('NFC'), (ch) => {
    const code = ch.codePointAt(0)!;
    if (code === 0x09 || code === 0x0a) return ' ';
    // The thin and narrow no-break spaces some locales put in amounts ('75,00 €' in fr-FR).
    if (code === 0x202f || code === 0x2009) return '\u00a0';
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(ch)) return ch;
    return '?';
  }).join('');
}

/** The logo's box in the header (points): fits in it, keeping its shape. */
const LOGO_BOX: [number, number] = [160, 56];

/**
 * A one-page US Letter receipt drawn with pdfkit's built-in fonts (nothing to load from disk but its
 * metrics), headed by the studio: its logo, name and contact lines in its accent colour; amounts in its
 * currency and locale.
 */
@Injectable()
export class PdfkitReceiptRenderer extends ReceiptRenderer {
  render(receipt: Receipt): Promise<Buffer> {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 56,
      info: {
        Title: `Receipt ${receipt.number.text}`,
        Author: printable(receipt.studio.name),
        Subject: `Receipt ${receipt.number.text} for ${printable(receiptDescription(receipt.subject))}`,
        // Fixed to the payment, so the same receipt is the same file whenever it is made.
        CreationDate: receipt.paidAt,
        ModDate: receipt.paidAt,
      },
    });
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    });
    this.draw(doc, receipt);
    doc.end();
    return done;
  }

  private draw(doc: PDFKit.PDFDocument, r: Receipt): void {
    const left = doc.page.margins.left;
    const right = doc.page.width - doc.page.margins.right;
    const width = right - left;
    const half = width / 2;

    // Header: the studio (logo, name, contact lines) on the left, RECEIPT and its number on the right.
    const brand = /^#[0-9a-fA-F]{6}$/.test(r.studio.accentColor) ? r.studio.accentColor : '#1e3a8a';
    const money = (cents: number) => printable(formatMoney(cents, r.studio.money));
    doc.rect(0, 0, doc.page.width, 8).fill(brand);
    const top = 56;
    let nameTop = top;
    if (r.studio.logo) {
      try {
        doc.image(r.studio.logo, left, top, { fit: LOGO_BOX });
        nameTop = top + LOGO_BOX[1] + 10;
      } catch {
        // A logo pdfkit cannot read: the name alone heads the receipt.
      }
    }
    doc
      .font('Helvetica-Bold')
      .fontSize(22)
      .fillColor(brand)
      .text(printable(r.studio.name), left, nameTop, { width: half + 40, lineBreak: true });
    if (r.studio.contactLines.length > 0)
      doc
        .font('Helvetica')
        .fontSize(9.5)
        .fillColor(MUTED)
        .text(r.studio.contactLines.map((l) => printable(l.replace(/\s*\n\s*/g, ', '))).join('\n'), left, doc.y + 4, { width: half + 40 });
    const studioBottom = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(26)
      .fillColor(INK)
      .text('RECEIPT', left + half, top, { width: half, align: 'right' });
    doc
      .font('Helvetica')
      .fontSize(12)
      .fillColor(MUTED)
      .text(r.number.text, left + half, doc.y + 2, { width: half, align: 'right' });
    let y = Math.max(studioBottom, doc.y) + 24;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(1).strokeColor(RULE).stroke();
    y += 20;

    // Billed to | receipt details (wide enough for a card provider's id, some 30 characters, on one line).
    const detailsW = 255;
    const detailsX = right - detailsW;
    const label = (text: string, x: number, at: number, w: number) =>
      doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(text.toUpperCase(), x, at, { width: w, characterSpacing: 0.6 });
    label('Billed to', left, y, detailsX - left - 24);
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(INK)
      .text(printable(r.client.name), left, doc.y + 4, { width: detailsX - left - 24 });
    if (r.client.email)
      doc
        .font('Helvetica')
        .fontSize(11)
        .fillColor(MUTED)
        .text(printable(r.client.email), left, doc.y + 2, { width: detailsX - left - 24 });
    const billedBottom = doc.y;

    label('Receipt details', detailsX, y, detailsW);
    let dy = doc.y + 4;
    const detail = (name: string, value: string) => {
      doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(name, detailsX, dy, { width: 90 });
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(INK)
        .text(value, detailsX + 90, dy, { width: detailsW - 90, align: 'right' });
      dy = Math.max(doc.y, dy + 14) + 3;
    };
    detail('Receipt number', r.number.text);
    detail('Date paid', receiptDate(r.paidAt, r.studio.timeZone));
    detail('Payment method', receiptMethod(r));
    if (r.providerPaymentId) detail('Reference', printable(r.providerPaymentId));
    y = Math.max(billedBottom, dy) + 28;

    // The line paid for, and the total.
    doc.rect(left, y, width, 26).fill('#f1f5f9');
    doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED);
    doc.text('DESCRIPTION', left + 12, y + 9, { width: width - 160, characterSpacing: 0.6 });
    doc.text('AMOUNT', right - 140, y + 9, { width: 128, align: 'right', characterSpacing: 0.6 });
    y += 36;
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor(INK)
      .text(printable(receiptDescription(r.subject)), left + 12, y, { width: width - 170 });
    const lineBottom = doc.y;
    doc.text(money(r.amount.cents), right - 140, y, { width: 128, align: 'right' });
    y = Math.max(lineBottom, doc.y) + 12;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(1).strokeColor(RULE).stroke();
    y += 14;
    doc
      .font('Helvetica-Bold')
      .fontSize(13)
      .fillColor(INK)
      .text('Total paid', right - 300, y, { width: 150, align: 'right' });
    doc.text(money(r.amount.cents), right - 140, y, { width: 128, align: 'right' });
    y = doc.y + 22;

    // PAID stamp and the studio's note on a manual payment.
    doc.roundedRect(left, y, 64, 24, 4).lineWidth(1.5).strokeColor(PAID).stroke();
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(PAID)
      .text('PAID', left, y + 7, { width: 64, align: 'center', characterSpacing: 1.5 });
    y += 40;
    if (r.note) {
      doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text('NOTE', left, y, { characterSpacing: 0.6 });
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(INK)
        .text(printable(r.note), left, doc.y + 3, { width });
      y = doc.y + 16;
    }

    // Footer.
    const footerY = doc.page.height - doc.page.margins.bottom - 30;
    doc.moveTo(left, footerY).lineTo(right, footerY).lineWidth(1).strokeColor(RULE).stroke();
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(
        `Thank you for your business. ${printable(r.studio.name)} · Receipt ${r.number.text} · Payment #${r.paymentId}`,
        left,
        footerY + 10,
        { width, align: 'center', lineBreak: false },
      );
  }
}
