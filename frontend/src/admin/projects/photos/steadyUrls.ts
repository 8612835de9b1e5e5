import type { PhotoPage } from './types';

/** A signed thumbnail URL is used again for this long (they are valid for four hours). */
const KEEP_URL_MS = 60 * 60 * 1000;

const seen = new Map<number, { url: string; at: number }>();

/**
 * Every answer of the list signs fresh URLs (a new expiry), so polling while photos are processed would
 * make the browser fetch every thumbnail again each time: a photo keeps the first thumbnail URL it was
 * given for an hour.
 */
export function keepThumbnailUrls(page: PhotoPage, now = Date.now()): PhotoPage {
  const data = page.data.map((photo) => {
    if (!photo.thumbnailUrl) return photo;
    const known = seen.get(photo.id);
    if (known && now - known.at < KEEP_URL_MS) return known.url === photo.thumbnailUrl ? photo : { ...photo, thumbnailUrl: known.url };
    seen.set(photo.id, { url: photo.thumbnailUrl, at: now });
    return photo;
  });
  return { ...page, data };
}
