const UNITS = ['bytes', 'kB', 'MB', 'GB', 'TB'];

/** 8412337 -> '8.4 MB' (decimal units, as the operating systems' file managers show sizes). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 bytes';
  const power = Math.min(Math.floor(Math.log10(bytes) / 3), UNITS.length - 1);
  if (power === 0) return `${Math.round(bytes)} bytes`;
  const value = bytes / 1000 ** power;
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${UNITS[power]}`;
}

/** 'photos 0-47/312' -> 312; null when absent or unreadable. */
export function contentRangeTotal(header: string | null): number | null {
  const match = header ? /\/(\d+)\s*$/.exec(header) : null;
  return match ? Number(match[1]) : null;
}
