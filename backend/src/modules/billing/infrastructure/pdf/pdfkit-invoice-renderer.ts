import { Injectable } from '@nestjs/common';
import PDFDocument from 'pdfkit';
import { formatMoney } from '../../../../shared/domain/money-format';
import type { Studio } from '../../../studio';
import type { InvoiceDetailView } from '../../application/invoice-views';
import { InvoiceRenderer } from '../../application/ports/invoice-renderer';

const INK = '#0f172a';
const MUTED = '#64748b';
const RULE = '#e2e8f0';
const HEAD_FILL = '#f1f5f9';
const PAID = '#15803d';
const OVERDUE = '#b91c1c';

/**
 * The built-in Helvetica covers Windows-1252; anything else prints as '?' (the receipt's rule, decision
 * 0031: embedding a Unicode font is the way to more scripts).
 */
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function printable(text: string): string {
  return Array.from(text.normalize('NFC'), (ch) => {
    const code = ch.codePointAt(0)!;
    if (code === 0x09) return ' ';
    if (code === 0x202f || code === 0x2009) return '\u00a0';
    if (code === 0x0a || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(ch)) return ch;
    return '?';
  }).join('');
}

const oneLine = (text: string) => printable(text).replace(/\s*\n\s*/g, ', ');

/** 'January 5, 2026' for a 'YYYY-MM-DD' (a calendar date: no zone moves it). */
export function calendarDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** The day an instant falls on in the studio's time zone ('January 5, 2026'); UTC for a zone Intl does not know. */
export function dayIn(at: Date, timeZone: string): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: zone }).format(at);
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

const STATUS_WORDS: Record<string, string> = { paid: 'Paid', due: 'Due', overdue: 'Overdue' };
const LOGO_BOX: [number, number] = [160, 56];
const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * A US Letter invoice drawn with pdfkit's built-in fonts, in the receipt's look (CONTRACT §13, §14): the
 * studio's logo, name and contact lines in its accent colour; whom it is billed to and for which project;
 * the lines (credit-paid ones marked), subtotal, discount, tax, total, paid and due; the schedule with
 * each installment's state; the studio's terms at the bottom. Long invoices go on to more pages.
 */
