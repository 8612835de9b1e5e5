/**
 * The accent colour's contrast with white text (WCAG 2.x), as the server checks it (CONTRACT §13:
 * a colour under AA's 4.5:1 is refused). The page shows it live under the colour field.
 */
export const MIN_ACCENT_CONTRAST = 4.5;

/** '#RGB' or '#RRGGBB' (any case) → '#rrggbb'; null for anything else. */
export function normalizeHex(input: string): string | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(input.trim());
  if (!m) return null;
  const hex = m[1]!.toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** White text's contrast on '#rrggbb', 1 to 21. */
export function whiteTextContrast(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/** Rounded down to one decimal, so a failing colour never reads as '4.5:1' (4.47 → '4.4:1'). */
export function ratioText(ratio: number): string {
  return `${(Math.floor(ratio * 10 + 1e-9) / 10).toFixed(1)}:1`;
}

/** The live note under the colour field: the ratio and whether AA accepts it; null for an unfinished colour. */
export function contrastNote(input: string): { ok: boolean; text: string } | null {
  const hex = normalizeHex(input);
  if (!hex) return null;
  const ratio = whiteTextContrast(hex);
  return ratio >= MIN_ACCENT_CONTRAST
    ? { ok: true, text: `White text on ${hex}: ${ratioText(ratio)}, passes AA (at least 4.5:1)` }
    : { ok: false, text: `White text on ${hex}: ${ratioText(ratio)}, under AA's 4.5:1: this colour will be refused` };
}
