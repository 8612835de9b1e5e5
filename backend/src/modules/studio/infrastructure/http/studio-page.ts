import type { PublicStudioView } from '../../domain/studio';
/**
 * The studio's brand in the HTML pages the server sends (CONTRACT §13, decision 0043). The frontend's
 * build writes its pages once, for no studio in particular: the prerendered public pages (/auth,
 * /forgot-password, /reset-password) hold STUDIO_NAME_PLACEHOLDER where the studio's name shows, and
 * their `.logo.html` twins a logo image whose address is STUDIO_LOGO_PLACEHOLDER. When a page is sent,
 * the placeholders become the studio's name and logo, the `<title>` its name, `theme-color` its accent,
 * and `<head>` gains the studio's public JSON (`<script type="application/json" id="studio-data">`,
 * read by the React app before its first render) and, for an accent other than the build's, the
 * theme's CSS variables of that accent, so the page paints in the studio's colours before any script
 * runs and React hydrates it with the same name, logo and colours (no flash, no mismatch).
 * Plain functions of strings: no Nest, no database.
 */

/** The studio as GET /api/studio answers it, and as every page carries it. */
export type PublicStudio = PublicStudioView;

/** Where the prerendered pages show the studio's name (frontend/src/shared/studio/placeholders.ts writes the same). */
export const STUDIO_NAME_PLACEHOLDER = '__STUDIO_NAME__';
/** The logo image's address in the prerendered `<page>.logo.html` (frontend/src/shared/studio/placeholders.ts). */
export const STUDIO_LOGO_PLACEHOLDER = '__STUDIO_LOGO_URL__';
/** The accent the pages are built with (the default studio's): its CSS variables are already in them. */
export const BUILD_ACCENT = '#1e3a8a';

/** Text for HTML text and quoted attributes: & < > " ' escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * JSON safe inside `<script type="application/json">`: `<` (so `</script>` or `<!--` in a name cannot end
 * or change the element), and U+2028/U+2029, are written as \u escapes, which JSON.parse reads back.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

type Rgb = [number, number, number];

const rgbOf = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
/** MUI's lighten(): each channel moves `by` of the way to 255, truncated as MUI's recomposeColor does. */
const lighten = (c: Rgb, by: number): Rgb => c.map((v) => Math.trunc(v + (255 - v) * by)) as Rgb;
/** MUI's darken(): each channel scaled by 1 − `by`, truncated. */
const darken = (c: Rgb, by: number): Rgb => c.map((v) => Math.trunc(v * (1 - by))) as Rgb;
const rgb = (c: Rgb) => `rgb(${c.join(', ')})`;
const channel = (c: Rgb) => c.join(' ');

/**
 * The CSS variables MUI's theme (frontend/src/shared/ui/theme.ts, `cssVariables: true`) derives from the
 * primary colour, for an accent '#rrggbb': main, light (lightened 0.2), dark (darkened 0.3), their
 * channels, and the light tints (lightened 0.62) of progress bars, sliders and disabled switches. The
 * unit test holds them against MUI's own createTheme.
 */
export function accentCssVariables(accent: string): Record<string, string> {
  const main = rgbOf(accent);
  const light = lighten(main, 0.2);
  const dark = darken(main, 0.3);
  const tint = rgb(lighten(main, 0.62));
  return {
    '--mui-palette-primary-main': accent,
    '--mui-palette-primary-light': rgb(light),
    '--mui-palette-primary-dark': rgb(dark),
    '--mui-palette-primary-mainChannel': channel(main),
    '--mui-palette-primary-lightChannel': channel(light),
    '--mui-palette-primary-darkChannel': channel(dark),
    '--mui-palette-LinearProgress-primaryBg': tint,
    '--mui-palette-Slider-primaryTrack': tint,
    '--mui-palette-Switch-primaryDisabledColor': tint,
  };
}

/**
 * The accent's variables as a `<style>` for the page's `<head>`, or '' for the build's own accent. The
 * selector `:root:root` outweighs the theme's own `:root` rule, which Emotion moves after it when the
 * scripts start; the React app removes this element once its theme (of the same accent) is in place.
 */
export function accentStyle(accent: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(accent) || accent.toLowerCase() === BUILD_ACCENT) return '';
  const vars = Object.entries(accentCssVariables(accent.toLowerCase()))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return `<style id="studio-accent">:root:root{${vars}}</style>`;
}

/**
 * A page of the build with the studio in it (see the file's comment). `html` is the file as built; the
 * placeholders are replaced everywhere, the title, theme colour and head once.
 */
export function renderStudioPage(html: string, studio: PublicStudio): string {
  const name = escapeHtml(studio.name);
  const accent = /^#[0-9a-f]{6}$/i.test(studio.accentColor) ? studio.accentColor.toLowerCase() : BUILD_ACCENT;
  const head = `${accentStyle(accent)}<script type="application/json" id="studio-data">${jsonForScript(studio)}</script></head>`;
  return html
    .split(STUDIO_NAME_PLACEHOLDER)
    .join(name)
    .split(STUDIO_LOGO_PLACEHOLDER)
    .join(escapeHtml(studio.logoUrl ?? ''))
    .replace(/<title>[^<]*<\/title>/, () => `<title>${name}</title>`)
    .replace(/(<meta name="theme-color" content=")[^"]*(")/, (_m, before: string, after: string) => `${before}${accent}${after}`)
    .replace('</head>', () => head);
}