@Injectable()
export class PdfkitInvoiceRenderer extends InvoiceRenderer {
  render(invoice: InvoiceDetailView, studio: Studio, logo: Buffer | null): Promise<Buffer> {
    const title = invoice.number ? `Invoice ${invoice.number}` : 'Invoice (draft)';
    // Fixed to the invoice, so the same invoice is the same file whenever it is made.
    const fixed = new Date(invoice.issuedAt ?? '2000-01-01T00:00:00Z');
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 56,
      bufferPages: true,
      info: {
        Title: title,
        Author: printable(studio.name),
        Subject: `${title} for ${printable(invoice.projectName ?? `project #${invoice.projectId}`)}`,
        CreationDate: fixed,
        ModDate: fixed,
      },
    });
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    });
    this.draw(doc, invoice, studio, logo, title);
    doc.end();
    return done;
  }

  private draw(doc: PDFKit.PDFDocument, inv: InvoiceDetailView, studio: Studio, logo: Buffer | null, title: string): void {
    const left = doc.page.margins.left;
    const right = doc.page.width - doc.page.margins.right;
    const width = right - left;
    const half = width / 2;
    const bottom = () => doc.page.height - doc.page.margins.bottom - 40; // the footer's room
    const brand = /^#[0-9a-fA-F]{6}$/.test(studio.props.accentColor) ? studio.props.accentColor : '#1e3a8a';
    const money = (dollars: number) => printable(formatMoney(cents(dollars), studio.money));
    const band = () => doc.rect(0, 0, doc.page.width, 8).fill(brand);

    // Header: the studio on the left, INVOICE and its number on the right.
    band();
    const top = 56;
    let nameTop = top;
    if (logo) {
      try {
        doc.image(logo, left, top, { fit: LOGO_BOX });
        nameTop = top + LOGO_BOX[1] + 10;
      } catch {
        // A logo pdfkit cannot read: the name alone heads the invoice.
      }
    }
    doc
      .font('Helvetica-Bold')
      .fontSize(22)
      .fillColor(brand)
      .text(printable(studio.name), left, nameTop, { width: half + 40 });
    if (studio.contactLines.length > 0)
      doc
        .font('Helvetica')
        .fontSize(9.5)
        .fillColor(MUTED)
        .text(studio.contactLines.map(oneLine).join('\n'), left, doc.y + 4, { width: half + 40 });
    const studioBottom = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(26)
      .fillColor(INK)
      .text('INVOICE', left + half, top, { width: half, align: 'right' });
    doc
      .font('Helvetica')
      .fontSize(12)
      .fillColor(MUTED)
      .text(inv.number ?? 'Draft', left + half, doc.y + 2, { width: half, align: 'right' });
    let y = Math.max(studioBottom, doc.y) + 18;
    const rule = (at: number) => doc.moveTo(left, at).lineTo(right, at).lineWidth(1).strokeColor(RULE).stroke();
    rule(y);
    y += 16;

    // Bill to | invoice details.
    const detailsW = 230;
    const detailsX = right - detailsW;
    const label = (text: string, x: number, at: number, w: number) =>
      doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(text.toUpperCase(), x, at, { width: w, characterSpacing: 0.6 });
    label('Bill to', left, y, detailsX - left - 24);
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(INK)
      .text(printable(inv.clientName ?? `Client #${inv.clientId}`), left, doc.y + 4, { width: detailsX - left - 24 });
    if (inv.projectName)
      doc
        .font('Helvetica')
        .fontSize(11)
        .fillColor(MUTED)
        .text(`Project: ${printable(inv.projectName)}`, left, doc.y + 2, { width: detailsX - left - 24 });
    const billedBottom = doc.y;
    label('Invoice details', detailsX, y, detailsW);
    let dy = doc.y + 4;
    const detail = (name: string, value: string, color = INK) => {
      doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(name, detailsX, dy, { width: 90 });
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(color)
        .text(value, detailsX + 90, dy, { width: detailsW - 90, align: 'right' });
      dy = Math.max(doc.y, dy + 14) + 3;
    };
    detail('Invoice number', inv.number ?? 'Draft');
    if (inv.issuedAt) detail('Issue date', dayIn(new Date(inv.issuedAt), studio.props.timeZone));
    if (inv.nextDueDate && inv.status === 'open') detail('Next due', calendarDate(inv.nextDueDate), inv.overdue ? OVERDUE : INK);
    detail('Status', inv.status === 'open' ? (inv.overdue ? 'Overdue' : 'Open') : inv.status[0].toUpperCase() + inv.status.slice(1));
    y = Math.max(billedBottom, dy) + 20;

    // The lines.
    const cols = { qty: right - 250, unit: right - 200, amount: right - 110 };
    const tableHead = () => {
      doc.rect(left, y, width, 26).fill(HEAD_FILL);
      doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED);
      doc.text('DESCRIPTION', left + 12, y + 9, { width: cols.qty - left - 24, characterSpacing: 0.6 });
      doc.text('QTY', cols.qty, y + 9, { width: 40, align: 'right', characterSpacing: 0.6 });
      doc.text('UNIT PRICE', cols.unit, y + 9, { width: 80, align: 'right', characterSpacing: 0.6 });
      doc.text('AMOUNT', cols.amount, y + 9, { width: 98, align: 'right', characterSpacing: 0.6 });
      y += 36;
    };
    const newPage = () => {
      doc.addPage();
      band();
      y = doc.page.margins.top;
    };
    const room = (needed: number) => {
      if (y + needed > bottom()) newPage();
    };
    tableHead();
    for (const line of inv.lines) {
      const descW = cols.qty - left - 24;
      const description = printable(line.description);
      doc.font('Helvetica').fontSize(11);
      const h = doc.heightOfString(description, { width: descW }) + (line.paidWithCredits ? 14 : 0);
      if (y + h + 12 > bottom()) {
        newPage();
        tableHead();
      }
      doc.fillColor(INK).text(description, left + 12, y, { width: descW });
      let lineBottom = doc.y;
      if (line.paidWithCredits) {
        doc
          .font('Helvetica-Oblique')
          .fontSize(9)
          .fillColor(PAID)
          .text('Paid with credits', left + 12, lineBottom + 2, { width: descW });
        lineBottom = doc.y;
      }
      doc.font('Helvetica').fontSize(11).fillColor(INK);
      doc.text(String(line.quantity), cols.qty, y, { width: 40, align: 'right' });
      doc.text(money(line.unitPrice), cols.unit, y, { width: 80, align: 'right' });
      doc.text(money(line.amount), cols.amount, y, { width: 98, align: 'right' });
      y = Math.max(lineBottom, doc.y) + 7;
      doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
      y += 8;
    }
    if (!inv.lines.length) {
      doc
        .font('Helvetica')
        .fontSize(11)
        .fillColor(MUTED)
        .text('No lines yet', left + 12, y, { width: width - 24 });
      y = doc.y + 20;
    }

    // The totals, right-aligned under the amounts.
    const totals: Array<{ name: string; value: string; bold?: boolean; color?: string }> = [
      { name: 'Subtotal', value: money(inv.subtotal) },
    ];
    if (inv.discount > 0) {
      const pct = inv.discountKind === 'percent' && inv.discountValue !== null ? ` (${inv.discountValue}%)` : '';
      totals.push({ name: `Discount${pct}`, value: `-${money(inv.discount)}` });
    }
    if (Number(inv.taxRate) > 0 || inv.tax > 0)
      totals.push({
        name: `${printable(inv.taxName)} (${inv.taxRate}%)${inv.taxInclusive ? ' (included)' : ''}`,
        value: money(inv.tax),
      });
    totals.push({ name: 'Total', value: money(inv.total), bold: true });
    totals.push({ name: 'Paid', value: money(inv.paid) });
    if (inv.creditsApplied > 0) totals.push({ name: 'of which paid with credits', value: money(inv.creditsApplied), color: MUTED });
    totals.push({ name: 'Due', value: money(inv.due), bold: true, color: inv.due > 0 && inv.overdue ? OVERDUE : INK });
    room(totals.length * 20 + 10);
    for (const t of totals) {
      if (t.name === 'Total' || t.name === 'Paid') {
        doc
          .moveTo(right - 300, y - 4)
          .lineTo(right, y - 4)
          .lineWidth(t.name === 'Total' ? 1 : 0.5)
          .strokeColor(RULE)
          .stroke();
        y += 4;
      }
      doc
        .font(t.bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(t.bold ? 13 : 11)
        .fillColor(t.color ?? INK);
      doc.text(t.name, right - 330, y, { width: 210, align: 'right' });
      doc.text(t.value, cols.amount, y, { width: 98, align: 'right' });
      y = doc.y + 4;
    }
    y += 6;
    if (inv.status === 'paid' || inv.status === 'void') {
      room(40);
      const color = inv.status === 'paid' ? PAID : MUTED;
      doc.roundedRect(left, y, 64, 24, 4).lineWidth(1.5).strokeColor(color).stroke();
      doc
        .font('Helvetica-Bold')
        .fontSize(12)
        .fillColor(color)
        .text(inv.status.toUpperCase(), left, y + 7, { width: 64, align: 'center', characterSpacing: 1.5 });
      y += 40;
    }

    // The schedule: each installment, its due date, amount and state.
    if (inv.schedule.length) {
      room(20 + 32 + 22);
      y += 4;
      doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text('PAYMENT SCHEDULE', left, y, { characterSpacing: 0.6 });
      y = doc.y + 8;
      const sc = { due: left + 230, amount: right - 200, status: right - 90 };
      const head = () => {
        doc.rect(left, y, width, 24).fill(HEAD_FILL);
        doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED);
        doc.text('INSTALLMENT', left + 12, y + 8, { width: sc.due - left - 24, characterSpacing: 0.6 });
        doc.text('DUE DATE', sc.due, y + 8, { width: 140, characterSpacing: 0.6 });
        doc.text('AMOUNT', sc.amount, y + 8, { width: 100, align: 'right', characterSpacing: 0.6 });
        doc.text('STATUS', sc.status, y + 8, { width: 78, align: 'right', characterSpacing: 0.6 });
        y += 32;
      };
      head();
      for (const s of inv.schedule) {
        if (y + 24 > bottom()) {
          newPage();
          head();
        }
        const word = STATUS_WORDS[s.status] ?? s.status;
        doc.font('Helvetica').fontSize(11).fillColor(INK);
        doc.text(`${s.number}. ${printable(s.label)}`, left + 12, y, { width: sc.due - left - 24, lineBreak: false, ellipsis: true });
        doc.text(calendarDate(s.dueDate), sc.due, y, { width: 140 });
        doc.text(money(s.amount), sc.amount, y, { width: 100, align: 'right' });
        doc
          .font('Helvetica-Bold')
          .fillColor(s.status === 'paid' ? PAID : s.status === 'overdue' ? OVERDUE : INK)
          .text(word, sc.status, y, { width: 78, align: 'right' });
        y += 16;
        if (s.status !== 'paid' && s.paid > 0) {
          doc
            .font('Helvetica')
            .fontSize(9)
            .fillColor(MUTED)
            .text(`${money(s.paid)} paid, ${money(s.remaining)} left`, sc.amount - 100, y, { width: 200, align: 'right' });
          y += 13;
        }
        y += 6;
      }
    }

    // The studio's terms.
    const terms = studio.props.invoiceTerms.trim();
    if (terms) {
      const text = printable(terms);
      doc.font('Helvetica').fontSize(9.5);
      const h = doc.heightOfString(text, { width });
      room(Math.min(h, 200) + 30);
      y += 12;
      doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text('TERMS', left, y, { characterSpacing: 0.6 });
      doc
        .font('Helvetica')
        .fontSize(9.5)
        .fillColor(INK)
        .text(text, left, doc.y + 4, { width });
      y = doc.y;
    }

    // Footer on every page: the studio, the invoice, the page.
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const footerY = doc.page.height - doc.page.margins.bottom - 30;
      rule(footerY);
      const page = range.count > 1 ? ` · Page ${i - range.start + 1} of ${range.count}` : '';
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor(MUTED)
        .text(`${printable(studio.name)} · ${title}${page}`, left, footerY + 10, { width, align: 'center', lineBreak: false });
    }
  }
}
