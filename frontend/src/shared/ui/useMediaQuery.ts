import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, following changes: what MUI's useMediaQuery gives with
 * `noSsr: true`, in a few lines (its module is ~0.8 kB gzipped in the signed-in pages' first load,
 * decision 0014). Takes a theme breakpoint (`theme.breakpoints.up('md')`) or a bare query; false
 * where the browser has no matchMedia, as MUI's.
 */
export function useMediaQuery(query: string): boolean {
  const media = query.replace(/^@media( ?)/m, '');
  const supported = typeof window !== 'undefined' && typeof window.matchMedia === 'function';
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!supported) return () => undefined;
      const list = window.matchMedia(media);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [media, supported],
  );
  return useSyncExternalStore(
    subscribe,
    () => supported && window.matchMedia(media).matches,
    () => false,
  );
}
