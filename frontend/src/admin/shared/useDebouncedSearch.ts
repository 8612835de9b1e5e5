import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * A search box sent to the server once typing pauses: `searchText` is what the box shows, `q` the
 * trimmed search applied to the list. `onApplied` runs when a new search is applied (e.g. back to
 * the first page); `clear` empties both at once.
 */
export function useDebouncedSearch(delayMs: number, onApplied: () => void) {
  const [searchText, setSearchText] = useState('');
  const [q, setQ] = useState('');
  // the latest onApplied, for the timer and clear (a ref is written after rendering, not during it)
  const applied = useRef(onApplied);
  useLayoutEffect(() => {
    applied.current = onApplied;
  });

  useEffect(() => {
    const next = searchText.trim();
    if (next === q) return;
    const timer = setTimeout(() => {
      setQ(next);
      applied.current();
    }, delayMs);
    return () => clearTimeout(timer);
  }, [searchText, q, delayMs]);

  const clear = () => {
    setSearchText('');
    setQ('');
    applied.current();
  };
  return { searchText, setSearchText, q, clear };
}
