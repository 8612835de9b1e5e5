import { inflateSync } from 'node:zlib';

/**
 * The text a PDF made by pdfkit with its built-in fonts shows, one string per text object (`BT … ET`),
 * read the way a PDF reader does: each content stream inflated, each shown string (`<hex> Tj` and the
 * hex strings of `[…] TJ`) decoded from the font's single-byte encoding. Enough to check what a receipt
 * says without a PDF library; not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  const streams = /stream\r?\n/g;
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
      const parts = [...block.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1'));
      if (parts.length) texts.push(parts.join(''));
    }
    streams.lastIndex = end;
  }
  return texts;
}
