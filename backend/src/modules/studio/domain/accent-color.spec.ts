import fc from 'fast-check';
import { contrastRatio, normalizeHexColor, ratioText, relativeLuminance, whiteTextContrast } from './accent-color';

describe('accent colour (WCAG 2.x contrast with white text)', () => {
  it.each([
    ['#1e3a8a', 10.36],
    ['#0f766e', 5.47],
    ['#767676', 4.54],
    ['#777777', 4.48],
    ['#7dd3fc', 1.67],
    ['#000000', 21],
    ['#ffffff', 1],
  ])('white on %s is %s:1', (hex, ratio) => {
    expect(whiteTextContrast(hex)).toBeCloseTo(ratio, 2);
  });

  it('reads black and white luminance as 0 and 1', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
  });

  it('normalizes #RGB and #RRGGBB in any case to lower-case #rrggbb, and refuses anything else', () => {
    expect(normalizeHexColor('#0F766E')).toBe('#0f766e');
    expect(normalizeHexColor(' #abc ')).toBe('#aabbcc');
    for (const bad of ['0f766e', '#0f766', '#ggg', 'teal', '#0f766e0', 'rgb(0,0,0)', '']) expect(normalizeHexColor(bad)).toBeNull();
  });

  it('shows the ratio rounded down to one decimal, so a failing colour never reads 4.5:1', () => {
    expect(ratioText(4.4999)).toBe('4.4:1');
    expect(ratioText(whiteTextContrast('#777777'))).toBe('4.4:1');
    expect(ratioText(10.357)).toBe('10.3:1');
    expect(ratioText(21)).toBe('21.0:1');
  });

  const hex = fc
    .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
    .map(([r, g, b]) => '#' + [r, g, b].map((n) => n.toString(16).padStart(2, '0')).join(''));

  it('is symmetric and between 1 and 21 for any two colours', () => {
    fc.assert(
      fc.property(hex, hex, (a, b) => {
        const r = contrastRatio(a, b);
        expect(r).toBeGreaterThanOrEqual(1);
        expect(r).toBeLessThanOrEqual(21 + 1e-9);
        expect(contrastRatio(b, a)).toBeCloseTo(r, 12);
      }),
    );
  });

  it('darkening a channel never lowers the contrast with white', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), (r, g, b) => {
        const h = (x: number) => x.toString(16).padStart(2, '0');
        expect(whiteTextContrast(`#${h(r - 1)}${h(g)}${h(b)}`)).toBeGreaterThanOrEqual(whiteTextContrast(`#${h(r)}${h(g)}${h(b)}`));
      }),
    );
  });
});
