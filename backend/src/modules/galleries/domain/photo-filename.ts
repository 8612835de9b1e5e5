/**
 * The name a photo is shown, listed and zipped under, made from the name the browser sent. That name is
 * whatever the client says: `../../etc/passwd`, `C:\Users\me\IMG_1.jpg`, a NUL or a newline (which would
 * break the admin's copied list and the ZIP's entries), or a right-to-left override that makes
 * `gpj.exe` read as `exe.jpg`. We keep the last path segment, drop control and formatting characters,
 * replace the characters Windows refuses in a file name (the ZIP is unpacked there), and keep every
 * letter of every script. The original's bytes are stored under an id, never under this name.
 */
export const MAX_FILENAME_LENGTH = 200;
const FALLBACK_STEM = 'photo';

export function safeDisplayFilename(uploaded: string): string {
  const lastSegment = uploaded.split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    // Cc: C0/C1 controls (NUL, newline, tab, DEL); Cf: bidi overrides, zero-width characters, BOM.
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/gu, ' ')
    .trim()
    // Leading dots make hidden files ('.jpg') or what is left of '..'; trailing dots and spaces are
    // dropped by Windows.
    .replace(/^[.\s]+/u, '')
    .replace(/[.\s]+$/u, '');
  const name = truncate(cleaned);
  return name === '' ? FALLBACK_STEM : name;
}

/** At most MAX_FILENAME_LENGTH characters (code points, never half a surrogate pair), keeping a short extension. */
function truncate(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= MAX_FILENAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(name.slice(dot)) : [];
  if (extension.length > 0 && extension.length <= 10) {
    const stem = Array.from(name.slice(0, dot));
    return (
      stem
        .slice(0, MAX_FILENAME_LENGTH - extension.length)
        .join('')
        .trimEnd() + extension.join('')
    );
  }
  return chars.slice(0, MAX_FILENAME_LENGTH).join('').trimEnd();
}
