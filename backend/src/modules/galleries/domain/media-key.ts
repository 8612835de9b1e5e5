/**
 * Where a photo's files live in media storage (CONTRACT §10). Keys are made here and nowhere else:
 * `projects/<projectId>/<photoId>/original`, `…/thumb.webp`, `…/preview.jpg` and the watermarked
 * `…/preview-marked.jpg` (decision 0029: both previews are made, the paid state picks one). Everything a
 * project owns sits under `projects/<projectId>/`, so deleting a project is one prefix removal and deleting
 * a photo is its four keys.
 */
export function photoMediaKeys(
  projectId: string,
  photoId: string,
): { original: string; thumb: string; preview: string; previewMarked: string } {
  const folder = `${projectMediaPrefix(projectId)}${segment(photoId)}/`;
  return {
    original: `${folder}original`,
    thumb: `${folder}thumb.webp`,
    preview: `${folder}preview.jpg`,
    previewMarked: `${folder}preview-marked.jpg`,
  };
}

/** Every object of one photo (its original, its derivatives, and any temporary file an interrupted write left there). */
export function photoMediaPrefix(projectId: string, photoId: string): string {
  return mediaPrefix(`${projectMediaPrefix(projectId)}${segment(photoId)}/`);
}

/** Every object of a project, and nothing of another: the trailing slash keeps `projects/1/` from matching `projects/10/…`. */
export function projectMediaPrefix(projectId: string): string {
  return mediaPrefix(`projects/${segment(projectId)}/`);
}

/** An id is one segment: an id holding a slash would put a photo in another folder. */
function segment(id: string): string {
  if (typeof id !== 'string' || !new RegExp(`^${SEGMENT}$`).test(id)) throw new InvalidMediaKeyError(String(id));
  return id;
}

/**
 * A segment starts with a letter or a digit and holds letters, digits, `.`, `_`, `-`; segments are joined
 * by single slashes. So no `..`, no `.`, no leading or doubled slash, no backslash, no NUL, no `%`, nothing
 * a file system or a URL would read as anything but a name: a key can never leave the storage root, and
 * it goes into a URL path as it is. A segment never starts with a dot, which leaves dot-names free for
 * the local adapter's temporary and metadata files (no key can ever name one).
 */
const SEGMENT = '[A-Za-z0-9][A-Za-z0-9._-]*';
const KEY = new RegExp(`^${SEGMENT}(?:/${SEGMENT})*$`);
const MAX_KEY_LENGTH = 512;

/**
 * A plain Error, not a DomainError: keys are made by the galleries, never typed by a user (the media
 * route checks its URL's signature first, and a bad key fails that), so a bad key here is a bug and the
 * error filter's answer to the unknown (a 500 without details) is the right one.
 */
export class InvalidMediaKeyError extends Error {
  constructor(readonly key: string) {
    super(`Not a media key: ${JSON.stringify(key.slice(0, 100))}`);
  }
}

/** The one check every key passes before any adapter sees it (the port calls it). Returns the key. */
export function mediaKey(key: string): string {
  if (typeof key !== 'string' || key.length > MAX_KEY_LENGTH || !KEY.test(key)) throw new InvalidMediaKeyError(String(key));
  return key;
}

/** A prefix is a valid key followed by a slash: it names a folder, never half a name. */
export function mediaPrefix(prefix: string): string {
  if (typeof prefix !== 'string' || !prefix.endsWith('/')) throw new InvalidMediaKeyError(String(prefix));
  mediaKey(prefix.slice(0, -1));
  return prefix;
}
