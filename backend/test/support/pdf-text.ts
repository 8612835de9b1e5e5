import { inflateSync } from 'node:zlib';

/**
 * The text a PDF made by pdfkit with its built-in fonts shows, one string per text object (`BT … ET`),
 * read the way a PDF reader does: each content stream inflated, each shown string (`<hex> Tj` and the
 * hex strings of `[…] TJ`) decoded from the font's single-byte encoding. Enough to check what a receipt
 * says without a PDF library; not a general PDF reader.
 */
/** The built-in fonts' WinAnsi (Windows-1252) bytes 0x80–0x9F, where it differs from Latin-1 ('€' is 0x80). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
function winAnsi(bytes: Buffer): string {
  return Array.from(bytes, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b))).join('');
}

export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  const streams = /(?<!end)stream\r?\n/g; // not the "endstream" that closes the one before
  let m: RegExpExecArray | null;
  while ((m = streams.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const header = raw.slice(Math.max(0, m.index - 300), m.index);
    let body = Buffer.from(raw.slice(start, end), 'latin1');
    if (/\/FlateDecode/.test(header.slice(header.lastIndexOf('<<')))) {
      try {
        body = inflateSync(body);
      } catch {
        continue; // not a content stream (an image, a font) or not deflated the way we read it
      }
    }
    const content = body.toString('latin1');
    for (const block of content.match(/BT[\s\S]*?ET/g) ?? []) {
      const parts = [...block.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => winAnsi(Buffer.from(h[1], 'hex')));
      if (parts.length) texts.push(parts.join(''));
    }
    streams.lastIndex = end;
  }
  return texts;
}
