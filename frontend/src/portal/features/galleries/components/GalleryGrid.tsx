import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Photo } from '../../../../shared/api/schema';

/** Columns by the grid's width: two on a phone, up to five on a wide screen. */
export function columnsFor(width: number): number {
  if (width < 560) return 2;
  if (width < 840) return 3;
  if (width < 1080) return 4;
  return 5;
}
const gapFor = (width: number) => (width < 560 ? 6 : 12);
/** Rows rendered beyond the visible ones, above and below. */
const OVERSCAN_ROWS = 2;

export interface GalleryGridProps {
  total: number;
  photoAt: (index: number) => Photo | undefined;
  /** the grid shows the photos from `first` to `last` (with its overscan): their pages are needed */
  onRangeChange: (first: number, last: number) => void;
  onOpen: (index: number) => void;
  onToggleFavorite: (photo: Photo) => void;
}

/**
 * The client's gallery as a grid of square thumbnails that stays smooth with thousands of photos: only
 * the rows on screen (and a couple around them) are in the page, the rest is empty height (TanStack
 * Virtual, against the window's scroll, so the page scrolls as any other).
 */
export function GalleryGrid({ total, photoAt, onRangeChange, onOpen, onToggleFavorite }: GalleryGridProps) {
  const listRef = useRef<HTMLDivElement>(null);
  // null until measured (before the first paint); 0 where there is no layout (a hidden grid, jsdom)
  const [width, setWidth] = useState<number | null>(null);
  const [offset, setOffset] = useState(0);

  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const measure = () => {
      setWidth(el.clientWidth);
      setOffset(el.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    // the grid's width follows the layout (a drawer, a scrollbar), not only the window
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  const columns = columnsFor(width || 360);
  const gap = gapFor(width || 360);
  const tile = width ? (width - gap * (columns - 1)) / columns : 160;
  const rows = Math.ceil(total / columns);

  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => tile + gap,
    overscan: OVERSCAN_ROWS,
    scrollMargin: offset,
    // the window's size is known at once: the first render already has the rows on screen, rather than
    // none until the virtualizer has measured the window
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });
  // a new width changes every row's height
  useEffect(() => virtualizer.measure(), [virtualizer, tile, gap]);

  // No tile before the grid's width is known (measured before the first paint): the first screen of
  // tiles renders once, at its size, instead of once at a guessed size and again (decision 0034).
  const items = width === null ? [] : virtualizer.getVirtualItems();
  const firstRow = items[0]?.index ?? 0;
  const lastRow = items[items.length - 1]?.index ?? 0;
  const first = firstRow * columns;
  const last = Math.min(total - 1, (lastRow + 1) * columns - 1);
  useEffect(() => onRangeChange(first, last), [first, last, onRangeChange]);

  return (
    <Box ref={listRef} role="list" aria-label="Photos" sx={{ position: 'relative', width: '100%', height: virtualizer.getTotalSize() }}>
      {items.map((row) => (
        <Box
          key={row.key}
          sx={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            display: 'grid',
            gridTemplateColumns: `repeat(${columns}, 1fr)`,
            gap: `${gap}px`,
          }}
          style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`, height: tile }}
        >
          {Array.from({ length: columns }, (_, c) => {
            const index = row.index * columns + c;
            if (index >= total) return null;
            return (
              <PhotoTile
                key={index}
                index={index}
                total={total}
                photo={photoAt(index)}
                eager={row.index < 2}
                onOpen={onOpen}
                onToggleFavorite={onToggleFavorite}
              />
            );
          })}
        </Box>
      ))}
    </Box>
  );
}

interface PhotoTileProps {
  index: number;
  total: number;
  photo: Photo | undefined;
  /** in the first screen: fetched at once rather than when the browser sees it */
  eager: boolean;
  onOpen: (index: number) => void;
  onToggleFavorite: (photo: Photo) => void;
}

const PhotoTile = memo(function PhotoTile({ index, total, photo, eager, onOpen, onToggleFavorite }: PhotoTileProps) {
  return (
    <Box
      role="listitem"
      aria-setsize={total}
      aria-posinset={index + 1}
      sx={{ position: 'relative', borderRadius: 1.5, overflow: 'hidden', bgcolor: '#e2e8f0', aspectRatio: '1 / 1' }}
    >
      {photo && (
        <>
          <Box
            component="button"
            type="button"
            onClick={() => onOpen(index)}
            aria-label={`Open ${photo.filename}`}
            sx={{
              all: 'unset',
              display: 'block',
              width: '100%',
              height: '100%',
              cursor: 'zoom-in',
              '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -3 },
            }}
          >
            {photo.thumbnailUrl && (
              <Box
                component="img"
                src={photo.thumbnailUrl}
                alt={photo.filename}
                loading={eager ? 'eager' : 'lazy'}
                fetchPriority={eager ? 'high' : 'auto'}
                decoding="async"
                width={photo.width ?? undefined}
                height={photo.height ?? undefined}
                sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
              />
            )}
          </Box>
          <IconButton
            size="small"
            aria-label={photo.favorite ? `Remove ${photo.filename} from favorites` : `Add ${photo.filename} to favorites`}
            aria-pressed={photo.favorite}
            onClick={() => onToggleFavorite(photo)}
            sx={{
              position: 'absolute',
              right: 4,
              bottom: 4,
              color: photo.favorite ? '#f43f5e' : '#fff',
              bgcolor: 'rgba(15, 23, 42, 0.45)',
              '&:hover': { bgcolor: 'rgba(15, 23, 42, 0.65)' },
            }}
          >
            {photo.favorite ? <Favorite fontSize="small" /> : <FavoriteBorder fontSize="small" />}
          </IconButton>
        </>
      )}
    </Box>
  );
});
