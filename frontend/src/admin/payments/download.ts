import { HttpError } from 'react-admin';

/**
 * The file name of a Content-Disposition header: `filename*=UTF-8''...` (RFC 5987) first, then
 * `filename="..."` or a bare `filename=...`. Null when there is none.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return sanitize(decodeURIComponent(extended[2].trim().replace(/^"|"$/g, '')));
    } catch {
      // malformed escape: fall through to the plain parameter
    }
  }
  const quoted = /filename\s*=\s*"((?:\\.|[^"\\])*)"/i.exec(header);
  if (quoted?.[1]) return sanitize(quoted[1].replace(/\\(.)/g, '$1'));
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(header);
  if (bare?.[1]) return sanitize(bare[1]);
  return null;
}

/** Keeps only the last path segment: a header cannot choose a folder. */
function sanitize(name: string): string | null {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base === '' ? null : base;
}

async function failure(response: Response): Promise<HttpError> {
  let body: unknown;
  let message = response.statusText || `Request failed (${response.status})`;
  try {
    const text = await response.text();
    try {
      body = JSON.parse(text);
      const m = (body as { message?: unknown })?.message;
      if (typeof m === 'string' && m) message = m;
    } catch {
      if (text) message = text;
    }
  } catch {
    // unreadable body: keep the status text
  }
  return new HttpError(message, response.status, body);
}

/**
 * Fetches `url` with the session cookie and saves the answer as a file: the response becomes a Blob,
 * offered through a temporary <a download>. The name comes from Content-Disposition, else `fallbackName`.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<{ filename: string; size: number }> {
  const response = await fetch(url, { credentials: 'include', headers: { Accept: 'text/csv, */*' } });
  if (!response.ok) throw await failure(response);
  const blob = await response.blob();
  const filename = filenameFromContentDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  const href = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = href;
    link.download = filename;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // give the browser time to start the download before the URL goes away
    setTimeout(() => URL.revokeObjectURL(href), 1000);
  }
  return { filename, size: blob.size };
}
