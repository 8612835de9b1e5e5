import { escapeXml, watermarkSvg } from './watermark-svg';

describe('the watermark SVG', () => {
  it('escapes the studio name for XML and drops what XML cannot hold', () => {
    expect(escapeXml(`Smith & Sons <Photo> "Studio" 'Ltd'`)).toBe('Smith &amp; Sons &lt;Photo&gt; &quot;Studio&quot; &apos;Ltd&apos;');
    expect(escapeXml('a\u0000b\u0007c\td\ud800e')).toBe('abc\tde');
    expect(escapeXml('Студия 写真 📷')).toBe('Студия 写真 📷');
  });

  it('carries the name in every row, never raw markup, sized to the image', () => {
    const svg = watermarkSvg('</text><script>x</script>', 2048, 1365).toString('utf8');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;/text&gt;&lt;script&gt;');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="2048" height="1365">/);
    expect(svg).toContain('font-size="85"'); // 1365 / 16
    expect(watermarkSvg('   ', 400, 400).toString('utf8')).toContain('Preview');
  });
});
