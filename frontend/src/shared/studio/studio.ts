import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf, http } from '../api/client';
import type { PublicStudio } from '../api/schema';
import { brand } from '../ui/theme';

/**
 * The studio whose portal this is (CONTRACT §13), as GET /api/studio answers it: its name, logo and
 * accent brand the pages, its currency and locale write the money. The server puts it into every HTML
 * page it sends (`<script type="application/json" id="studio-data">`), so the first render already has
 * it (decision 0043).
 */
export type Studio = PublicStudio;

/** The default studio: the spec's 'Studio Portal' in the portal's blue, writing '$75.00'. */
export const DEFAULT_STUDIO: Studio = {
  name: 'Studio Portal',
  logoUrl: null,
  accentColor: brand.primary,
  email: '',
  phone: '',
  address: '',
  website: '',
  currency: 'USD',
  timeZone: 'UTC',
  locale: 'en-US',
  bookingUrl: null,
};

/** The query cache's key for the studio: the back office's Studio Settings page sets or invalidates it. */
export const STUDIO_KEY = ['studio'] as const;

/** An object's fields of the right type, the defaults' for the others (a field missing or malformed). */
function studioOf(value: unknown): Studio {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return DEFAULT_STUDIO;
  const v = value as Record<string, unknown>;
  const text = (key: keyof Studio): string => {
    const x = v[key];
    return typeof x === 'string' ? x : (DEFAULT_STUDIO[key] as string);
  };
  const textOrNull = (key: 'logoUrl' | 'bookingUrl'): string | null => (typeof v[key] === 'string' && v[key] ? (v[key] as string) : null);
  const accent = text('accentColor');
  return {
    name: text('name').trim() || DEFAULT_STUDIO.name,
    logoUrl: textOrNull('logoUrl'),
    accentColor: /^#[0-9a-f]{6}$/i.test(accent) ? accent.toLowerCase() : DEFAULT_STUDIO.accentColor,
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    website: text('website'),
    currency: /^[A-Z]{3}$/.test(text('currency')) ? text('currency') : DEFAULT_STUDIO.currency,
    timeZone: text('timeZone'),
    locale: text('locale') || DEFAULT_STUDIO.locale,
    bookingUrl: textOrNull('bookingUrl'),
  };
}

/**
 * The studio the server put into the page (`#studio-data`), read synchronously; null when the page has
 * none (Vite's dev server, tests), the defaults' values for what is malformed in it.
 */
export function readInjectedStudio(doc: Document | undefined = globalThis.document): Studio | null {
  const element = doc?.getElementById('studio-data');
  if (!element) return null;
  try {
    return studioOf(JSON.parse(element.textContent ?? ''));
  } catch {
    return DEFAULT_STUDIO;
  }
}

/** GET /api/studio (public). */
export const fetchStudio = async (): Promise<Studio> => studioOf(await dataOf(http.GET('/api/studio')));

/** The studio, kept for the visit (the page brought it; the back office updates the cache when it changes it). */
export const studioQuery = queryOptions({
  queryKey: STUDIO_KEY,
  queryFn: fetchStudio,
  staleTime: Infinity,
  retry: false,
  refetchOnWindowFocus: false,
});

/** The page's own studio, read once: what the pages show while the query has nothing (its cache cleared at a sign-out). */
let injected: Studio | null | undefined;
const pageStudio = (): Studio => {
  if (injected === undefined) injected = readInjectedStudio();
  return injected ?? DEFAULT_STUDIO;
};

/**
 * The studio: what the cache holds (the page's own, put there by main.tsx before the first render, or
 * what the back office saved since), else the page's own, else the defaults. It never asks the server
 * itself: every page the server sends brings the studio (main.tsx asks only on a page without it, the
 * dev server's).
 */
export function useStudio(): Studio {
  const { data } = useQuery({ ...studioQuery, enabled: false });
  return data ?? pageStudio();
}
