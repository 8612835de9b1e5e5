/**
 * The studio's accent colour (CONTRACT §13): white text sits on it (buttons, the bars), so it must keep
 * WCAG 2.x AA contrast with white, at least 4.5:1.
 */
export const MIN_ACCENT_CONTRAST = 4.5;

/** '#RGB' or '#RRGGBB' (any case) → '#rrggbb'; null for anything else. */
export function normalizeHexColor(input: string): string | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(input.trim());
  if (!m) return null;
  const hex = m[1].toLowerCase();
  return (
    '#' +
    (hex.length === 3
      ? hex
          .split('')
          .map((c) => c + c)
          .join('')
      : hex)
  );
}

/** WCAG 2.x relative luminance of '#rrggbb' (0 for black, 1 for white). */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG 2.x contrast ratio of two '#rrggbb' colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The contrast of white text on the colour. */
export function whiteTextContrast(hex: string): number {
  return contrastRatio('#ffffff', hex);
}

/**
 * The ratio as the message shows it, rounded down to one decimal so a failing colour never reads as
 * '4.5:1' (4.47 shows as '4.4:1').
 */
export function ratioText(ratio: number): string {
  return `${(Math.floor(ratio * 10 + 1e-9) / 10).toFixed(1)}:1`;
}
