/**
 * The watermark drawn across an unpaid preview: the studio's name, repeated in diagonal rows over the
 * whole image so it cannot be cropped away, white with a dark outline so it reads on light and dark
 * photos alike, and translucent so the client still sees the photo. Sizes follow the image's shorter
 * side, so a portrait and a landscape preview carry the same look.
 *
 * The name is the studio's own text and goes into XML: it is escaped, or `Smith & Sons <Photo>` would
 * make the SVG invalid (and the render fail) or inject markup.
 *
 * Text needs a font at render time (fontconfig through librsvg): the server image must carry one
 * (decision 0028), or the rows render empty.
 */
export function watermarkSvg(text: string, width: number, height: number): Buffer {
  const fontSize = Math.max(12, Math.round(Math.min(width, height) / 16));
  const name = text.trim() || 'Preview';
  const label = escapeXml(name);
  const rowGap = Math.round(fontSize * 3.2);
  // The rows are drawn in a square that covers the image once rotated by -30°.
  const diagonal = Math.ceil(Math.hypot(width, height));
  // A bold glyph is about 0.65 em wide; two em spaces separate the repeats.
  const repeatWidth = (Array.from(name).length * 0.65 + 2) * fontSize;
  const repeated = Array.from({ length: Math.ceil((diagonal + 2 * fontSize) / repeatWidth) + 1 }, () => label).join('\u2003\u2003');
  const rows: string[] = [];
  for (let y = -diagonal / 2, row = 0; y < diagonal / 2 + rowGap; y += rowGap, row++) {
    // Alternate rows are offset so the marks do not line up in columns.
    const x = -diagonal / 2 - (row % 2 === 0 ? 0 : 2 * fontSize);
    rows.push(`<text x="${Math.round(x)}" y="${Math.round(y)}">${repeated}</text>`);
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<g transform="translate(${width / 2} ${height / 2}) rotate(-30)" font-family="DejaVu Sans, Liberation Sans, sans-serif" ` +
    `font-weight="bold" font-size="${fontSize}" fill="#ffffff" fill-opacity="0.4" ` +
    `stroke="#000000" stroke-opacity="0.25" stroke-width="${Math.max(1, Math.round(fontSize / 24))}">` +
    rows.join('') +
    `</g></svg>`;
  return Buffer.from(svg, 'utf8');
}

/** Characters XML 1.0 cannot hold at all (controls other than tab, newline, return), and lone surrogates. */
/* eslint-disable no-control-regex -- matching control characters is the point */
const NOT_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/* eslint-enable no-control-regex */

export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
